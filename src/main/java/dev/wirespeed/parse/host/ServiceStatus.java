package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One unit of {@code systemctl status} (seed 001 l.255 openibd, seed 002 l.214 rshim): its name, where
 * it was loaded from and whether it runs.
 *
 * @param unit     the unit without ".service" ("opensmd", "rshim")
 * @param loaded   "loaded", "not-found", "masked" …, null when the output has no "Loaded:" line
 * @param unitFile the unit file or init script of "Loaded: loaded (PATH; …)", null when not shown
 * @param active   "active", "inactive", "failed", "activating" … (the first word of "Active:"), or
 *                 "not-found" for "Unit X.service could not be found."; null when not shown
 * @param detail   the rest of the "Active:" line ("(running) since …"), null when none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("ServiceStatus")
public record ServiceStatus(String unit, String loaded, String unitFile, String active, String detail, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("unit", unit).put("loaded", loaded).put("active", active).put("detail", detail)
                .put("unit file", unitFile).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
