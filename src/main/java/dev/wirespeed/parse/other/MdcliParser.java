package dev.wirespeed.parse.other;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.JsonBlock;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Huawei MD-CLI (AirEngine APs, V600R023+) answers to {@code display …} and {@code emit}: a JSON
 * document. Lists of objects ("startup-info", "patch-info", "transfer-task", …) become one
 * {@link MdcliRecord} each; a flat object becomes one record named by the display path. Annotations
 * after '#' and "..." elisions, as people paste them, are ignored. An "Error: …" line after an MD-CLI
 * command (edit-config, ftpc-transfer-file, load-patch …) is an {@link MdcliRecord} of object "error" with
 * the command and the message (issue 26: "You do not have permission" after edit-config means FIT mode).
 */
public final class MdcliParser extends BaseParser {

    public MdcliParser() {
        super("mdcli-json", "display", "emit", "edit-config", "ftpc-transfer-file", "download-upgrade-package",
                "startup-by-mode", "load-patch", "delete-patch");
    }

    /** The object name of an MD-CLI error line's record. */
    public static final String ERROR_OBJECT = "error";
    /** "Error: …" (Huawei's CLIs print errors so), or a translated "错误：…". */
    private static final Pattern ERROR = Pattern.compile("(?:Error|错误)\s*[:：]\s*(.+)");

    /** A bare JSON string answer: "display system/system-info/software-name" prints one. */
    private static final Pattern STRING = Pattern.compile("\"([^\"]*)\"(?:\\s*#.*)?");

    @Override
    public boolean startsAt(Lines in, int i) {
        Command c = in.command();
        if (c != null && programs().contains(c.program()) && in.matches(ERROR, i)) {
            return true;
        }
        if (c != null && c.program().equals("display") && in.matches(STRING, i)) {
            return true;
        }
        if (!in.get(i).equals("{")) {
            return false;
        }
        if (c != null && (c.program().equals("display") || c.program().equals("emit"))) {
            return true;
        }
        return i + 1 < in.size() && in.get(i + 1).matches("\"(startup-info|patch-info|transfer-task|huawei-[\\w-]+:[\\w-]+)\".*");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Matcher error = in.match(ERROR, from);
        if (error != null) {
            Command c = in.command();
            Map<String, String> fields = new LinkedHashMap<>();
            fields.put("command", c == null ? "" : c.text());
            fields.put("message", error.group(1).strip());
            b.use(from).add(new MdcliRecord(ERROR_OBJECT, fields, in.source(from)));
            return b.done(from + 1);
        }
        Matcher string = in.match(STRING, from);
        if (string != null) {
            Command c = in.command();
            Map<String, String> value = new LinkedHashMap<>();
            value.put("value", string.group(1));
            b.use(from).add(new MdcliRecord(c == null || c.args().isEmpty() ? "value" : c.args().getFirst(), value,
                    in.source(from)));
            return b.done(from + 1);
        }
        JsonBlock block = JsonBlock.read(in, from);
        if (block.node() == null || !block.node().isObject()) {
            b.note("the JSON document is incomplete or invalid; nothing was read from it");
            return b.done(from);
        }
        for (int k = from; k < block.end(); k++) {
            b.use(k);
        }
        Command c = in.command();
        String path = c == null || c.args().isEmpty() ? "document" : c.args().getFirst();
        JsonNode root = block.node();
        boolean lists = false;
        for (Map.Entry<String, JsonNode> e : root.properties()) {
            if (e.getValue().isArray()) {
                lists = true;
                for (JsonNode item : e.getValue()) {
                    if (item.isObject()) {
                        Map<String, String> fields = flat(item);
                        b.add(new MdcliRecord(e.getKey(), fields, find(in, from, block.end(), fields)));
                    }
                }
            }
        }
        if (!lists) {
            Map<String, String> fields = flat(root);
            b.add(new MdcliRecord(path, fields, find(in, from, block.end(), fields)));
        }
        return b.done(block.end());
    }

    private static Map<String, String> flat(JsonNode object) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            JsonNode v = e.getValue();
            out.put(e.getKey(), v.isValueNode() ? v.asString() : v.toString());
        }
        return out;
    }

    /** The line of the object's first member, for the record's source. */
    private static Source find(Lines in, int from, int end, Map<String, String> fields) {
        if (!fields.isEmpty()) {
            String key = "\"" + fields.keySet().iterator().next() + "\"";
            for (int k = from; k < end; k++) {
                if (in.get(k).startsWith(key)) {
                    return in.source(k);
                }
            }
        }
        return in.source(from);
    }
}
