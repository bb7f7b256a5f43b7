package dev.wirespeed.parse.nccl;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One size of an nccl-tests run ({@code all_reduce_perf} …): out-of-place and in-place time,
 * algorithm and bus bandwidth. nccl-tests prints GB/s as 10^9 bytes/s (common.cu: size/time/1e3
 * with time in µs); busbw = algbw × the collective's factor (2(n-1)/n for all-reduce, doc/PERFORMANCE.md).
 *
 * @param wrong        out-of-place "#wrong"/"error" column as printed ("0", "N/A")
 * @param inPlaceWrong the in-place half's own "#wrong"/"error" column as printed ("N/A" where the test checks
 *                     nothing in place, sendrecv's "3e+02"); null when the row does not print it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("NcclRow")
public record NcclRow(long sizeBytes, String type, String redop, Double timeMicros, Double algbwGBps, Double busbwGBps,
                      String wrong, Double inPlaceTimeMicros, Double inPlaceAlgbwGBps, Double inPlaceBusbwGBps,
                      String inPlaceWrong, Source source) implements ParsedRecord {
    /** The larger of the out-of-place and in-place bus bandwidths, or null. */
    public Double bestBusbwGBps() {
        if (busbwGBps == null) {
            return inPlaceBusbwGBps;
        }
        return inPlaceBusbwGBps == null ? busbwGBps : Math.max(busbwGBps, inPlaceBusbwGBps);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("size", sizeBytes + " B").put("type", type).put("time", timeMicros == null ? null : timeMicros + " us")
                .put("algbw", algbwGBps == null ? null : algbwGBps + " GB/s")
                .put("busbw", busbwGBps == null ? null : busbwGBps + " GB/s")
                .put("in-place busbw", inPlaceBusbwGBps == null ? null : inPlaceBusbwGBps + " GB/s").map();
    }

    /** nccl-tests rows: the summary carries what the rule needs; no host fact. */
    @Override
    public void addFacts(FactSink out) {}
}
