package dev.wirespeed.parse.qperf;

import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.Map;

/** One "name = value unit" line under a qperf test ("tcp_bw:" / "bw = 13.8 Gb/sec"). */
@JsonTypeName("QperfValue")
public record QperfValue(String test, String name, Quantity value, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("test", test).put("name", name).put("value", value).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
