package dev.wirespeed.explain;

import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Piece;
import dev.wirespeed.parse.ib.IbLink;
import dev.wirespeed.parse.ib.IbNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * "Is host X in this fabric?" answered from ibnetdiscover / iblinkinfo output: the node
 * descriptions name each HCA by its host ("tj01-4090-node005 mlx5_2",
 * src/test/resources/parse/ib/ibnetdiscover-seed000.txt), so a host is in the fabric when a link's node or
 * peer, or a node, has its name as a whole word.
 */
public final class FabricMembership {
    private FabricMembership() {}

    /**
     * @param host     the name asked for
     * @param seenAs   the descriptions and links where it appears (empty: not in the fabric)
     * @param nodes    how many distinct nodes the fabric output names
     */
    public record Answer(String host, List<String> seenAs, int nodes) {
        public boolean found() {
            return !seenAs.isEmpty();
        }

        /** One line for the text output. */
        public String line() {
            return found() ? "fabric: " + host + " is in the fabric: " + String.join("; ", seenAs)
                    : "fabric: " + host + " is not in the fabric read (" + nodes + " nodes named)";
        }
    }

    /** Null when the explanation holds no fabric output at all. */
    public static List<Answer> find(Explanation e, List<String> hosts) {
        List<ParsedRecord> fabric = new ArrayList<>();
        for (Piece p : e.pieces()) {
            for (Parsed out : p.outputs()) {
                out.records().stream().filter(r -> r instanceof IbLink || r instanceof IbNode).forEach(fabric::add);
            }
        }
        if (fabric.isEmpty()) {
            return null;
        }
        Set<String> nodes = new LinkedHashSet<>();
        for (ParsedRecord r : fabric) {
            if (r instanceof IbLink l) {
                add(nodes, l.node());
                add(nodes, l.peer());
            } else if (r instanceof IbNode n) {
                add(nodes, n.name());
            }
        }
        List<Answer> out = new ArrayList<>();
        for (String host : hosts) {
            Pattern word = Pattern.compile("(?<![\\w.-])" + Pattern.quote(host.toLowerCase(Locale.ROOT)) + "(?![\\w.-])");
            Set<String> seen = new LinkedHashSet<>();
            for (ParsedRecord r : fabric) {
                if (r instanceof IbLink l && l.peer() != null && word.matcher(l.peer().toLowerCase(Locale.ROOT)).find()) {
                    seen.add("\"" + l.peer() + "\"" + (l.peerLid() != null ? " lid " + l.peerLid() : "")
                            + (l.node() != null ? " on \"" + l.node() + "\"" + (l.port() != null ? " port " + l.port() : "")
                            : "") + (l.width() != null ? " at " + l.width() + (l.speed() != null ? " " + l.speed() : "") : ""));
                } else if (r instanceof IbLink l && l.node() != null && word.matcher(l.node().toLowerCase(Locale.ROOT)).find()) {
                    seen.add("\"" + l.node() + "\"" + (l.lid() != null ? " lid " + l.lid() : ""));
                } else if (r instanceof IbNode n && n.name() != null && word.matcher(n.name().toLowerCase(Locale.ROOT)).find()) {
                    seen.add("\"" + n.name() + "\" (" + n.type() + (n.lid() != null ? ", lid " + n.lid() : "") + ")");
                }
            }
            out.add(new Answer(host, List.copyOf(seen), nodes.size()));
        }
        return out;
    }

    private static void add(Set<String> nodes, String name) {
        if (name != null && !name.isBlank()) {
            nodes.add(name);
        }
    }
}
