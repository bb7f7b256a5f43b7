package dev.wirespeed.cli;

import dev.wirespeed.explain.CommandFacts;
import dev.wirespeed.inspect.Inspection;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.store.HostSummaries;
import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.Item;
import dev.wirespeed.store.KeptResults;
import dev.wirespeed.store.Peer;
import dev.wirespeed.store.ResultStatus;
import dev.wirespeed.store.ResultsSink;
import dev.wirespeed.store.RunInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;

/** The one place commands hand finished results to the store (bw, lat, check, explain --save). */
final class Saving {
    private Saving() {}

    /**
     * Saves the measurements of one command with its raw output, and says so on {@code out}
     * unless {@code quiet} (JSON output stays pure JSON).
     *
     * @param host null when the results come from elsewhere (explain)
     */
    static List<Long> save(CommandSpec spec, List<String> labels, ResultsSink sink, String kind,
                           List<Measurement> measurements, String rawFormat, String raw, HostSummary host,
                           boolean quiet) throws IOException {
        return save(spec, labels, sink, kind, measurements, rawFormat, raw, host, quiet, BwResult.Outcome.OK);
    }

    /**
     * As above, for a test that ended with {@code outcome}: an interrupted test is saved as
     * interrupted, a failed one as failed with its message, so compare and report leave them out.
     */
    static List<Long> save(CommandSpec spec, List<String> labels, ResultsSink sink, String kind,
                           List<Measurement> measurements, String rawFormat, String raw, HostSummary host,
                           boolean quiet, BwResult.Outcome outcome) throws IOException {
        return save(spec, labels, sink, kind, measurements, rawFormat, raw, host, quiet, outcome, null);
    }

    /** As above, measured against {@code peer} (null: none, or nothing known of it). */
    static List<Long> save(CommandSpec spec, List<String> labels, ResultsSink sink, String kind,
                           List<Measurement> measurements, String rawFormat, String raw, HostSummary host,
                           boolean quiet, BwResult.Outcome outcome, Peer peer) throws IOException {
        if (sink.describe() == null || measurements.isEmpty()) {
            return List.of();
        }
        ResultStatus status = outcome == null ? ResultStatus.DONE : ResultStatus.ofOutcome(outcome.status());
        String reason = status.done() ? null : outcome.message() != null ? outcome.message() : outcome.status().label();
        List<Item> items = measurements.stream()
                .map(m -> new Item(m, labels, null, rawFormat, raw).withStatus(status, reason).withPeer(peer)).toList();
        List<Long> ids = saveItems(spec, sink, kind, items, host);
        if (!quiet) {
            PrintWriter out = spec.commandLine().getOut();
            out.println("saved: " + (ids.size() == 1 ? "result " : "results ")
                    + ids.stream().map(String::valueOf).collect(Collectors.joining(", ")) + " in " + sink.describe()
                    + (status.done() ? "" : " (status " + status + ")"));
            out.flush();
        }
        return ids;
    }

    /**
     * Saves results read from pasted output (explain --save), each as done, or as failed with its reason
     * where {@code failures} holds one (a run with no server, an empty receiver): never as a rate.
     */
    static List<Long> saveParsed(CommandSpec spec, List<String> labels, ResultsSink sink, String kind,
                                 List<Measurement> measurements, List<String> failures, String rawFormat, String raw,
                                 boolean quiet) throws IOException {
        if (sink.describe() == null || measurements.isEmpty()) {
            return List.of();
        }
        List<Item> items = new ArrayList<>();
        for (int k = 0; k < measurements.size(); k++) {
            String reason = failures.get(k);
            Item item = new Item(measurements.get(k), labels, null, rawFormat, raw);
            items.add(reason == null ? item : item.withStatus(ResultStatus.FAILED, reason));
        }
        List<Long> ids = saveItems(spec, sink, kind, items, null);
        if (!quiet) {
            long failedCount = failures.stream().filter(Objects::nonNull).count();
            PrintWriter out = spec.commandLine().getOut();
            out.println("saved: " + (ids.size() == 1 ? "result " : "results ")
                    + ids.stream().map(String::valueOf).collect(Collectors.joining(", ")) + " in " + sink.describe()
                    + (failedCount == 0 ? "" : " (" + failedCount + " with status failed)"));
            out.flush();
        }
        return ids;
    }

    /**
     * Saves items that each carry their own raw output as one run (mesh: the whole mesh once,
     * each pair with its own part); prints nothing. Empty when not saving.
     */
    static List<Long> saveItems(CommandSpec spec, ResultsSink sink, String kind, List<Item> items, HostSummary host)
            throws IOException {
        if (sink.describe() == null || items.isEmpty()) {
            return List.of();
        }
        return KeptResults.save(sink, RunInfo.of(kind, commandLine(spec), host), items);
    }

    /**
     * The server a wirespeed test (or {@code bw --iperf3}) ran against, from the result's own
     * record of it; {@code ownServer}: the server was this test's alone (an in-process loopback
     * server), so it ran nothing else at the same time.
     */
    static Peer peer(BwResult.Peer server, boolean ownServer) {
        return peer(server, ownServer, null);
    }

    /**
     * As {@link #peer(BwResult.Peer, boolean)}, with the server's own word when it gave one
     * ({@code sharedWithTests}, issue 29): more than 0 other tests at once is shared, 0 is not.
     */
    static Peer peer(BwResult.Peer server, boolean ownServer, Integer sharedWithTests) {
        if (server == null) {
            return null;
        }
        String shared = sharedWithTests != null ? (sharedWithTests > 0 ? Peer.SHARED_YES : Peer.SHARED_NO)
                : ownServer ? Peer.SHARED_NO : Peer.SHARED_UNKNOWN;
        return Peer.ofSoftware(server.address() != null ? server.address() : server.host(), server.port(),
                server.software(), shared);
    }

    /** This host, for results measured here: its sysfs facts, summarized by the store. */
    static HostSummary thisHost() {
        return HostSummaries.thisHost(
                () -> Inspection.read(Path.of("/"), null, new CommandFacts()));
    }

    /** "wirespeed bw --loopback -t 2", arguments with blanks or quotes quoted. */
    static String commandLine(CommandSpec spec) {
        var parsed = spec.root().commandLine().getParseResult();
        List<String> args = parsed == null ? List.of() : parsed.originalArgs();
        StringBuilder b = new StringBuilder("wirespeed");
        for (String a : args) {
            b.append(' ').append(a.isEmpty() || a.matches(".*[\\s'\"$`\\\\].*") ? "'" + a.replace("'", "'\\''") + "'" : a);
        }
        return b.toString();
    }
}
