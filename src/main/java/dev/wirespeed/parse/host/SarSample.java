package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One row of a {@code sar -n KEYWORD} report (sysstat): an interface's DEV or EDEV figures, the TCP, ETCP,
 * SOCK … figures of the host, at one sample time or averaged over the run.
 *
 * @param report  the keyword the head line's columns belong to: "DEV", "EDEV", "TCP", "ETCP", "SOCK", "SOFT" …
 * @param time    the sample's time as printed ("12:07:23 PM", "23时09分12秒"), or the averages' label ("Average:")
 * @param average true on the rows sar prints after the samples, averaged over them
 * @param subject the row's interface (DEV, EDEV) or CPU (SOFT); null for the host-wide reports
 * @param values  every column under sar's own name ("rxpck/s", "rxdrop/s", "%ifutil", "totsck"), in printed
 *                order: a name ending in "/s" is a rate per second over the sample, kB/s kilobytes (1024 B)
 *                per second, the rest counts or percents as sar prints them
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("SarSample")
public record SarSample(String report, String time, boolean average, String subject, Map<String, Double> values,
                        Source source) implements LogInput {
    public SarSample {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("report", report).put("time", time).put("subject", subject).put("values", values.size()).map();
    }

    /**
     * Nothing: sar's figures are rates over a sample of the past, and the counter rules judge totals since a
     * reset (or mlnx_perf's live rates, which they name); a sar rate in them would be worded wrong.
     */
    @Override
    public void addFacts(FactSink out) {
    }
}
