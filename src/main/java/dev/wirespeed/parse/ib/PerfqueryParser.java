package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.host.CounterSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code perfquery [-x] [LID [PORT]]} (infiniband-diags): an optional
 * "# Port counters: Lid 5 port 1 (CapMask: 0x1400)" header (with -E "# PortRcvErrorDetails counters:",
 * -D "# PortXmitDiscardDetails counters:" and the like), then "Name:.....value" lines with
 * dot leaders. Several ports (perfquery -a, or several runs) give one record each; a new
 * "PortSelect" line or header starts the next.
 */
public final class PerfqueryParser extends BaseParser {
    /**
     * "# NAME counters: PORTID port N": NAME is "Port", "Port extended", "PortRcvErrorDetails" … and
     * PORTID libibmad's portid2str, "Lid 5" or a directed route ("DR path slid 65535; dlid 65535; 0,1")
     * (perfquery.c, common_func). A C comment's opener may precede it (a sample kept in source code).
     */
    private static final Pattern HEAD = Pattern.compile(
            "(?:/\\*+\\s*)?#\\s*[A-Za-z][\\w ]*?counters:\\s*(?:Lid (\\d+)|(DR path [^#]*?))\\s+port (\\d+|ALL|255)\\b.*",
            Pattern.CASE_INSENSITIVE);
    /** The end of a head wrapped inside its "(CapMask: 0x1600 CapMask2: 0x0000000)". */
    private static final Pattern WRAPPED_MASK = Pattern.compile("(?:CapMask2?:\\s*)?0x[0-9a-fA-F]+\\)");
    /** Dot leaders; a word processor may have turned three dots into one '…' (U+2026). */
    private static final Pattern COUNTER = Pattern.compile("([A-Za-z][A-Za-z0-9]*):[.\u2026]{2,}\\s*(\\S+)");
    /** A counter line whose value the paste cut ("ExcessiveBufferOverrunErrors:.."): passed over, not an end. */
    private static final Pattern CUT = Pattern.compile("[A-Za-z][A-Za-z0-9]*:[.\u2026]{2,}");
    /** The head's "(CapMask: 0x1600 CapMask2: 0x0000000)": which optional counters the port supports. */
    private static final Pattern MASKS = Pattern.compile("\\b(CapMask2?):\\s*(0x[0-9a-fA-F]+)");

    public PerfqueryParser() {
        super("perfquery", "perfquery");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        Matcher c;
        return in.matches(HEAD, i) || ((c = in.match(COUNTER, i)) != null
                && (c.group(1).equals("PortSelect") || c.group(1).equals("SymbolErrorCounter")
                        || c.group(1).equals("PortXmitData")));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Map<String, Long> values = new LinkedHashMap<>();
        String subject = null;
        Source start = in.source(from);
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher h = in.match(HEAD, i);
            Matcher c = h == null ? in.match(COUNTER, i) : null;
            if (h == null && c == null && !values.isEmpty() && in.matches(CUT, i)) {
                b.use(i);
                continue;
            }
            if (h == null && c == null) {
                break;
            }
            boolean next = h != null || (c.group(1).equals("PortSelect") && values.containsKey("PortSelect"));
            if (next && !values.isEmpty()) {
                b.add(new CounterSample(subject, "perfquery", values, start));
                values = new LinkedHashMap<>();
                subject = null;
                start = in.source(i);
            }
            b.use(i);
            if (h != null) {
                subject = localPort(in.command(), h.group(3));
                if (subject == null) {
                    subject = (h.group(1) != null ? "LID " + h.group(1) : h.group(2)) + " port " + h.group(3);
                }
                start = in.source(i);
                for (Matcher mask = MASKS.matcher(in.get(i)); mask.find(); ) {
                    b.printed(i, mask.group(1), mask.group(2));
                }
                if (in.get(i).contains("(") && !in.get(i).contains(")") && in.matches(WRAPPED_MASK, i + 1)) {
                    b.use(++i); // a mail or terminal wrapped the head's "(CapMask: … CapMask2:" before its value
                }
                continue;
            }
            Long v = number(c.group(2));
            if (v != null) {
                values.put(c.group(1), v);
            }
        }
        if (!values.isEmpty()) {
            b.add(new CounterSample(subject, "perfquery", values, start));
        }
        return b.done(i);
    }

    /**
     * "mlx5_0 port 1" when the command asked for a local port by device ({@code perfquery -C mlx5_0 -P 1},
     * no LID: perfquery(8) then reads the counters of that local port), so the counters are the port's
     * as sysfs names it; null when the command names a LID or GUID, or no device.
     */
    static String localPort(Command c, String printedPort) {
        if (c == null || c.after("-C") == null) {
            return null;
        }
        List<String> positional = new ArrayList<>();
        List<String> args = c.args();
        for (int k = 0; k < args.size(); k++) {
            String a = args.get(k);
            if (a.equals("-C") || a.equals("-P") || a.equals("--Ca") || a.equals("--Port")) {
                k++;
            } else if (!a.startsWith("-")) {
                positional.add(a);
            }
        }
        return positional.isEmpty() ? c.after("-C") + " port " + printedPort : null;
    }

    /** "0x0000" (selects, masks) or a decimal count; else null. */
    static Long number(String text) {
        try {
            return text.startsWith("0x") ? Long.parseUnsignedLong(text.substring(2), 16) : Long.parseLong(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
