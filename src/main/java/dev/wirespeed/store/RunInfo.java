package dev.wirespeed.store;

/**
 * One invocation that produced results: a bw/lat/check command, an explain --save, or a campaign.
 *
 * @param kind        "bw", "lat", "check", "explain", "campaign"
 * @param commandLine the wirespeed command line as typed
 * @param host        the host it ran on (for explain: null, the output came from elsewhere)
 * @param plan        the campaign's plan, null for other kinds
 */
public record RunInfo(String kind, String commandLine, HostSummary host, Plan plan) {

    /** A campaign's plan: its name, the SHA-256 of its text (resume refuses a changed plan), the text. */
    public record Plan(String name, String sha256, String text, int totalPoints) {}

    public static RunInfo of(String kind, String commandLine, HostSummary host) {
        return new RunInfo(kind, commandLine, host, null);
    }
}
