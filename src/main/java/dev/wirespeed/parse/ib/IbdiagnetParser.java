package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ibdiagnet} (ibdiagnet2, NVIDIA/Mellanox ibutils2) console output: sections under a rule
 * of dashes ("Discovery", "Speed / Width checks" …) with "-I-", "-W-", "-E-" lines, the
 * "Fabric Summary" (node counts, "Links at 4x25 : 21", "Master SM: …") and the closing "Summary"
 * table of warnings and errors per stage. A paste of only the summaries is read too. Every line
 * of the run is part of the block; what is read: the stage table ({@link IbdiagStage}, with each
 * section's "-E-" lines) and the fabric summary ({@link IbdiagFabric}). ibdiagnet 1.x (ibutils) ends
 * with "-I- Stages Status Report:" and a table whose columns are Errors then Warnings, the reverse
 * of ibdiagnet2's; its sections open with "-I---…" rules.
 */
public final class IbdiagnetParser extends BaseParser {
    /** "-E-" lines kept per stage: the first few say what is wrong, the log file has the rest. */
    static final int MAX_ERROR_LINES = 5;

    private static final Pattern VERSION = Pattern.compile("Running version:\\s*\"IBDIAGNET.*");
    private static final Pattern FABRIC = Pattern.compile("Fabric Summary");
    private static final Pattern SUMMARY = Pattern.compile("Summary");
    private static final Pattern STAGE_HEAD = Pattern.compile("-I- Stage\\s+Warnings\\s+Errors(?:\\s+Comment)?");
    private static final Pattern STAGE_ROW = Pattern.compile("-I- (\\S.*?)\\s{2,}(\\d+)\\s+(\\d+)(?:\\s+(.*))?");
    private static final Pattern MESSAGE = Pattern.compile("-([IWE])- (.*)");
    /** ibdiagnet 1.x: "Loading IBDIAGNET from: /usr/lib/ibdiagnet1.5.7" opens a run, the stage table closes it. */
    private static final Pattern V1_START = Pattern.compile("Loading IBDIAGNET from: .*|-I- Stages Status Report:");
    private static final Pattern V1_STAGE_HEAD = Pattern.compile("STAGE\\s+Errors\\s+Warnings");
    private static final Pattern V1_STAGE_ROW = Pattern.compile("(\\S.*?)\\s{2,}(\\d+)\\s+(\\d+)");
    private static final Pattern V1_OTHER = Pattern.compile("-I-+|Loading \\w+ from: .*|Please see \\S+ for complete log");
    /** "Total Nodes             : 42", "Links at 4x25 : 21", "Master SM: Port=1 LID=10 …". */
    private static final Pattern FIELD = Pattern.compile("([A-Z][\\w .]*?)\\s*:\\s*(.*)");
    private static final Pattern LINKS_AT = Pattern.compile("Links at (\\d+x[\\d.]+)");
    /** A section's title: words with no colon or digit ("Speed / Width checks", "Create IBNetDiscover File"). */
    private static final Pattern TITLE = Pattern.compile("[A-Z][A-Za-z /&()-]{2,60}");
    /** The rest of a run: the plugin table, its paths and notes, and lines such as "Adaptive Routing is enabled on 3 switches". */
    private static final Pattern OTHER = Pattern.compile("(Running command:|Timestamp:|Load Plugins from:|Plugin Name\\s|lib\\S+\\s+"
            + "(?:Succeeded|Failed)|/\\S+|\\(You can specify|Adaptive Routing is |Number of |Unique job IDs).*");

    public IbdiagnetParser() {
        super("ibdiagnet", "ibdiagnet");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(VERSION, i) || in.matches(STAGE_HEAD, i) || in.matches(V1_START, i)
                || (in.matches(SUMMARY, i) && in.matches(STAGE_HEAD, next(in, i)))
                || (in.matches(FABRIC, i) && nextIs(in, i, "Total Nodes"));
    }

    private static int next(Lines in, int i) {
        int j = i + 1;
        while (j < in.size() && in.blank(j)) {
            j++;
        }
        return j;
    }

    private static boolean nextIs(Lines in, int i, String prefix) {
        int j = next(in, i);
        return j < in.size() && in.get(j).startsWith(prefix);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Map<String, List<Source>> errorsBySection = new LinkedHashMap<>();
        String section = null;
        boolean afterRule = true;
        boolean inStages = false;
        boolean inStagesV1 = false;
        boolean afterMessage = false;
        Source fabricSource = null;
        Map<String, String> fabric = new LinkedHashMap<>();
        Map<String, Integer> linksAt = new LinkedHashMap<>();
        List<IbdiagStage> stages = new ArrayList<>();
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            String line = in.get(i);
            Matcher m;
            if (in.decoration(i)) {
                afterRule = true;
                inStages = false;
                inStagesV1 = false;
                afterMessage = false;
                b.use(i);
                continue;
            }
            boolean message = false;
            if (in.matches(STAGE_HEAD, i)) {
                inStages = true;
                b.use(i);
            } else if (in.matches(V1_STAGE_HEAD, i)) {
                inStagesV1 = true;
                b.use(i);
            } else if (inStagesV1 && (m = in.match(V1_STAGE_ROW, i)) != null) {
                stages.add(new IbdiagStage(m.group(1).strip(), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(2)),
                        List.of(), in.source(i)));
                b.use(i);
            } else if (in.matches(V1_OTHER, i)) {
                inStagesV1 = false;
                b.use(i);
            } else if (afterMessage && Character.isWhitespace(in.raw(i).charAt(0)) && !in.matches(FIELD, i)) {
                b.use(i); // a message's second line ("-W- Topology file is not specified." and its reason)
            } else if (inStages && (m = in.match(STAGE_ROW, i)) != null) {
                String stage = m.group(1).strip();
                List<Source> errors = errorsBySection.getOrDefault(stage, List.of());
                stages.add(new IbdiagStage(stage, Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                        errors.subList(0, Math.min(errors.size(), MAX_ERROR_LINES)), in.source(i)));
                b.use(i);
            } else if ((m = in.match(MESSAGE, i)) != null) {
                inStages = false;
                message = true;
                if (m.group(1).equals("E") && section != null) {
                    errorsBySection.computeIfAbsent(section, k -> new ArrayList<>()).add(in.source(i));
                }
                b.use(i);
            } else if (in.matches(VERSION, i) || in.matches(OTHER, i)) {
                b.use(i);
            } else if ((m = in.match(FIELD, i)) != null && !in.matches(TITLE, i)) {
                if ("Fabric Summary".equals(section)) {
                    fabric.putIfAbsent(m.group(1).strip(), m.group(2).strip());
                    Matcher at = LINKS_AT.matcher(m.group(1).strip());
                    Integer n = integer(m.group(2));
                    if (at.matches() && n != null) {
                        linksAt.put(at.group(1), n);
                    }
                }
                b.use(i);
            } else if (afterRule && in.matches(TITLE, i)) {
                section = line;
                if (line.equals("Fabric Summary")) {
                    fabricSource = in.source(i);
                }
                afterRule = false;
                b.use(i);
            } else {
                break;
            }
            afterRule = false;
            afterMessage = message;
        }
        if (fabricSource != null && !fabric.isEmpty()) {
            b.add(new IbdiagFabric(integer(fabric.get("Total Nodes")), integer(fabric.get("IB Switches")),
                    integer(fabric.get("IB Channel Adapters")), integer(fabric.get("Total number of links")), linksAt,
                    fabric.get("Master SM"), fabricSource));
        }
        stages.forEach(b::add);
        return b.done(i);
    }

    private static Integer integer(String text) {
        if (text == null || !text.strip().matches("\\d{1,9}")) {
            return null;
        }
        return Integer.parseInt(text.strip());
    }
}
