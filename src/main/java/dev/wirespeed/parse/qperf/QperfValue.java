package dev.wirespeed.parse.qperf;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One "name = value unit" line under a qperf test ("tcp_bw:" / "bw = 13.8 Gb/sec").
 *
 * @param value the number with its unit; null for a "conf" line
 * @param text  a "conf" line's value as printed ("0.4.11", "Linux 3.10.0-862.el7.x86_64"); else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("QperfValue")
public record QperfValue(String test, String name, Quantity value, String text, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("test", test).put("name", name).put("value", value != null ? value : text).map();
    }

    /** A benchmark figure: its numbers reach the host's facts as the block's Measurements. */
    @Override
    public void addFacts(FactSink out) {}
}
