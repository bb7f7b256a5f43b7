package dev.wirespeed.parse.iperf;

import dev.wirespeed.results.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;

/**
 * Every scalar member of an iperf3 {@code -J} document under its path of iperf3's own names
 * ("start.test_start.num_streams", "end.streams[0].sender.max_rtt", "intervals[3].sum.bits_per_second"),
 * the value as the document prints it: a number's own digits ("1.999976722118287e+08" stays so), a string
 * unescaped, true/false/null as words, in the document's order; a member printed twice is kept twice (iperf3
 * 3.12 prints "sock_bufsize", "sndbuf_actual" and "rcvbuf_actual" twice in a -R start). Empty objects and arrays
 * print no value and are left out. This is the
 * lossless part of {@link Iperf3JsonParser}'s reading (issue 31 point 1, docs/EXPLAIN.md "Printed fields"):
 * the typed record keeps a few figures under wirespeed's names, this keeps all of them under iperf3's.
 */
final class Iperf3JsonLeaves {
    private Iperf3JsonLeaves() {}

    /**
     * The leaves of JSON text (one document or a --json-stream line), each path after {@code prefix}; a text
     * cut or garbled keeps the leaves before the break.
     */
    static List<Map.Entry<String, String>> ofText(String text, String prefix) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        try (JsonParser p = Json.MAPPER.createParser(text)) {
            if (p.nextToken() != null) {
                walk(p, prefix, out);
            }
        } catch (JacksonException e) {
            // a cut document: what was read before the break stays
        }
        return out;
    }

    /**
     * The leaves of a tree put together from a pasted part ({@link Iperf3JsonFragment}); its numbers were read
     * as numbers, so each is written back as a plain decimal ("2.5E7" as "25000000").
     */
    static List<Map.Entry<String, String>> ofTree(JsonNode node, String prefix) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        walk(node, prefix, out);
        return out;
    }

    private static void walk(JsonParser p, String path, List<Map.Entry<String, String>> out) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            for (JsonToken n = p.nextToken(); n == JsonToken.PROPERTY_NAME; n = p.nextToken()) {
                String name = p.currentName();
                if (p.nextToken() == null) {
                    return;
                }
                walk(p, member(path, name), out);
            }
        } else if (t == JsonToken.START_ARRAY) {
            int k = 0;
            for (JsonToken n = p.nextToken(); n != null && n != JsonToken.END_ARRAY; n = p.nextToken()) {
                walk(p, path + "[" + k++ + "]", out);
            }
        } else if (t != null && t.isScalarValue()) {
            out.add(Map.entry(path, p.getText()));
        }
    }

    private static void walk(JsonNode node, String path, List<Map.Entry<String, String>> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                walk(e.getValue(), member(path, e.getKey()), out);
            }
        } else if (node.isArray()) {
            for (int k = 0; k < node.size(); k++) {
                walk(node.get(k), path + "[" + k + "]", out);
            }
        } else if (node.isNumber()) {
            out.add(Map.entry(path, node.decimalValue().toPlainString()));
        } else if (!node.isMissingNode()) {
            out.add(Map.entry(path, node.isNull() ? "null" : node.asString()));
        }
    }

    private static String member(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }
}
