package dev.wirespeed.guard;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * {@link Printable} for a JSON tree that came from outside (a pasted iperf3 -J or fio document, an
 * agent's doctor report): a JSON string may hold a line feed or an escape sequence that a text line
 * cannot, and what is taken from the tree reaches text, the store and every report.
 */
public final class PrintableTree {
    private PrintableTree() {}

    /** {@code node} with every string and property name escaped by {@link Printable#whole}, in place. */
    public static JsonNode of(JsonNode node) {
        if (node instanceof ObjectNode o) {
            List<String> names = new ArrayList<>(o.propertyNames());
            for (String name : names) {
                JsonNode value = of(o.get(name));
                String safe = Printable.whole(name);
                if (!safe.equals(name)) {
                    o.remove(name);
                }
                o.set(safe, value);
            }
        } else if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                a.set(i, of(a.get(i)));
            }
        } else if (node != null && node.isString()) {
            String s = node.asString();
            String safe = Printable.whole(s);
            return safe.equals(s) ? node : StringNode.valueOf(safe);
        }
        return node;
    }
}
