package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.JsonBlock;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.ParsedRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * {@code ethtool --json} (-j): one JSON array, an object per device, each beginning with "ifname"
 * (ethtool's json_print in netlink/*.c opens every reply with it). Read by what the object holds:
 * <ul>
 * <li>features ({@code -j -k}, netlink/features.c): each feature an object with "active", "fixed" and
 * perhaps "requested" booleans → {@link EthtoolFeatures};</li>
 * <li>rings ({@code -j -g}, netlink/rings.c: "rx-max", "rx-mini-max", "rx-jumbo-max", "tx-max" beside
 * "rx", "rx-mini", "rx-jumbo", "tx", then "rx-buf-len", "cqe-size", "tx-push", "rx-push",
 * "tcp-data-split" …) and channels ({@code -j -l}, netlink/channels.c: "rx-max" … "combined-max"
 * beside "rx-count" … "combined-count") → {@link EthtoolLimits}, the "-max" numbers its maximum and
 * the others its current values, names with a space for the dash as the text output's ("rx mini").</li>
 * </ul>
 * Every key of an object is kept under its own name in the record's printed fields, the value as the
 * JSON wrote it. An object of neither shape is kept as printed fields on the record before it, and a
 * document cut before its end (a paste) is noted, not read.
 */
public final class EthtoolJsonParser extends BaseParser {
    private static final Pattern OPEN = Pattern.compile("\\[\\s*(?:\\{\\s*)?");
    private static final Pattern IFNAME = Pattern.compile("(?:\\[\\s*)?(?:\\{\\s*)?\"ifname\"\\s*:.*");

    public EthtoolJsonParser() {
        super("ethtool-json", "ethtool");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        String s = in.get(i);
        if (IFNAME.matcher(s).matches() && s.startsWith("[")) {
            return true; // "[ { "ifname": …" on one line
        }
        if (!OPEN.matcher(s).matches()) {
            return false;
        }
        for (int k = i + 1; k < Math.min(in.size(), i + 3); k++) {
            if (IFNAME.matcher(in.get(k)).matches()) {
                return true;
            }
            if (!in.get(k).equals("{")) {
                return false;
            }
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        JsonBlock block = JsonBlock.read(in, from);
        JsonNode root = block.node();
        if (root == null || !root.isArray()) {
            b.use(from).note("the ethtool JSON document is incomplete or invalid; nothing was read from it");
            return b.done(from + 1);
        }
        for (int k = from; k < block.end(); k++) {
            b.use(k);
        }
        Command c = in.command();
        boolean channels = c != null && (c.has("-l") || c.has("--show-channels"));
        for (JsonNode device : root) {
            String iface = device.path("ifname").asString(null);
            ParsedRecord r = features(device, iface, in, from);
            if (r == null) {
                r = limits(device, iface, channels, in, from);
            }
            if (r != null) {
                b.add(r);
            }
            for (Map.Entry<String, JsonNode> e : device.properties()) {
                JsonNode v = e.getValue();
                String text = v.isString() ? v.asString() : v.toString();
                if (r != null) {
                    b.printed(r, from, e.getKey(), text);
                } else {
                    b.printed(from, e.getKey(), text);
                }
            }
        }
        return b.done(block.end());
    }

    /** An object whose values (but "ifname") are all {"active": …} objects: -j -k; else null. */
    private static EthtoolFeatures features(JsonNode device, String iface, Lines in, int from) {
        Map<String, Boolean> features = new LinkedHashMap<>();
        Map<String, Boolean> requested = new LinkedHashMap<>();
        List<String> fixed = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : device.properties()) {
            if (e.getKey().equals("ifname")) {
                continue;
            }
            JsonNode v = e.getValue();
            if (!v.isObject() || !v.path("active").isBoolean()) {
                return null;
            }
            features.put(e.getKey(), v.path("active").asBoolean());
            if (v.path("fixed").asBoolean(false)) {
                fixed.add(e.getKey());
            }
            if (v.path("requested").isBoolean() && v.path("requested").asBoolean() != v.path("active").asBoolean()) {
                requested.put(e.getKey(), v.path("requested").asBoolean());
            }
        }
        return features.isEmpty() ? null : new EthtoolFeatures(iface, features, fixed, requested, in.source(from));
    }

    /** An object with numeric "-max" keys: -j -g (rings) or -j -l (channels); else null. */
    private static EthtoolLimits limits(JsonNode device, String iface, boolean channels, Lines in, int from) {
        Map<String, Long> maximum = new LinkedHashMap<>();
        Map<String, Long> current = new LinkedHashMap<>();
        boolean counts = false;
        for (Map.Entry<String, JsonNode> e : device.properties()) {
            String key = e.getKey();
            JsonNode v = e.getValue();
            if (!v.isIntegralNumber()) {
                continue;
            }
            if (key.endsWith("-max")) {
                maximum.put(name(key.substring(0, key.length() - 4)), v.asLong());
            } else if (key.endsWith("-count")) {
                counts = true;
                current.put(name(key.substring(0, key.length() - 6)), v.asLong());
            } else {
                current.put(name(key), v.asLong());
            }
        }
        if (maximum.isEmpty()) {
            return null;
        }
        return new EthtoolLimits(iface, channels || counts ? "channels" : "ring", maximum, current, in.source(from));
    }

    /** "rx-mini" → "rx mini", as {@link EthtoolLimitsParser} names "RX Mini:". */
    private static String name(String key) {
        return key.replace('-', ' ');
    }
}
