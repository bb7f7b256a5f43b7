package dev.wirespeed.parse;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Map;

/**
 * One thing a parser read: a port, a PCIe link, a result row. Each is a record whose components
 * are the normalized values (units in names or {@link Quantity}), plus the {@link Source} line it
 * starts at. In JSON, "kind" names the record type.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.SIMPLE_NAME, include = JsonTypeInfo.As.PROPERTY, property = "kind")
public interface ParsedRecord {
    Source source();

    /**
     * The key values for explain's compact table, column name → formatted value with unit, in
     * column order. Absent values are left out (the table prints "-").
     */
    Map<String, String> columns();
}
