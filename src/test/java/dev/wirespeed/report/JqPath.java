package dev.wirespeed.report;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The path subset of jq the iperf3-shape tests use: {@code .key}, {@code [N]} and {@code []}
 * (iterate), chained. A missing key gives jq's null. Cross-checked against jq itself where it is
 * installed ({@link Iperf3JsonTest}).
 */
public final class JqPath {
    private JqPath() {}

    public static List<JsonNode> eval(JsonNode root, String query) {
        if (!query.startsWith(".")) {
            throw new IllegalArgumentException("not a path: " + query);
        }
        List<JsonNode> current = new ArrayList<>(List.of(root));
        int i = 0;
        while (i < query.length()) {
            char c = query.charAt(i);
            List<JsonNode> next = new ArrayList<>();
            if (c == '.' && i + 1 < query.length() && query.charAt(i + 1) != '[') {
                int j = i + 1;
                while (j < query.length() && query.charAt(j) != '.' && query.charAt(j) != '[') {
                    j++;
                }
                String key = query.substring(i + 1, j);
                for (JsonNode n : current) {
                    JsonNode v = n == null || n.isNull() ? null : n.get(key);
                    next.add(v == null ? tools.jackson.databind.node.NullNode.getInstance() : v);
                }
                i = j;
            } else if (c == '.') {
                i++;
                continue;
            } else if (c == '[') {
                int j = query.indexOf(']', i);
                String index = query.substring(i + 1, j);
                for (JsonNode n : current) {
                    if (index.isEmpty()) {
                        n.forEach(next::add);
                    } else {
                        JsonNode v = n.isNull() ? null : n.get(Integer.parseInt(index));
                        next.add(v == null ? tools.jackson.databind.node.NullNode.getInstance() : v);
                    }
                }
                i = j + 1;
            } else {
                throw new IllegalArgumentException("unsupported at " + i + ": " + query);
            }
            current = next;
        }
        return current;
    }
}
