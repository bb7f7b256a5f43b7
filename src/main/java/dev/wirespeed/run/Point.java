package dev.wirespeed.run;

import java.util.List;
import java.util.Map;

/**
 * One run of one engine with one set of parameters: a cell of a series' grid, one repetition.
 *
 * @param seq        1-based position in the campaign
 * @param series     the series it belongs to
 * @param params     every parameter: the series' fixed ones, then this cell's grid values
 * @param gridValues only the grid values (they name the point in tables)
 * @param repetition 1-based
 * @param key        stable identity in the store: the same plan gives the same keys, so --resume
 *                   can tell finished points from the rest
 */
public record Point(int seq, Plan.Series series, Map<String, String> params, Map<String, String> gridValues,
                    int repetition, String key) {

    public String engine() {
        return series.engine();
    }

    public List<String> labels() {
        return series.labels();
    }

    /** "iperf3 streams=4 rep 2" for progress lines. */
    public String title() {
        StringBuilder b = new StringBuilder(series.engine());
        gridValues.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
        if (!series.labels().isEmpty()) {
            b.append(" [").append(String.join(",", series.labels())).append(']');
        }
        return b.append(" rep ").append(repetition).toString();
    }
}
