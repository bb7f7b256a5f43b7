package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One status line of {@code mlnx_tune -r}'s system report, in its section.
 *
 * @param section "CPU Status", "ConnectX-4 Device Status on PCI 03:00.0", "enp3s0 (Port 1) Status" …
 * @param level   "OK", "Warning" or null for a plain line
 * @param item    what it is about ("PCI Speed", "Link status", "Frequency")
 * @param value   the value as printed ("5GT/s", "Down", "2800.0MHz")
 * @param advice  the text after ">>>", or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("TuneItem")
public record TuneItem(String section, String level, String item, String value, String advice, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("section", section).put("level", level).put("item", item).put("value", value)
                .put("advice", advice).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
