package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code rdma dev [show]} (iproute2, rdma/dev.c): "0: mlx5_0: node_type ca fw 16.26.1040 node_guid
 * 248a:0703:00b3:d112 sys_image_guid 248a:0703:00b3:d112", keywords followed by their values (a bond
 * or sub device may lack fw, add "type smi parent …" or "adaptive-moderation on"). A line wrapped by
 * a mail client goes on with keywords or a GUID on the next line; that line is joined back.
 */
public final class RdmaDevParser extends BaseParser {
    private static final Pattern DEV = Pattern.compile("\\d+:\\s+([\\w.-]+):\\s+(node_type \\w+.*)");
    private static final Set<String> KEYS = Set.of("node_type", "fw", "node_guid", "sys_image_guid",
            "adaptive-moderation", "type", "parent", "netns");
    private static final Pattern GUID = Pattern.compile("[0-9a-fA-F]{4}(?::[0-9a-fA-F]{4}){3}");
    /** The rest of a wrapped line: a keyword, or the GUID whose keyword ended the line before. */
    private static final Pattern CONTINUED = Pattern.compile(
            "(?:(?:node_type|fw|node_guid|sys_image_guid|adaptive-moderation|type|parent|netns)\\s+\\S+|"
                    + "[0-9a-fA-F]{4}(?::[0-9a-fA-F]{4}){3}\\b).*");

    public RdmaDevParser() {
        super("rdma-dev", "rdma");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(DEV, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String device = null;
        StringBuilder words = new StringBuilder();
        Source start = null;
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m;
            if ((m = in.match(DEV, i)) != null) {
                add(b, device, words.toString(), start);
                device = m.group(1);
                words.setLength(0);
                words.append(m.group(2));
                start = in.source(i);
                b.use(i);
            } else if (device != null && in.matches(CONTINUED, i)) {
                words.append(' ').append(in.get(i));
                b.use(i);
            } else if (!in.blank(i)) {
                break;
            }
        }
        add(b, device, words.toString(), start);
        return b.done(i);
    }

    private static void add(ParseBuilder b, String device, String text, Source source) {
        if (device == null) {
            return;
        }
        String[] w = text.split("\\s+");
        Map<String, String> kv = new HashMap<>();
        for (int k = 0; k + 1 < w.length; k++) {
            if (KEYS.contains(w[k]) && !KEYS.contains(w[k + 1])) {
                kv.put(w[k], w[k + 1]);
                k++;
            }
        }
        b.add(new RdmaDeviceRecord(device, null, kv.get("fw"), null, guid(kv.get("node_guid")),
                guid(kv.get("sys_image_guid")), null, null, null, null, null, source));
    }

    private static String guid(String text) {
        return text != null && GUID.matcher(text).matches() ? text : null;
    }
}
