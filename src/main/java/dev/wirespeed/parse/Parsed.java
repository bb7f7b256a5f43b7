package dev.wirespeed.parse;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

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
 * @param printed      per record, the fields its lines print, name → value as printed (in JSON as
 *                     the record's "printed", see {@link PrintedFields})
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"format", "firstLine", "lastLine", "records", "measurements", "skipped", "notes"})
public record Parsed(String format, int firstLine, int lastLine, @JsonIgnore List<ParsedRecord> records,
                     List<Measurement> measurements, List<Source> skipped, List<String> notes,
                     @JsonIgnore int start, @JsonIgnore int end, @JsonIgnore List<Map<String, Object>> printed) {

    public Parsed {
        records = List.copyOf(records);
        List<Map<String, Object>> p = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            p.add(printed != null && i < printed.size() ? Collections.unmodifiableMap(printed.get(i)) : Map.of());
        }
        printed = List.copyOf(p);
        measurements = List.copyOf(measurements);
        skipped = List.copyOf(skipped);
        notes = List.copyOf(notes);
    }

    /**
     * The records as explain's JSON shows them: each record's own values, then "printed", the
     * fields its lines print under the tool's names, verbatim (absent when none).
     */
    @JsonProperty("records")
    public List<JsonNode> recordsWithPrinted() {
        List<JsonNode> out = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            JsonNode r = Json.MAPPER.valueToTree(records.get(i));
            if (!printed.get(i).isEmpty() && r instanceof ObjectNode o) {
                o.set("printed", Json.MAPPER.valueToTree(printed.get(i)));
            }
            out.add(r);
        }
        return out;
    }

    /** The fields record {@code i} prints, as {@link #recordsWithPrinted} shows them. */
    public Map<String, Object> printed(int i) {
        return printed.get(i);
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
        addFacts(facts, input, k -> true);
    }

    /** As above, with only the measurements whose index in the block {@code result} accepts (a failed run's are no result). */
    public void addFacts(Facts.Builder facts, String input, IntPredicate result) {
        FactSink sink = new FactSink(facts, format, input);
        for (ParsedRecord r : records) {
            r.addFacts(sink.at(r));
        }
        sink.finish();
        for (int k = 0; k < measurements.size(); k++) {
            if (result.test(k)) {
                facts.add(measurements.get(k));
            }
        }
    }

    /** A copy with one more note. */
    public Parsed withNote(String note) {
        List<String> n = new ArrayList<>(notes);
        n.add(note);
        return new Parsed(format, firstLine, lastLine, records, measurements, skipped, n, start, end, printed);
    }
}
