package dev.wirespeed.report;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.explain.Explanation;
import dev.wirespeed.guard.Printable;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Piece;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import dev.wirespeed.parse.iperf.IperfInterval;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Rate;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text form of {@link Explanation}: a summary line, then each piece (command, format, key
 * values in a compact table, results, skipped lines, findings whose evidence lies in it), then
 * the findings about the log as a whole.
 */
public final class ExplainText {
    /** Rows shown per table; the rest are counted (--json has them all). */
    static final int MAX_ROWS = 24;
    private static final int MAX_CELL = 64;
    private static final Pattern LINE_REF = Pattern.compile("(?:.*, )?(?:(.+) )?line (\\d+)");

    private final PrintWriter out;

    public ExplainText(PrintWriter out) {
        this.out = out;
    }

    /** The explanation being printed, and the index of the next block measurement in its measurements. */
    private Explanation current;
    private int nextMeasurement;

    public void print(Explanation e) {
        current = e;
        nextMeasurement = 0;
        Explanation.Summary s = e.summary();
        List<String> formats = new ArrayList<>();
        s.formats().forEach((f, n) -> formats.add(n == 1 ? f : f + " ×" + n));
        out.printf(Locale.ROOT, "explain: %s — %d %s, %d recognized%s%n", String.join(", ", e.inputs()), s.pieces(),
                s.pieces() == 1 ? "piece" : "pieces", s.recognized(), formats.isEmpty() ? "" : ": " + String.join(", ", formats));
        List<Finding> unplaced = new LinkedList<>(e.findings());
        // each finding's anchor once, each piece's results once: a large paste has thousands of both
        Map<Finding, Anchor> anchors = new IdentityHashMap<>();
        int silent = 0;
        int prose = 0;
        for (Piece p : e.pieces()) {
            if (!p.recognized() && p.unrecognized() == null) {
                silent++;
                continue;
            }
            if (!p.recognized() && p.command() == null) {
                prose += p.unrecognized().lines();
                continue;
            }
            out.println();
            piece(p, e.inputs().size() > 1);
            if (unplaced.isEmpty()) {
                continue;
            }
            Results results = new Results(p);
            for (Iterator<Finding> it = unplaced.iterator(); it.hasNext(); ) {
                Finding f = it.next();
                if (belongs(anchors.computeIfAbsent(f, ExplainText::anchor), p, results, e.inputs().size())) {
                    finding(f, "    ");
                    it.remove();
                }
            }
        }
        if (silent > 0 || prose > 0) {
            out.println();
            out.printf(Locale.ROOT, "not shown: %d commands without output, %d lines of other text%n", silent, prose);
        }
        out.println();
        if (e.findings().isEmpty()) {
            out.println("findings: none");
        } else {
            out.printf(Locale.ROOT, "findings: %d%s%n", e.findings().size(),
                    unplaced.size() < e.findings().size() ? " (" + (e.findings().size() - unplaced.size()) + " shown above)" : "");
            for (Finding f : unplaced) {
                finding(f, "  ");
            }
        }
        out.flush();
    }

    private void piece(Piece p, boolean manyInputs) {
        String where = (manyInputs && p.input() != null ? p.input() + " " : "") + "lines " + p.firstLine() + "-" + p.lastLine();
        String head = "[" + p.index() + "] " + Printable.whole((p.prompt() == null || p.prompt().isEmpty() ? ""
                : p.prompt() + " ") + (p.command() == null ? "(no command)" : p.command()));
        if (!p.recognized()) {
            out.println(head + "  (" + where + ")");
            out.println("    unrecognized: " + abbreviate(p.unrecognized().first().text().strip()));
            return;
        }
        out.println(head + "  (" + where + ")");
        for (Parsed block : p.outputs()) {
            out.println("    " + block.format() + (block.notes().isEmpty() ? "" : " — "
                    + Printable.whole(String.join("; ", block.notes()))));
            for (String line : tables(block.records())) {
                out.println("      " + line);
            }
            for (Measurement m : block.measurements()) {
                Explanation.Failure failed = current == null ? null : current.failureOf(nextMeasurement);
                nextMeasurement++;
                out.println("    result: " + (failed == null ? headline(m)
                        : m.tool() + " " + m.test() + ": failed (" + failed.message() + "), not a result"));
            }
            if (!block.skipped().isEmpty()) {
                Source first = block.skipped().getFirst();
                out.printf(Locale.ROOT, "    skipped %d line%s inside it (first: line %d '%s')%n", block.skipped().size(),
                        block.skipped().size() == 1 ? "" : "s", first.line(), abbreviate(first.text().strip()));
            }
        }
        if (p.unrecognized() != null) {
            out.printf(Locale.ROOT, "    not read: %d other line%s (first: line %d '%s')%n", p.unrecognized().lines(),
                    p.unrecognized().lines() == 1 ? "" : "s", p.unrecognized().first().line(),
                    abbreviate(p.unrecognized().first().text().strip()));
        }
    }

