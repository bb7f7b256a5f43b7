package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.UnitWords;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code smpquery nodeinfo|switchinfo LID} (infiniband-diags smpquery.c): "# Node info: Lid 5" or
 * "# Switch info: Lid 1", then the attribute as libibmad dumps it, "NodeType:......Channel Adapter"
 * lines with dot leaders. One {@link IbNode} per dump: a NodeInfo's type (ibnetdiscover's words),
 * GUID and port count, a SwitchInfo's switch at that LID; every field kept under its name as printed.
 * PortInfo dumps are {@link IbportstateParser}'s.
 */
public final class SmpqueryInfoParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("#\\s*(Node|Switch) info:\\s*(?:Lid (\\d+))?.*");
    private static final Pattern FIELD = Pattern.compile("([A-Za-z][A-Za-z0-9]*):\\.+\\s*(.*)");

    public SmpqueryInfoParser() {
        super("smpquery-info", "smpquery");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(HEAD, i) && in.matches(FIELD, i + 1);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        while (i < in.size() && in.matches(HEAD, i)) {
            Matcher h = in.match(HEAD, i);
            int head = i;
            Map<String, String> fields = new LinkedHashMap<>();
            List<Integer> lines = new ArrayList<>();
            b.use(i++);
            Matcher m;
            while (i < in.size() && (m = in.match(FIELD, i)) != null) {
                fields.putIfAbsent(m.group(1), m.group(2).strip());
                lines.add(i);
                b.use(i++);
            }
            boolean node = h.group(1).equals("Node");
            IbNode record = new IbNode(node ? SaqueryNodeParser.type(fields.get("NodeType")) : "Switch", null,
                    node ? fields.get("Guid") : null, node ? UnitWords.integer(fields.getOrDefault("NumPorts", "")) : null,
                    h.group(2), in.source(head));
            b.add(record);
            for (int line : lines) {
                Matcher f = in.match(FIELD, line);
                b.printed(record, line, f.group(1), f.group(2).strip());
            }
            while (i < in.size() && in.blank(i)) {
                i++;
            }
        }
        return b.done(i);
    }
}
