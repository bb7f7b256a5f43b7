package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code saquery [-N] [LID|GUID|name]} (infiniband-diags saquery.c dump_node_record): "NodeRecord dump:"
 * then one field a line, its name padded with dots ("lid.....................134", "node_type...............Channel
 * Adapter", "NodeDescription.........MT4119 ConnectX5   Mellanox Technologies"); the LID and counts are hex
 * ("0x86") in versions before rdma-core's. Each record is an {@link IbNode}, every field kept as printed.
 */
public final class SaqueryNodeParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("NodeRecord dump:\\s*");
    private static final Pattern FIELD = Pattern.compile("([A-Za-z_][\\w ]*?)\\.{2,}(.*)");

    public SaqueryNodeParser() {
        super("saquery-node", "saquery");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(HEAD, i) && i + 1 < in.size() && in.matches(FIELD, i + 1);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        while (i < in.size() && in.matches(HEAD, i)) {
            Source start = in.source(i);
            b.use(i);
            int first = ++i;
            Map<String, String> fields = new LinkedHashMap<>();
            Matcher m;
            for (; i < in.size() && (m = in.match(FIELD, i)) != null; i++) {
                fields.put(m.group(1).strip(), m.group(2).strip());
                b.use(i);
            }
            IbNode node = new IbNode(type(fields.get("node_type")), fields.get("NodeDescription"), fields.get("node_guid"),
                    count(fields.get("num_ports")), fields.get("lid"), start);
            b.add(node);
            int line = first;
            for (Map.Entry<String, String> f : fields.entrySet()) {
                b.printed(node, line++, f.getKey(), f.getValue());
            }
            while (i < in.size() && in.blank(i)) {
                i++;
            }
        }
        return b.done(i);
    }

    /** ibnetdiscover's words for the node types saquery spells out (ib_get_node_type_str). */
    static String type(String printed) {
        if (printed == null) {
            return null;
        }
        return switch (printed) {
            case "Channel Adapter" -> "Ca";
            case "Switch" -> "Switch";
            case "Router" -> "Rt";
            default -> printed;
        };
    }

    /** "1", or "0x24" from the saquery of OFED 1.x. */
    private static Integer count(String printed) {
        if (printed == null) {
            return null;
        }
        return printed.startsWith("0x") ? (printed.length() > 2 && printed.length() < 10
                && printed.substring(2).matches("[0-9a-fA-F]+") ? Integer.parseInt(printed.substring(2), 16) : null)
                : UnitWords.integer(printed);
    }
}
