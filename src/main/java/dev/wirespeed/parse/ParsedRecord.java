package dev.wirespeed.parse;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Map;

/**
 * One thing a parser read: a port, a PCIe link, a result row. Each is a record whose components
 * are the normalized values (units in names or {@link Quantity}), plus the {@link Source} line it
 * starts at. In JSON, "kind" names the record type: each record's explicit {@code @JsonTypeName}
 * (the enum in docs/json/explain.schema.json), never its Java class name, so classes can be renamed
 * or moved without changing the JSON.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "kind")
public interface ParsedRecord {
    Source source();

    /**
     * Adds what this record says about its host to explain's fact set, the model doctor reads from
     * sysfs, so one rule set judges both; or nothing, with the reason in a comment. No default: each
     * record type decides. A record the log rules read across a whole log also implements
     * {@link LogInput} (docs/ARCHITECTURE.md, "How to add an explain format").
     */
    void addFacts(FactSink out);

    /**
     * The key values for explain's compact table, column name → formatted value with unit, in
     * column order. Absent values are left out (the table prints "-").
     */
    Map<String, String> columns();
}
