package dev.wirespeed.parse;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.results.Measurement;
import java.util.List;

/**
 * What one parser read from one block of lines.
 *
 * @param format       the format's name ("ibstat", "iperf2", "perftest-bw" …)
 * @param firstLine    1-based line number of the block's first line in the whole input
 * @param lastLine     1-based number of its last line
 * @param records      the normalized records, in input order
 * @param measurements results in the common model (benchmarks only)
 * @param skipped      lines inside the block that the parser did not understand
 * @param notes        remarks about the reading ("the command says iperf3; this is iperf2's output")
 * @param start        index of the first line in the piece (not in JSON)
 * @param end          index after the last line in the piece (not in JSON)
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"format", "firstLine", "lastLine", "records", "measurements", "skipped", "notes"})
public record Parsed(String format, int firstLine, int lastLine, List<ParsedRecord> records,
                     List<Measurement> measurements, List<Source> skipped, List<String> notes,
                     @JsonIgnore int start, @JsonIgnore int end) {

    public Parsed {
        records = List.copyOf(records);
        measurements = List.copyOf(measurements);
        skipped = List.copyOf(skipped);
        notes = List.copyOf(notes);
    }

    /** True when nothing was read. */
    @JsonIgnore
    public boolean isEmpty() {
        return records.isEmpty() && measurements.isEmpty();
    }

    /** Records of one type. */
    public <T extends ParsedRecord> List<T> all(Class<T> type) {
        return records.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /**
     * Adds what this block says about its host to {@code facts}: each record's facts
     * ({@link ParsedRecord#addFacts}), citing "FORMAT, INPUT line N", then the measurements.
     */
    public void addFacts(Facts.Builder facts, String input) {
        FactSink sink = new FactSink(facts, format, input);
        for (ParsedRecord r : records) {
            r.addFacts(sink.at(r));
        }
        measurements.forEach(facts::add);
    }

    /** A copy with one more note. */
    public Parsed withNote(String note) {
        List<String> n = new java.util.ArrayList<>(notes);
        n.add(note);
        return new Parsed(format, firstLine, lastLine, records, measurements, skipped, n, start, end);
    }
}
