package dev.wirespeed.parse.perftest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A bare number perftest printed (--output=…, printf("%lf")) whose context names the program but not
 * what the number is: bandwidth in MB/sec or Gb/sec, message rate or latency (issue 31 point 5). Kept
 * as printed rather than dropped; no measurement is made of it.
 *
 * @param value   the number as printed
 * @param program the perftest program the context names
 * @param context the heading or typed command the number was found under
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("UnlabelledFigure")
public record UnlabelledFigure(String value, String program, String context, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("unlabelled figure", value).put("program", program).map();
    }

    /** A number without its quantity or unit says nothing about the host. */
    @Override
    public void addFacts(FactSink out) {}
}
