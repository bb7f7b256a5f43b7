package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fields a block prints as {@code name: value} (or {@code name : value}, several on a line as
 * perftest's settings, or {@code name = value} as qperf's), kept verbatim under the tool's own name
 * beside the record's typed values: a record's "printed" map in explain's JSON (docs/EXPLAIN.md,
 * "Printed fields"). A line indented under a field that is no field itself (ethtool's further link
 * modes, lspci's flag lines) continues that field's value, one printed line a line.
 */
public final class PrintedFields {
    private PrintedFields() {}

    /**
     * A name: a letter first (or lspci's VPD tag "[PN] "), no colon or tab in it, at most 60
     * characters; nccl-tests' "# " before it is no part of it.
     */
    private static final String NAME = "(?:\\[[A-Z0-9]{2}\\] )?[A-Za-z_][^:\\t=]{0,59}?";
    private static final Pattern COLON = Pattern.compile("^(?:#\\s+)?(" + NAME + ")\\s*:[ \\t]+(\\S.*)$");
    private static final Pattern EQUALS = Pattern.compile("^(" + NAME + ")\\s+=\\s+(\\S.*)$");
    /** Where a second "name : value" starts inside a value: after a tab or two blanks. */
    private static final Pattern NEXT = Pattern.compile("(?:\\t+|\\s{2,})(" + NAME + ")\\s*:[ \\t]+(?=\\S)");

    /**
     * One printed field: its 0-based line in the piece, name and value as printed, and the record it
     * belongs to when its parser says so (null: the record its line belongs to). The value is a
     * String, or, for a row of columns a parser reads (ip -s link's "RX:" row), the row's cells under
     * their column words (a map of Strings). {@code beside}: the field adds to the generic reading of
     * its line instead of replacing it (ping's reply fields beside Windows' "Reply from ADDR: …").
     */
    public record Field(int line, String name, Object value, ParsedRecord owner, boolean beside) {
        Field(int line, String name, String value) {
            this(line, name, value, null, false);
        }

        Field(int line, String name, Object value, ParsedRecord owner) {
            this(line, name, value, owner, false);
        }
    }

    /** The fields of one stripped line; empty when it prints none. */
    static List<Field> of(int line, String text) {
        List<Field> out = new ArrayList<>();
        Matcher m = COLON.matcher(text);
        if (m.matches()) {
            String name = m.group(1).strip();
            String rest = m.group(2);
            while (true) {
                Matcher next = NEXT.matcher(rest);
                if (!next.find()) {
                    out.add(new Field(line, name, rest.strip()));
                    return out;
                }
                out.add(new Field(line, name, rest.substring(0, next.start()).strip()));
                name = next.group(1).strip();
                rest = rest.substring(next.end());
            }
        }
        Matcher e = EQUALS.matcher(text);
        if (e.matches()) {
            out.add(new Field(line, e.group(1).strip(), e.group(2).strip()));
        }
        return out;
    }

    /**
     * The printed fields of lines [from, stop) of {@code in}, each given to the record it belongs to:
     * the last record whose line is at or before the field's (the first record for fields above
     * every record). Returns one map per record, name → value, or → the values when a name repeats.
     */
    static List<Map<String, Object>> assign(Lines in, int from, int stop, List<ParsedRecord> records,
                                            List<Field> explicit) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int r = 0; r < records.size(); r++) {
            out.add(new LinkedHashMap<>());
        }
        if (records.isEmpty()) {
            return out;
        }
        Set<Integer> recordLines = new HashSet<>();
        records.forEach(r -> recordLines.add(r.source().line()));
        List<Field> fields = new ArrayList<>();
        Field last = null;
        int lastIndent = -1;
        for (int i = from; i < stop; i++) {
            if (in.blank(i)) {
                last = null;
                continue;
            }
            List<Field> here = of(i, in.get(i));
            if (!here.isEmpty()) {
                fields.addAll(here);
                last = here.getLast();
                lastIndent = indent(in.raw(i));
                continue;
            }
            int number = in.lineNumber(i);
            if (last != null && !in.decoration(i) && !recordLines.contains(number) && indent(in.raw(i)) > lastIndent) {
                // only the generic reading's fields (Strings) are grown
                Field grown = new Field(last.line(), last.name(), (String) last.value() + "\n" + in.get(i));
                fields.set(fields.lastIndexOf(last), grown);
                last = grown;
            } else {
                last = null;
            }
        }
        // a parser's own reading of a line replaces the generic one, unless it is said to add to it
        Set<Integer> told = new HashSet<>();
        explicit.stream().filter(f -> !f.beside()).forEach(f -> told.add(f.line()));
        fields.removeIf(f -> told.contains(f.line()));
        fields.addAll(explicit);
        for (Field f : fields) {
            int owner = f.owner() == null ? -1 : indexOf(records, f.owner());
            put(out.get(owner >= 0 ? owner : owner(records, in.lineNumber(f.line()))), f.name(), f.value());
        }
        return out;
    }

    private static int indexOf(List<ParsedRecord> records, ParsedRecord r) {
        for (int i = 0; i < records.size(); i++) {
            if (records.get(i) == r) {
                return i;
            }
        }
        return -1;
    }

    /** The last record at or before line {@code number}, else the first one. */
    private static int owner(List<ParsedRecord> records, int number) {
        int best = -1;
        int first = 0;
        for (int r = 0; r < records.size(); r++) {
            int line = records.get(r).source().line();
            if (line <= number && (best < 0 || line > records.get(best).source().line())) {
                best = r;
            }
            if (line < records.get(first).source().line()) {
                first = r;
            }
        }
        return best >= 0 ? best : first;
    }

    @SuppressWarnings("unchecked")
    private static void put(Map<String, Object> map, String name, Object value) {
        Object had = map.get(name);
        if (had == null) {
            map.put(name, value);
        } else if (had instanceof List<?> list) {
            ((List<Object>) list).add(value);
        } else {
            List<Object> both = new ArrayList<>();
            both.add(had);
            both.add(value);
            map.put(name, both);
        }
    }

    /** Leading blanks, a tab counting to the next multiple of 8. */
    private static int indent(String raw) {
        int col = 0;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == ' ') {
                col++;
            } else if (c == '\t') {
                col = (col / 8 + 1) * 8;
            } else {
                break;
            }
        }
        return col;
    }
}
