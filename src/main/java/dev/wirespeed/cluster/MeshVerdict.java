package dev.wirespeed.cluster;

import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The verdict lines of a mesh: hosts that could not be tested, suspects, slow links, differences. */
final class MeshVerdict {
    /** More single slow links than this are summarised. */
    static final int MAX_LINK_LINES = 10;

    private MeshVerdict() {}

    static List<String> lines(MeshResult r) {
        List<String> out = new ArrayList<>();
        List<MeshResult.Host> missing = r.hosts().stream().filter(h -> !h.ok()).toList();
        for (MeshResult.Host h : missing) {
            if (h.status() == HostStatus.LOST) {
                long notMeasured = r.pairs().stream()
                        .filter(p -> !p.ok() && (p.client().equals(h.label()) || p.server().equals(h.label()))).count();
                out.add(String.format(Locale.ROOT, "lost: %s%s (%s); %d of its pairs not measured", h.label(),
                        h.lostInRound() == null ? " before the first round" : " in round " + (h.lostInRound() + 1),
                        h.message(), notMeasured));
            } else {
                out.add(h.status() + ": " + h.label() + " (" + h.message() + ")");
            }
        }
        long failed = r.pairs().stream().filter(p -> p.status() == PairStatus.FAILED).count();
        long measured = r.pairs().stream().filter(PairResult::ok).count();
        Outliers.Result a = r.analysis();
        String ref = a.medianBitsPerSecond() == null ? "" : ", median " + Rate.format(a.medianBitsPerSecond());
        long retried = r.pairs().stream().filter(p -> p.round() >= r.params().rounds()).count();
        out.add(String.format(Locale.ROOT, "measured: %d of %d pairs%s%s%s", measured, r.params().pairs(), ref,
                failed > 0 ? "; " + failed + " failed" : "", retried > 0 ? "; " + retried + " retried" : ""));
        if (r.incast() != null && r.incast().totalBitsPerSecond() != null) {
            Incast in = r.incast();
            out.add(String.format(Locale.ROOT, "incast: %s senders into %s, %s in total, Jain's index %.3f",
                    in.measured() == in.senders() ? Integer.toString(in.senders()) : in.measured() + " of " + in.senders(),
                    in.receiver(), Rate.format(in.totalBitsPerSecond()), in.jainIndex()));
        }
        for (Outliers.Suspect s : a.suspects()) {
            out.add(String.format(Locale.ROOT,
                    "suspect: %s — %s of its pairs are slow, %s (%s %% of the median); check its NIC, cable, "
                            + "switch port and settings",
                    s.host(), s.pairs() == 2 ? "both" : "all " + s.pairs(),
                    MeshText.range(s.minBitsPerSecond(), s.maxBitsPerSecond()), Num.trim(s.percentOfMedian())));
            evidence(s.evidence(), out);
        }
        List<Outliers.Outlier> links = a.outliers().stream().filter(o -> o.explainedBy() == null).toList();
        for (int i = 0; i < Math.min(links.size(), MAX_LINK_LINES); i++) {
            Outliers.Outlier o = links.get(i);
            String ceiling = o.ceilingBitsPerSecond() == null ? ""
                    : String.format(Locale.ROOT, ", %s %% of its ceiling %s",
                            Num.trim(Math.round(1000 * o.bitsPerSecond() / o.ceilingBitsPerSecond()) / 10.0),
                            Rate.format(o.ceilingBitsPerSecond()));
            out.add(String.format(Locale.ROOT, "slow link: %s → %s %s (%s %% of the median%s)", o.from(), o.to(),
                    Rate.format(o.bitsPerSecond()), Num.trim(o.percentOfMedian()), ceiling));
            evidence(o.evidence(), out);
        }
        if (links.size() > MAX_LINK_LINES) {
            out.add("slow link: … and " + (links.size() - MAX_LINK_LINES) + " more (see --json or the HTML report)");
        }
        unconfirmed(a, out);
        if (a.commonCause() != null) {
            out.add("all slow: " + a.commonCause());
        }
        r.consistency().differences().forEach(d -> out.add(d.summary()));
        r.consistency().doctor().forEach(d -> out.add(d.summary()));
        out.add(summary(r, missing.size(), links.size()));
        return out;
    }

    /** The re-test behind a named suspect or link, on a line of its own under it. */
    private static void evidence(Outliers.Evidence e, List<String> out) {
        if (e != null) {
            out.add("  " + e.status().label() + ": " + e.pair() + " " + e.reason());
        }
    }

