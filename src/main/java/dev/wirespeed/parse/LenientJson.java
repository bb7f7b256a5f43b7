package dev.wirespeed.parse;

import dev.wirespeed.results.Json;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON pasted in part: a piece cut out of a document, without its opening brace, starting inside an object
 * or cut before its end (esnet/iperf#774's "intervals": [ … with no brace and no end, #1491's "} }], "end": {
 * …"). What is printed is read as far as it goes: members before any brace make an object of their own, a
 * closer with nothing open is skipped (its opener was cut away), whatever is still open at the end is closed.
 * The values are kept as printed; nothing is made up for what the cut took. C's printf of a NaN or an
 * infinity ("-nan", "inf": iperf3 3.1's lost_percent, esnet/iperf#613) is no JSON number: read as null.
 */
public final class LenientJson {
    private LenientJson() {}

    /** One container being filled: its node and the member name waiting for a value. */
    private static final class Open {
        final JsonNode node;
        String key;

        Open(JsonNode node) {
            this.node = node;
        }
    }

    /** The top-level values the text holds, in order: every object or array whose outermost opener was printed or implied. */
    public static List<JsonNode> read(String text) {
        List<String> tokens = tokens(text);
        List<JsonNode> roots = new ArrayList<>();
        Deque<Open> stack = new ArrayDeque<>();
        for (int t = 0; t < tokens.size(); t++) {
            String s = tokens.get(t);
            switch (s) {
                case "{", "[" -> {
                    JsonNode node = s.equals("{") ? Json.MAPPER.createObjectNode() : Json.MAPPER.createArrayNode();
                    attach(stack, node);
                    stack.push(new Open(node));
                }
                case "}", "]" -> {
                    if (!stack.isEmpty()) { // with nothing open the opener was cut away: skip
                        Open closed = stack.pop();
                        if (stack.isEmpty()) {
                            roots.add(closed.node);
                        }
                    }
                }
                case ",", ":" -> { }
                default -> {
                    boolean key = s.startsWith("\"") && t + 1 < tokens.size() && tokens.get(t + 1).equals(":");
                    if (key) {
                        if (stack.isEmpty() || !stack.peek().node.isObject()) {
                            // a member with no object open: the members of an object whose brace was cut away
                            ObjectNode implied = Json.MAPPER.createObjectNode();
                            attach(stack, implied);
                            stack.push(new Open(implied));
                        }
                        stack.peek().key = unquote(s);
                        t++;
                    } else {
                        attach(stack, value(s));
                    }
                }
            }
        }
        while (!stack.isEmpty()) { // what the cut left open
            Open closed = stack.pop();
            if (stack.isEmpty()) {
                roots.add(closed.node);
            }
        }
        return roots;
    }

    private static void attach(Deque<Open> stack, JsonNode value) {
        if (stack.isEmpty()) {
            return; // a bare value outside any container says nothing
        }
        Open top = stack.peek();
        if (top.node instanceof ArrayNode a) {
            a.add(value);
        } else if (top.key != null) {
            ((ObjectNode) top.node).set(top.key, value);
            top.key = null;
        }
    }

    private static JsonNode value(String s) {
        if (s.startsWith("\"")) {
            return Json.MAPPER.getNodeFactory().stringNode(unquote(s));
        }
        switch (s) {
            case "true" -> {
                return Json.MAPPER.getNodeFactory().booleanNode(true);
            }
            case "false" -> {
                return Json.MAPPER.getNodeFactory().booleanNode(false);
            }
            default -> { }
        }
        if (s.matches("-?\\d+")) {
            return s.length() < 19 ? Json.MAPPER.getNodeFactory().numberNode(Long.parseLong(s))
                    : Json.MAPPER.getNodeFactory().numberNode(new BigDecimal(s));
        }
        if (s.matches("-?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?")) {
            return Json.MAPPER.getNodeFactory().numberNode(new BigDecimal(s)); // its digits as printed
        }
        return Json.MAPPER.getNodeFactory().nullNode(); // null, printf's nan/-nan/inf, or a word the cut broke
    }

    /** A string token's text, its escapes decoded as far as JSON's are printed in these tools' output. */
    private static String unquote(String s) {
        String t = s.strip();
        String body = t.substring(1, t.endsWith("\"") && t.length() > 1 ? t.length() - 1 : t.length());
        return body.replace("\\\"", "\"").replace("\\\\", "\\").replace("\\n", "\n").replace("\\t", "\t");
    }

    /** Strings (with their quotes), the six punctuation marks, and every other run of characters as a word. */
    private static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        int n = text.length();
        for (int i = 0; i < n; ) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if ("{}[],:".indexOf(c) >= 0) {
                out.add(String.valueOf(c));
                i++;
            } else if (c == '"') {
                int j = i + 1;
                while (j < n && text.charAt(j) != '"' && text.charAt(j) != '\n') {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
                j = Math.min(j, n - 1);
                out.add(text.substring(i, j + 1)); // a string the cut or a line end broke ends there
                i = j + 1;
            } else {
                int j = i;
                while (j < n && !Character.isWhitespace(text.charAt(j)) && "{}[],:\"".indexOf(text.charAt(j)) < 0) {
                    j++;
                }
                out.add(text.substring(i, j));
                i = j;
            }
        }
        return out;
    }
}