    /**
     * One table per kind of record, in order of first appearance. iperf lines give way to the
     * totals: the SUM totals when there are several streams, else the stream's totals.
     */
    static List<String> tables(List<ParsedRecord> records) {
        List<String> out = new ArrayList<>();
        boolean sumTotals = records.stream().anyMatch(r -> r instanceof IperfInterval i && i.summary() && i.isSum());
        boolean totals = records.stream().anyMatch(r -> r instanceof IperfInterval i && i.summary());
        int hidden = 0;
        Map<Class<?>, List<ParsedRecord>> byKind = new LinkedHashMap<>();
        for (ParsedRecord r : records) {
            if (r instanceof IperfInterval i && ((totals && !i.summary()) || (sumTotals && !i.isSum()))) {
                hidden++;
                continue;
            }
            byKind.computeIfAbsent(r.getClass(), k -> new ArrayList<>()).add(r);
        }
        for (List<ParsedRecord> kind : byKind.values()) {
            List<Map<String, String>> rows = new ArrayList<>();
            for (int k = 0; k < Math.min(kind.size(), MAX_ROWS); k++) {
                rows.add(new LinkedHashMap<>(kind.get(k).columns()));
            }
            out.addAll(Tables.render(rows, MAX_CELL));
            if (kind.size() > MAX_ROWS) {
                out.add("… " + (kind.size() - MAX_ROWS) + " more (--json shows all)");
            }
        }
        if (hidden > 0) {
            out.add("(" + hidden + " per-stream or interval lines not shown)");
        }
        return out;
    }

    /** "perftest rdma-send-bw: 196.69 Gbit/s at 8 MiB (23 sizes)", "qperf tcp-lat: 16 us". */
    static String headline(Measurement m) {
        // tool and version come from the paste (iperf3 -J's "version" is any JSON string)
        StringBuilder b = new StringBuilder(Printable.whole(m.tool() + (m.toolVersion() == null ? "" : " " + m.toolVersion())
                + " " + m.test()) + ":");
        List<String> parts = new ArrayList<>();
        m.metric(Measurement.Metrics.BITS_PER_SECOND).ifPresent(x -> parts.add(Rate.format(x.value())));
        m.metric(Measurement.Metrics.IOPS).ifPresent(x -> parts.add(UnitWords.format(x.value(), "1/s").replace("/s", " IOPS")));
        m.metric(Measurement.Metrics.LATENCY_AVG_MICROS).ifPresent(x -> parts.add("avg " + UnitWords.format(x.value(), "us")));
        m.metric(Measurement.Metrics.LATENCY_P99_MICROS).ifPresent(x -> parts.add("99% " + UnitWords.format(x.value(), "us")));
        m.metric(Measurement.Metrics.MESSAGES_PER_SECOND).filter(x -> parts.isEmpty())
                .ifPresent(x -> parts.add(UnitWords.format(x.value(), "1/s")));
        m.metric(Measurement.Metrics.LOSS_PERCENT).ifPresent(x -> parts.add(UnitWords.trim(x.value()) + " % lost"));
        m.metric(Measurement.Metrics.RETRANSMITS).ifPresent(x -> parts.add(UnitWords.trim(x.value()) + " retransmits"));
        b.append(' ').append(String.join(", ", parts));
        String size = m.params().get("sizeBytes");
        if (size != null && m.tool().equals("perftest")) {
            b.append(" at ").append(ByteSize.formatExact(Long.parseLong(size)));
        }
        if (!m.rows().isEmpty()) {
            b.append(" (").append(m.rows().size()).append(" sizes)");
        }
        String streams = m.params().get("streams");
        if (streams != null && !streams.equals("1")) {
            b.append(", ").append(streams).append(" streams");
        }
        return b.toString();
    }

