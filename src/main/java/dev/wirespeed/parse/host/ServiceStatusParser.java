package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code systemctl status UNIT} (systemd's systemctl(1) layout): a header "● NAME.service - Description"
 * (the dot is "○" for inactive and "×" for failed units since systemd 247, "*" on a terminal without
 * UTF-8), then "Loaded:", "Active:", "Docs:", "Process:", "Main PID:", "Tasks:", "Memory:", "CPU:",
 * "CGroup:" with its process tree, and the unit's last journal lines ("Jul 12 05:18:34 m02 systemd[1]:
 * …", src/test/resources/parse/host/systemctl-status-openibd-seed001.txt; "7月 17 15:46:33 ps rshim[86071]: …", src/test/resources/parse/host/systemctl-status-rshim-seed002.txt). A unit that does not
 * exist prints "Unit opensm.service could not be found.". An "Active:" line without the header is read
 * only after a command that names the unit ({@code systemctl status opensm}, {@code service opensmd status}).
 */
public final class ServiceStatusParser extends BaseParser {
    private static final Pattern HEADER = Pattern.compile("[●○×*]\\s+([\\w@.:-]+?)(?:\\.service)?\\s+-\\s+.*");
    private static final Pattern NOT_FOUND = Pattern.compile("Unit ([\\w@.:-]+?)(?:\\.service)? could not be found\\.?");
    private static final Pattern LOADED = Pattern.compile("Loaded:\\s+([\\w-]+)(?:\\s+\\(([^;)]+)[;)].*)?");
    private static final Pattern ACTIVE = Pattern.compile("Active:\\s+([\\w-]+)(?:\\s+(.*))?");
    private static final Pattern FIELD = Pattern.compile(
            "(?:Docs|Process|Main PID|Tasks|Memory|CPU|CGroup|Status|Drop-In|TriggeredBy|Triggers|IP|IO|Mem peak|Invocation):.*"
                    + "|[├└│|`].*|/.*\\.conf");
    /** A journal line: "Jul 12 05:18:34 host unit[pid]: text" or "7月 17 15:46:33 host unit[pid]: text". */
    private static final Pattern JOURNAL = Pattern.compile("\\S{1,6}\\s+\\d{1,2}\\s+\\d\\d:\\d\\d:\\d\\d\\s+\\S+\\s+[^\\s:]+: .*");

    public ServiceStatusParser() {
        super("systemctl-status", "systemctl");
    }

    @Override
    public boolean reads(Command command) {
        return statusOf(command) != null;
    }

    /** The unit a status command names ("systemctl status opensmd", "service opensmd status"), or null. */
    static String statusOf(Command c) {
        if (c == null || !c.args().contains("status")) {
            return null;
        }
        if (c.program().equals("systemctl")) {
            for (String a : c.args()) {
                if (!a.startsWith("-") && !a.equals("status")) {
                    return a.endsWith(".service") ? a.substring(0, a.length() - ".service".length()) : a;
                }
            }
        } else if (c.program().equals("service") && !c.args().isEmpty() && !c.args().getFirst().equals("status")) {
            return c.args().getFirst();
        }
        return null;
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (in.matches(NOT_FOUND, i)) {
            return true;
        }
        Matcher h = in.match(HEADER, i);
        if (h != null) {
            // a header alone could be any bullet list: systemd's is followed by "Loaded:"
            return i + 1 < in.size() && in.get(i + 1).startsWith("Loaded:");
        }
        return statusOf(in.command()) != null && (in.matches(ACTIVE, i) || in.matches(LOADED, i));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Matcher m = in.match(NOT_FOUND, from);
        if (m != null) {
            b.use(from).add(new ServiceStatus(m.group(1), "not-found", null, "not-found", null, in.source(from)));
            return b.done(from + 1);
        }
        String unit = statusOf(in.command());
        int i = from;
        int headerLine = from;
        if ((m = in.match(HEADER, i)) != null) {
            unit = m.group(1);
            b.use(i++);
        }
        String loaded = null;
        String unitFile = null;
        String active = null;
        String detail = null;
        int activeLine = -1;
        for (; i < in.size(); i++) {
            Matcher f;
            if ((f = in.match(LOADED, i)) != null && loaded == null) {
                loaded = f.group(1);
                unitFile = f.group(2);
            } else if ((f = in.match(ACTIVE, i)) != null && active == null) {
                active = f.group(1);
                detail = f.group(2);
                activeLine = i;
            } else if (!in.matches(FIELD, i) && !in.matches(JOURNAL, i)) {
                break;
            }
            b.use(i);
        }
        if (unit != null && (loaded != null || active != null)) {
            int at = activeLine >= 0 ? activeLine : headerLine;
            b.add(new ServiceStatus(unit, loaded, unitFile, "not-found".equals(loaded) && active == null ? "not-found"
                    : active, detail, in.source(at)));
        }
        return b.done(Math.max(i, from + 1));
    }
}
