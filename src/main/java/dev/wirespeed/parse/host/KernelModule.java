package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/** A loaded kernel module from {@code lsmod}. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("KernelModule")
public record KernelModule(String name, long sizeBytes, int useCount, List<String> usedBy, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("module", name).put("size", sizeBytes + " B").put("used", useCount)
                .put("by", String.join(",", usedBy)).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
