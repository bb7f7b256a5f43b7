package dev.wirespeed.cluster;

import dev.wirespeed.guard.Printable;
import dev.wirespeed.host.Counters;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Rate;
import java.io.PrintWriter;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Human output of a mesh. Progress lines print as the mesh runs; the final tables and verdict come
 * from the same {@link MeshResult} that {@code --json} prints.
 */
public final class MeshText implements MeshListener {
    /** Larger meshes print no matrix: it would not fit a terminal (it is in --json and --html). */
    static final int MAX_MATRIX_HOSTS = 16;
    static final int MAX_LABEL = 20;

    private final PrintWriter out;

    /** @param out where progress goes: stdout for text, stderr when stdout carries JSON */
    public MeshText(PrintWriter out) {
        this.out = Printable.terminal(out);  // host names, software and errors are the agents' words
    }

    @Override
    public void planned(MeshResult.Params p, int hosts, int widestRound) {
        out.printf(Locale.ROOT, "mesh: %d hosts, %s: %d %s in %d %s%s; %s per test%s → about %s%n", hosts, p.pattern(),
                p.pairs(), p.pairs() == 1 ? "pair" : "pairs", p.rounds(), p.rounds() == 1 ? "round" : "rounds",
                widestRound > 1 ? " of up to " + widestRound + " at once" : "", Num.seconds(p.seconds()),
                p.omitSeconds() > 0 ? " (+" + Num.seconds(p.omitSeconds()) + " warm-up)" : "", duration(p.estimatedSeconds()));
        out.flush();
    }

    @Override
    public void connected(List<MeshResult.Host> hosts, double elapsedSeconds) {
        long ok = hosts.stream().filter(MeshResult.Host::ok).count();
        out.printf(Locale.ROOT, "agents: %d of %d ready (%s)%n", ok, hosts.size(), duration(elapsedSeconds));
        for (MeshResult.Host h : hosts) {
            if (!h.ok()) {
                out.printf(Locale.ROOT, "  %s %s: %s%n", h.label(), h.status(), h.message());
            } else if (h.message() != null) {
                out.printf(Locale.ROOT, "  %s: %s%n", h.label(), h.message());
            }
        }
        out.flush();
    }

    @Override
    public void roundDone(Round round, int roundsTotal, List<PairResult> pairs, double elapsedSeconds) {
        progress("round " + (round.index() + 1) + "/" + roundsTotal, pairs, elapsedSeconds);
    }

    @Override
    public void retryDone(int retry, int retries, List<PairResult> pairs, double elapsedSeconds) {
        progress("retry " + (retry + 1) + "/" + retries, pairs, elapsedSeconds);
    }

    @Override
    public void retestsPlanned(int count, int slow, double estimatedSeconds) {
        out.printf(Locale.ROOT, "re-testing %d slow %s beside a control pair before naming %s%s → about %s more%n", count,
                count == 1 ? "pair" : "pairs", count == 1 ? "it" : "them",
                slow > count ? " (" + (slow - count) + " more not re-tested)" : "", duration(estimatedSeconds));
        out.flush();
    }

    @Override
    public void retestDone(int retest, int retests, PairResult pair, PairResult control, double elapsedSeconds) {
        out.printf(Locale.ROOT, "re-test %d/%d: %s%s (%s)%n", retest + 1, retests, retestRate(pair),
                control == null ? "" : ", control " + retestRate(control), duration(elapsedSeconds));
        out.flush();
    }

    private static String retestRate(PairResult p) {
        if (!p.ok() || p.flows().isEmpty()) {
            return p.client() + " – " + p.server() + " " + p.status() + ": " + p.message();
        }
        PairResult.Flow f = p.flows().getFirst();
        return f.from() + " → " + f.to() + " " + Rate.format(f.bitsPerSecond());
    }

    private void progress(String what, List<PairResult> pairs, double elapsedSeconds) {
        double[] rates = pairs.stream().filter(PairResult::ok).flatMap(p -> p.flows().stream())
                .mapToDouble(PairResult.Flow::bitsPerSecond).sorted().toArray();
        long ok = pairs.stream().filter(PairResult::ok).count();
        StringBuilder b = new StringBuilder(what).append(": ");
        b.append(ok == pairs.size() ? ok + (ok == 1 ? " pair" : " pairs") : ok + " of " + pairs.size() + " pairs");
        if (rates.length > 0) {
            b.append(", ").append(range(rates[0], rates[rates.length - 1]));
        }
        b.append(" (").append(duration(elapsedSeconds)).append(')');
        out.println(b);
        for (PairResult p : pairs) {
            if (!p.ok()) {
                out.printf(Locale.ROOT, "  %s – %s %s: %s%n", p.client(), p.server(), p.status(), p.message());
            }
        }
        out.flush();
    }

