package dev.wirespeed.parse;

import dev.wirespeed.results.Measurement;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Collects what a parser reads from one block: records, used lines, notes. */
public final class ParseBuilder {
    private final String format;
    private final Lines in;
    private final int from;
    private final BitSet used = new BitSet();
    private final List<ParsedRecord> records = new ArrayList<>();
    private final List<Measurement> measurements = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<PrintedFields.Field> printed = new ArrayList<>();

    public ParseBuilder(String format, Lines in, int from) {
        this.format = format;
        this.in = in;
        this.from = from;
    }

    public Lines in() {
        return in;
    }

    /** Marks line i as understood. */
    public ParseBuilder use(int i) {
        used.set(i);
        return this;
    }

    public boolean used(int i) {
        return used.get(i);
    }

    public ParseBuilder add(ParsedRecord r) {
        if (r != null) {
            records.add(r);
        }
        return this;
    }

    public List<ParsedRecord> records() {
        return records;
    }

    public ParseBuilder measurement(Measurement m) {
        if (m != null) {
            measurements.add(m);
        }
        return this;
    }

    /**
     * A field line i prints in a form {@link PrintedFields} does not read by itself (a table's row,
     * a counter line), kept verbatim under {@code name} in the record the line belongs to.
     */
    public ParseBuilder printed(int i, String name, String value) {
        printed.add(new PrintedFields.Field(i, name, value));
        return this;
    }

    /** As {@link #printed(int, String, String)}, kept in {@code owner} (a summary made after the lines it sums). */
    public ParseBuilder printed(ParsedRecord owner, int i, String name, String value) {
        printed.add(new PrintedFields.Field(i, name, value, owner));
        return this;
    }

    /**
     * As {@link #printed(ParsedRecord, int, String, String)}, beside the generic reading of line i
     * rather than instead of it (ping's "icmp_seq=1" beside a Windows reply's "Reply from ADDR: …").
     */
    public ParseBuilder printedBeside(ParsedRecord owner, int i, String name, String value) {
        printed.add(new PrintedFields.Field(i, name, value, owner, true));
        return this;
    }

    /**
     * A row of columns line i prints (ip -s link's "RX:" header and the numbers under it), kept in
     * {@code owner} under the row's label as the tool prints it, each cell under its column word.
     */
    public ParseBuilder printedRow(ParsedRecord owner, int i, String label, Map<String, String> cells) {
        printed.add(new PrintedFields.Field(i, label, new LinkedHashMap<>(cells), owner));
        return this;
    }

    /** Measurements added so far. */
    public int measurementCount() {
        return measurements.size();
    }

    public ParseBuilder note(String note) {
        if (!notes.contains(note)) {
            notes.add(note);
        }
        return this;
    }

    /**
     * The result for lines [from, end): trailing lines that were not used are given back (the
     * block ends at its last used line), and unused non-decoration lines inside are "skipped".
     */
    public Parsed done(int end) {
        int last = Math.min(end, in.size()) - 1;
        while (last >= from && !used.get(last)) {
            last--;
        }
        int stop = last + 1;
        List<Source> skipped = new ArrayList<>();
        for (int i = from; i < stop; i++) {
            if (!used.get(i) && !in.decoration(i)) {
                skipped.add(in.source(i));
            }
        }
        int firstLine = in.lineNumber(from);
        int lastLine = stop > from ? in.lineNumber(stop - 1) : firstLine;
        return new Parsed(format, firstLine, lastLine, records, measurements, skipped, notes, from,
                Math.max(stop, from), PrintedFields.assign(in, from, stop, records, printed));
    }
}
