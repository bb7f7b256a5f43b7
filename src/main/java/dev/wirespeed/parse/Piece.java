package dev.wirespeed.parse;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * One command of a log and what was read from its output.
 *
 * @param index        1-based, in input order
 * @param input        the file the piece came from ("-" for standard input), null when not given
 * @param prompt       the prompt as printed; "" for a bare command line in prose; null without a command
 * @param command      the command line, null when none was seen
 * @param firstLine    first line of the output (1-based, whole input)
 * @param lastLine     last line of the output
 * @param outputs      blocks in a known format, in order
 * @param unrecognized non-blank lines outside those blocks: their count and the first one
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"index", "input", "prompt", "command", "firstLine", "lastLine", "outputs", "unrecognized"})
public record Piece(int index, String input, String prompt, String command, int firstLine, int lastLine, List<Parsed> outputs,
                    Unrecognized unrecognized) {

    public Piece {
        outputs = List.copyOf(outputs);
    }

    /**
     * Lines no parser read: how many, the first (what "unrecognized: <first line>" shows), and every
     * run of consecutive such lines, so a user can see exactly what explain ignored.
     */
    @JsonPropertyOrder({"lines", "first", "ranges"})
    public record Unrecognized(int lines, Source first, List<Range> ranges) {
        public Unrecognized {
            ranges = List.copyOf(ranges);
        }
    }

    /** Lines firstLine..lastLine (1-based, whole input, both included). */
    public record Range(int firstLine, int lastLine) {}

    public boolean recognized() {
        return !outputs.isEmpty();
    }
}