    /** Hosts, the matrix (small meshes), and the verdict. */
    public void summary(MeshResult r) {
        out.println();
        hosts(r);
        if (r.incast() != null) {
            out.println();
            incast(r.incast());
        } else if (r.hosts().size() <= MAX_MATRIX_HOSTS) {
            out.println();
            matrix(r);
        } else {
            out.printf(Locale.ROOT, "%nmatrix: %d × %d, in --json and the HTML report (--html)%n", r.hosts().size(),
                    r.hosts().size());
        }
        counterNotes(r);
        sharing(r);
        out.println();
        r.verdict().forEach(out::println);
        out.flush();
    }

    /**
     * The pairs whose receiver ran another test at once (issue 29), each with the count its server
     * gave. When the pattern itself sends several pairs of one round to one receiver, that is the
     * design, and said plainly; otherwise a round gives each host one pair (and an agent serves one
     * test at a time), so the other test came from outside this mesh.
     */
    private void sharing(MeshResult r) {
        if (r.incast() != null) {
            return; // the incast section says once that every sender shares the receiver on purpose
        }
        List<PairResult> shared = r.pairs().stream().filter(PairResult::shared).toList();
        if (shared.isEmpty()) {
            return;
        }
        out.println();
        out.println(sharedByDesign(r.pairs())
                ? "shared receivers, by design: this " + r.params().pattern() + " mesh runs several pairs into one"
                        + " receiver at once, so each of these pairs' rates is its share of that receiver:"
                : "shared receivers: the receiver ran another test at once beside these pairs (not one of this"
                        + " mesh's: a round gives each host one pair), so their rates are their share:");
        for (PairResult p : shared) {
            int others = p.serverSharedWithTests();
            out.println("  " + p.client() + " → " + p.server() + ": beside " + others + " other test"
                    + (others == 1 ? "" : "s") + " at once");
        }
    }

