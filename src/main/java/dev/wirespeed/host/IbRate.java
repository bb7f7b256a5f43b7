package dev.wirespeed.host;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.wirespeed.limits.IbSpeed;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An RDMA port's active rate as a source reports it. sysfs and ibstatus give all three parts
 * ("100 Gb/sec (4X EDR)"); ibstat only the number ("Rate: 100"); ibv_devinfo -v and iblinkinfo
 * give width and lane speed. Parts a source does not give are null.
 *
 * @param reportedGbps the number printed, in Gbit/s (signal rate for SDR/DDR/QDR), or null
 * @param widthLanes   1, 2, 4, 8 or 12, or null
 * @param speed        the lane speed, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record IbRate(Double reportedGbps, Integer widthLanes, IbSpeed speed) {
    private static final Pattern SYSFS = Pattern.compile(
            "(\\d+(?:\\.\\d+)?)\\s*Gb/sec\\s*\\((\\d+)X\\s*([A-Z0-9]+)\\)", Pattern.CASE_INSENSITIVE);
    private static final Pattern NUMBER = Pattern.compile("(\\d+(?:\\.\\d+)?)(?:\\s*Gb/sec)?", Pattern.CASE_INSENSITIVE);

    /** "100 Gb/sec (4X EDR)" or a bare "100"; IllegalArgumentException otherwise. */
    public static IbRate parse(String text) {
        String t = text.strip();
        Matcher m = SYSFS.matcher(t);
        if (m.matches()) {
            return new IbRate(Double.parseDouble(m.group(1)), Integer.parseInt(m.group(2)), IbSpeed.parse(m.group(3)));
        }
        m = NUMBER.matcher(t);
        if (m.matches()) {
            return new IbRate(Double.parseDouble(m.group(1)), null, null);
        }
        throw new IllegalArgumentException("expected a rate like '100 Gb/sec (4X EDR)' but was '" + text + "'");
    }

    /** "4X" or "4" → 4. */
    public static int parseWidth(String text) {
        String t = text.strip();
        if (t.endsWith("X") || t.endsWith("x")) {
            t = t.substring(0, t.length() - 1);
        }
        int w = Integer.parseInt(t);
        if (w != 1 && w != 2 && w != 4 && w != 8 && w != 12) {
            throw new IllegalArgumentException("expected a link width 1X, 2X, 4X, 8X or 12X but was '" + text + "'");
        }
        return w;
    }

    /**
     * Data rate in Gbit/s after the line code when width and speed are known (4X QDR → 32),
     * else null: a bare number cannot be corrected for the encoding.
     */
    @JsonIgnore
    public Double infinibandDataGbps() {
        return widthLanes == null || speed == null ? null : widthLanes * speed.dataGbpsPerLane();
    }

    /** "100 Gb/sec (4X EDR)" as sysfs prints it, or as much of it as is known. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        if (reportedGbps != null) {
            b.append(reportedGbps == Math.rint(reportedGbps) ? Long.toString(reportedGbps.longValue()) : reportedGbps.toString())
                    .append(" Gb/sec");
        }
        if (widthLanes != null || speed != null) {
            b.append(b.isEmpty() ? "(" : " (").append(widthLanes == null ? "?" : widthLanes).append("X ")
                    .append(speed == null ? "?" : speed.name()).append(')');
        }
        return b.toString();
    }
}
