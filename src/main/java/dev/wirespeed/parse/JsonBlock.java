package dev.wirespeed.parse;

import dev.wirespeed.guard.PrintableTree;
import dev.wirespeed.results.Json;
import tools.jackson.databind.JsonNode;

/**
 * A JSON document pasted as lines: from a line starting with '{' to the line where the braces
 * balance again (strings and escapes respected). Text after '#' outside a string is dropped: people
 * annotate pasted JSON that way
 * (src/test/resources/parse/other/mdcli-startup-infos-patch-loaded-seed000.txt's MD-CLI output), and JSON
 * itself has no comments.
 *
 * @param text the document without comments
 * @param end  index of the line after the closing brace; {@code from} when the braces never balance
 * @param node the parsed tree, or null when it is not valid JSON (a truncated paste)
 */
public record JsonBlock(String text, int end, JsonNode node) {
    /** Reads from line {@code from}; never throws. */
    public static JsonBlock read(Lines in, int from) {
        StringBuilder text = new StringBuilder();
        int depth = 0;
        boolean started = false;
        for (int i = from; i < in.size(); i++) {
            String line = in.raw(i);
            if (line.strip().equals("...")) {
                text.append('\n'); // an elision in a pasted document
                continue;
            }
            boolean inString = false;
            StringBuilder kept = new StringBuilder();
            for (int c = 0; c < line.length(); c++) {
                char ch = line.charAt(c);
                if (inString) {
                    if (ch == '\\' && c + 1 < line.length()) {
                        kept.append(ch).append(line.charAt(++c));
                        continue;
                    }
                    if (ch == '"') {
                        inString = false;
                    }
                } else if (ch == '"') {
                    inString = true;
                } else if (ch == '#') {
                    break;
                } else if (ch == '{' || ch == '[') {
                    depth++;
                    started = true;
                } else if (ch == '}' || ch == ']') {
                    depth--;
                }
                kept.append(ch);
            }
            text.append(kept).append('\n');
            if (started && depth <= 0) {
                return new JsonBlock(text.toString(), i + 1, tree(text.toString()));
            }
        }
        return new JsonBlock(text.toString(), from, null);
    }

    static JsonNode tree(String text) {
        try {
            // a pasted line cannot hold a line feed, but a JSON string can ("\n", "\u001b")
            return PrintableTree.of(Json.MAPPER.readTree(text));
        } catch (RuntimeException e) {
            return null;
        }
    }

}