    /** True when some round of the mesh ran two pairs into one receiver: sharing is then the pattern's own. */
    static boolean sharedByDesign(List<PairResult> pairs) {
        Set<List<Object>> seen = new HashSet<>();
        for (PairResult p : pairs) {
            if (!seen.add(List.of(p.round(), p.server()))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The incast block (issue 29): the receiver's total, each sender's share, Jain's index and the
     * receiver's counters during the burst. Every sender shares the receiver by design, so the shares
     * are not called slow and the sharing is stated once, not warned about per pair.
     */
    private void incast(Incast in) {
        out.printf(Locale.ROOT, "incast into %s: %d %s at once%s%n", in.receiver(), in.senders(),
                in.senders() == 1 ? "sender" : "senders",
                in.measured() == in.senders() ? "" : ", " + in.measured() + " measured");
        out.printf(Locale.ROOT, "  total      %s%s%n", in.totalBitsPerSecond() == null ? "-" : Rate.format(in.totalBitsPerSecond()),
                in.totalBytes() == null ? "" : " (" + ByteSize.format(in.totalBytes()) + ")");
        int w = Math.max(6, in.shares().stream().mapToInt(sh -> label(sh.sender()).length()).max().orElse(6));
        for (Incast.Share sh : in.shares()) {
            String rate = sh.bitsPerSecond() == null ? sh.status().label() : Rate.format(sh.bitsPerSecond());
            out.println(String.format(Locale.ROOT, "  %-" + w + "s  %14s  %s", label(sh.sender()), rate,
                    sh.fraction() == null ? "" : String.format(Locale.ROOT, "%5.1f %%", 100 * sh.fraction())).stripTrailing());
        }
        if (in.jainIndex() != null) {
            out.printf(Locale.ROOT, "  Jain's fairness index %.3f (1 = equal shares; %s = one sender took it all)%n",
                    in.jainIndex(), in.measured() <= 1 ? "1" : String.format(Locale.ROOT, "%.3f", 1.0 / in.measured()));
        }
        out.println("  every sender shares " + in.receiver() + " on purpose: each rate is its share of that port,"
                + " not a link judged against the others");
        String where = in.receiver() + (in.receiverInterface() == null ? "" : " " + in.receiverInterface());
        if (in.receiverCounters() == null) {
            out.println("  receiver counters: not read");
        } else if (in.receiverCounters().stream().allMatch(c -> c.values().isEmpty())) {
            out.println("  receiver " + where + " during the burst: no drops, discards, errors or pauses");
        } else {
            StringBuilder b = new StringBuilder("  receiver " + where + " during the burst:");
            for (Counters c : in.receiverCounters()) {
                String prefix = c.subject().equals(in.receiverInterface()) ? "" : c.subject() + " ";
                c.values().forEach((name, v) -> b.append(' ').append(prefix).append(name).append(" +").append(v.value())
                        .append(','));
            }
            b.setLength(b.length() - 1);
            out.println(b);
        }
    }

    /** Each pair whose counters moved in a way that matters: its worst note (drops, errors, pauses, retransmits). */
    private void counterNotes(MeshResult r) {
        boolean first = true;
        for (PairResult p : r.pairs()) {
            var note = p.counters() == null ? null : p.counters().headline();
            if (note == null) {
                continue;
            }
            if (first) {
                out.println();
                out.println("counters during the tests:");
                first = false;
            }
            out.println("  " + p.client() + " → " + p.server() + ": " + note.message()
                    + (note.fix() == null ? "" : "; " + note.fix()));
        }
    }

    private void hosts(MeshResult r) {
        int status = r.hosts().stream().mapToInt(h -> h.status().label().length()).max().orElse(6);
        String fmt = "%-" + width(r) + "s  %-" + Math.max(6, status) + "s  %-15s  %-12s  %5s  %-10s  %12s  %-12s  %s%n";
        out.printf(Locale.ROOT, fmt, "host", "status", "address", "interface", "MTU", "link", "rate", "governor", "doctor");
        for (MeshResult.Host h : r.hosts()) {
            NodeFacts f = h.facts();
            out.printf(Locale.ROOT, fmt, label(h.label()), h.status(),
                    f == null || f.address() == null ? "-" : f.address(),
                    f == null || f.interfaceName() == null ? "-" : f.interfaceName(),
                    f == null || f.mtuBytes() == null ? "-" : f.mtuBytes().toString(),
                    f == null || f.linkLayer() == null ? "-" : f.linkLayer(),
                    f == null || f.portRateBitsPerSecond() == null ? "-" : Rate.format(f.portRateBitsPerSecond()),
                    f == null || f.governor() == null ? "-" : f.governor(),
                    f == null ? "-" : f.findings().isEmpty() ? "ok" : f.findings().size() + " findings");
        }
    }

    /** Rates in one unit chosen from the median; '*' marks an outlier; a mirrored cell (one-way mesh) in brackets. */
    private void matrix(MeshResult r) {
        List<String> hosts = r.matrix().hosts();
        Double median = r.analysis().medianBitsPerSecond();
        double unit = Num.matrixUnit(median);
        String unitName = Num.matrixUnitName(unit);
        Set<String> slow = new HashSet<>();
        r.analysis().outliers().forEach(o -> slow.add(o.from() + "\0" + o.to()));
        int w = width(r);
        int cell = Math.max(8, Math.min(w, MAX_LABEL) + 1);
        out.printf(Locale.ROOT, "%s, row sends to column (* below %s %% of the median; (x) only the other way measured):%n",
                unitName, Num.trim(r.params().expectPercent()));
        StringBuilder head = new StringBuilder(" ".repeat(w));
        for (String h : hosts) {
            head.append(String.format(Locale.ROOT, "%" + cell + "s", label(h)));
        }
        out.println(head);
        List<List<Double>> m = r.matrix().bitsPerSecond();
        for (int i = 0; i < hosts.size(); i++) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-" + w + "s", label(hosts.get(i))));
            for (int j = 0; j < hosts.size(); j++) {
                String text;
                if (i == j) {
                    text = "—";
                } else if (m.get(i).get(j) != null) {
                    text = (slow.contains(hosts.get(i) + "\0" + hosts.get(j)) ? "*" : "") + Num.matrixValue(m.get(i).get(j) / unit);
                } else if (m.get(j).get(i) != null) {
                    text = "(" + Num.matrixValue(m.get(j).get(i) / unit) + ")";
                } else {
                    text = "·";
                }
                row.append(String.format(Locale.ROOT, "%" + cell + "s", text));
            }
            out.println(row);
        }
    }


    private static int width(MeshResult r) {
        return Math.max(4, r.hosts().stream().mapToInt(h -> label(h.label()).length()).max().orElse(4));
    }

    /** Long labels keep their start and end: hosts of one cluster differ at the end ("…node117", "…:5402"). */
    static String label(String s) {
        if (s.length() <= MAX_LABEL) {
            return s;
        }
        int tail = MAX_LABEL / 2;
        return s.substring(0, MAX_LABEL - tail - 1) + "…" + s.substring(s.length() - tail);
    }

    /** "2.65–3.24 Gbit/s", "943 Mbit/s – 1.02 Gbit/s", or one rate. */
    static String range(double low, double high) {
        String a = Rate.format(low);
        String b = Rate.format(high);
        if (a.equals(b)) {
            return a;
        }
        String unitA = a.substring(a.indexOf(' '));
        return unitA.equals(b.substring(b.indexOf(' '))) ? a.substring(0, a.indexOf(' ')) + "–" + b : a + " – " + b;
    }

    static String duration(double seconds) {
        if (seconds < 90) {
            return Num.seconds(seconds);
        }
        long s = Math.round(seconds);
        return s < 3600 ? String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60)
                : String.format(Locale.ROOT, "%d h %02d min", s / 3600, (s % 3600) / 60);
    }
}