    private void finding(Finding f, String indent) {
        // a finding's words quote the paste's (device names, versions): one line each, whatever they hold
        out.println(indent + "! " + f.severity().label() + " " + f.rule() + ": " + Printable.whole(f.message()));
        if (f.impact() != null && f.impact().summary() != null) {
            out.println(indent + "  impact: " + Printable.whole(f.impact().summary()));
        }
        if (f.fix() != null) {
            out.println(indent + "  fix: " + Printable.whole(f.fix().action() + (f.fix().command() == null ? ""
                    : " — " + f.fix().command())));
        }
        // one line per source, its values together: "seen: lspci, x.txt line 137: '8 GT/s', 'x4'"
        Map<String, List<String>> seen = new LinkedHashMap<>();
        for (Evidence ev : f.evidence()) {
            if (ev != null && (ev.source() != null || ev.raw() != null)) {
                List<String> raws = seen.computeIfAbsent(ev.source() == null ? "" : ev.source(), k -> new ArrayList<>());
                if (ev.raw() != null && !raws.contains("'" + ev.raw() + "'")) {
                    raws.add("'" + ev.raw() + "'");
                }
            }
        }
        seen.forEach((source, raws) -> out.println(indent + "  seen: " + Printable.whole(source
                + (raws.isEmpty() ? "" : (source.isEmpty() ? "" : ": ") + String.join(", ", raws)))));
    }

    /**
     * What places a finding: its first evidence with a source, read once — a line ("ibstat,
     * paste.txt line 184": input or null, line) or a result (source "iperf3 tcp-bw", raw rate or null).
     */
    private record Anchor(boolean lineRef, String input, int line, String source, String raw) {}

    private static Anchor anchor(Finding f) {
        for (Evidence ev : f.evidence()) {
            if (ev != null && ev.source() != null) {
                Matcher m = ev.source().contains("line ") ? LINE_REF.matcher(ev.source()) : null;
                return m != null && m.matches() ? new Anchor(true, m.group(1), Integer.parseInt(m.group(2)), null, null)
                        : new Anchor(false, null, 0, ev.source(), ev.raw());
            }
        }
        return new Anchor(false, null, 0, null, null);
    }

    /** A piece's results as "tool test" and "tool test rate" keys, for {@link #belongs(Anchor, Piece, Results, int)}. */
    private static final class Results {
        final Set<String> tests = new HashSet<>();
        final Set<String> rated = new HashSet<>();

        Results(Piece p) {
            for (Parsed block : p.outputs()) {
                for (Measurement r : block.measurements()) {
                    String key = r.tool() + " " + r.test();
                    tests.add(key);
                    r.metric(Measurement.Metrics.BITS_PER_SECOND).ifPresent(x -> rated.add(key + "\n" + Rate.format(x.value())));
                }
            }
        }
    }

    /** {@link #belongs(Finding, Piece, int)} with the anchor and the piece's results computed once. */
    private static boolean belongs(Anchor a, Piece p, Results results, int inputs) {
        if (a.lineRef()) {
            boolean sameInput = a.input() == null ? inputs == 1 : a.input().equals(p.input());
            return sameInput && a.line() >= p.firstLine() && a.line() <= p.lastLine();
        }
        if (a.source() == null) {
            return false;
        }
        return a.raw() == null ? results.tests.contains(a.source()) : results.rated.contains(a.source() + "\n" + a.raw());
    }

    /**
     * True when the finding's first locatable evidence lies in the piece: a result of this piece
     * ("iperf3 tcp-bw" with its rate) or a line inside it ("ibstat, paste.txt line 184").
     */
    static boolean belongs(Finding f, Piece p, int inputs) {
        for (Evidence ev : f.evidence()) {
            if (ev == null || ev.source() == null) {
                continue;
            }
            // this runs for every finding and piece: the regex only where it can match
            Matcher m = ev.source().contains("line ") ? LINE_REF.matcher(ev.source()) : null;
            if (m != null && m.matches()) {
                int line = Integer.parseInt(m.group(2));
                boolean sameInput = m.group(1) == null ? inputs == 1 : m.group(1).equals(p.input());
                return sameInput && line >= p.firstLine() && line <= p.lastLine();
            }
            for (Parsed block : p.outputs()) {
                for (Measurement r : block.measurements()) {
                    if (!ev.source().equals(r.tool() + " " + r.test())) {
                        continue;
                    }
                    String rate = r.metric(Measurement.Metrics.BITS_PER_SECOND).map(x -> Rate.format(x.value())).orElse(null);
                    if (ev.raw() == null || ev.raw().equals(rate)) {
                        return true;
                    }
                }
            }
            return false; // only the first evidence places a finding
        }
        return false;
    }

    private static String abbreviate(String s) {
        return Printable.of(s, 100);
    }
}
