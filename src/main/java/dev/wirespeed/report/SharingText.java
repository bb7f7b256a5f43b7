package dev.wirespeed.report;

/**
 * The line a result prints when its server ran other tests beside it (issue 29: "a result that
 * shared the server says so"): one wording for TCP, UDP, latency and check, so each reads the same.
 */
public final class SharingText {
    private SharingText() {}

    /** What sharing the server did to a bandwidth figure. */
    public static final String RATES = "these rates are this test's share";
    /** What sharing the server did to a latency figure: the other tests' traffic queued beside the pings. */
    public static final String LATENCY = "their traffic may have queued beside the pings";

    /**
     * "shared: the server ran 1 other test at once beside this one; WHAT (server --exclusive runs one
     * at a time)", or null when the server ran this test alone or did not say.
     *
     * @param others the server's word ({@code serverSharedWithTests}); null: it did not say
     */
    public static String line(Integer others, String what) {
        if (others == null || others <= 0) {
            return null;
        }
        return "shared: the server ran " + others + " other test" + (others == 1 ? "" : "s")
                + " at once beside this one; " + what + " (server --exclusive runs one at a time)";
    }
}