    /**
     * Slow once in the mesh, not named (issue 26): one line per host whose pairs were all slow, and
     * per link, with what its re-test showed.
     */
    private static void unconfirmed(Outliers.Result a, List<String> out) {
        if (a.unconfirmed() == null) {
            return;
        }
        Set<String> hostsSaid = new HashSet<>();
        int lines = 0;
        for (Outliers.Outlier o : a.unconfirmed()) {
            Outliers.Evidence e = o.evidence();
            String status = e == null ? Outliers.Status.NOT_ENOUGH_EVIDENCE.label() : e.status().label();
            String why = e == null ? "one sample" : e.reason();
            if (o.explainedBy() != null) {
                if (hostsSaid.add(o.explainedBy())) {
                    out.add(String.format(Locale.ROOT, "%s: %s as a suspect — its pairs were slow in the mesh; %s %s",
                            status, o.explainedBy(), e == null || e.pair() == null ? "" : e.pair(), why));
                }
                continue;
            }
            if (lines++ < MAX_LINK_LINES) {
                out.add(String.format(Locale.ROOT, "%s: %s → %s %s (%s %% of the median) in the mesh; %s", status,
                        o.from(), o.to(), Rate.format(o.bitsPerSecond()), Num.trim(o.percentOfMedian()), why));
            }
        }
        if (lines > MAX_LINK_LINES) {
            out.add("not named: … and " + (lines - MAX_LINK_LINES) + " more (see --json)");
        }
    }

    private static String summary(MeshResult r, int missing, int links) {
        if (r.outcome().status() == OutcomeStatus.FAILED) {
            return "verdict: no mesh — " + r.outcome().message();
        }
        List<String> problems = new ArrayList<>();
        Outliers.Result a = r.analysis();
        // a failed pair is a problem even when no measured pair is left to judge (skipped pairs
        // belong to a lost host, counted below)
        count(problems, (int) r.pairs().stream().filter(p -> p.status() == PairStatus.FAILED).count(),
                "failed pair", "failed pairs");
        count(problems, a.suspects().size(), "suspect host", "suspect hosts");
        count(problems, links, "slow link", "slow links");
        if (a.commonCause() != null) {
            problems.add("every host below its ceiling");
        }
        count(problems, r.consistency().differences().size(), "difference between hosts", "differences between hosts");
        count(problems, r.consistency().doctor().size(), "doctor finding", "doctor findings");
        count(problems, missing, "host not tested", "hosts not tested");
        String prefix = r.outcome().status() == OutcomeStatus.INTERRUPTED ? "verdict (partial, " + r.outcome().message() + "): "
                : "verdict: ";
        if (problems.isEmpty() && r.incast() != null) {
            return prefix + "OK — every sender measured; their shares are above";
        }
        if (problems.isEmpty()) {
            long measured = r.pairs().stream().filter(PairResult::ok).count();
            String notNamed = a.unconfirmed() == null || a.unconfirmed().isEmpty() ? ""
                    : " (" + Confirmation.unconfirmedSummary(a.unconfirmed()) + ")";
            if (measured < Outliers.MIN_PAIRS_FOR_MEDIAN) {
                return prefix + String.format(Locale.ROOT, "OK — %d %s, too few to compare with each other (%d needed); "
                        + "none %sbelow a known ceiling%s", measured, measured == 1 ? "pair" : "pairs",
                        Outliers.MIN_PAIRS_FOR_MEDIAN, notNamed.isEmpty() ? "" : "shown to be ", notNamed);
            }
            if (!notNamed.isEmpty()) {
                return prefix + "OK — no pair shown to be slow" + notNamed;
            }
            return prefix + String.format(Locale.ROOT, "OK — every pair within %s %% of the median",
                    Num.trim(r.params().expectPercent()));
        }
        return prefix + String.join(", ", problems);
    }

    private static void count(List<String> out, int n, String one, String many) {
        if (n > 0) {
            out.add(n + " " + (n == 1 ? one : many));
        }
    }

    /** Whether the verdict holds findings (exit 3) or none (exit 0). */
    static boolean hasFindings(MeshResult r) {
        return r.hosts().stream().anyMatch(h -> !h.ok())
                || r.pairs().stream().anyMatch(p -> p.status() == PairStatus.FAILED || p.status() == PairStatus.SKIPPED)
                || !r.analysis().outliers().isEmpty() || r.analysis().commonCause() != null
                || !r.consistency().differences().isEmpty() || !r.consistency().doctor().isEmpty();
    }
}
