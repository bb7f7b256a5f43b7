package dev.wirespeed.parse.pci;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.PcieLink;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.Map;

/**
 * A PCIe link: what the device can do (LnkCap) and what it negotiated (LnkSta). Speeds are per
 * lane in GT/s (2.5 Gen1, 5 Gen2, 8 Gen3, 16 Gen4, 32 Gen5, 64 Gen6). Absent when not printed.
 *
 * Each typed value keeps its own printed token as raw (round 13, ethib13): a speed "16GT/s", a width "x16"
 * (a {@link Quantity} in lanes), not the whole LnkCap/LnkSta line, which stays in the record's printed map;
 * so a fact or a search for the token lspci printed finds the field it was read into.
 *
 * @param speedDowngraded / widthDowngraded: lspci's own "(downgraded)" mark, or the OFED
 *        installer's "WARNING - device supports xN"
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PcieLink")
public record PcieLinkRecord(String address, Quantity capableSpeed, Quantity capableWidth, Quantity speed, Quantity width,
                       Boolean speedDowngraded, Boolean widthDowngraded, Integer maxPayloadBytes,
                       Integer maxReadRequestBytes, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("address", address)
                .put("capable", text(capableSpeed, capableWidth, null, null))
                .put("negotiated", text(speed, width, speedDowngraded, widthDowngraded))
                .put("max payload", maxPayloadBytes == null ? null : maxPayloadBytes + " B").map();
    }

    private static String text(Quantity speed, Quantity width, Boolean sd, Boolean wd) {
        if (speed == null && width == null) {
            return null;
        }
        String s = speed == null ? "?" : UnitWords.trim(speed.value()) + " GT/s";
        String w = width == null ? "" : " x" + (int) width.value();
        String mark = Boolean.TRUE.equals(sd) || Boolean.TRUE.equals(wd) ? " (downgraded)" : "";
        return s + w + mark;
    }

    /**
     * The device's link. mlx5cmd's CAPS is the link's capability, not the card's:
     * src/test/resources/parse/mlx/mlx5cmd-stat-x4-seed001.txt shows the same card (PSID MT_2180110032) with
     * CAPS=8.0*x4 in one slot and CAPS=8.0*x16 in another. It is dropped, so the family's interface stands in
     * for the maximum.
     */
    @Override
    public void addFacts(FactSink out) {
        boolean slotCaps = "mlx5cmd".equals(out.format());
        FactSink.pci(address).ifPresent(f -> out.add(PciFunction.builder(f).link(new PcieLink(gts(speed, out),
                width(width, out), slotCaps ? Observed.notSeen() : gts(capableSpeed, out),
                slotCaps ? Observed.notSeen() : width(capableWidth, out),
                maxPayloadBytes == null ? Observed.notSeen() : out.of(maxPayloadBytes, maxPayloadBytes + " bytes"),
                Boolean.TRUE.equals(widthDowngraded) || Boolean.TRUE.equals(speedDowngraded)
                        ? out.of(true, "(downgraded)") : Observed.notSeen(),
                null)).build()));
    }

    /** A per-lane rate in GT/s as the fact model reads it, or not seen. */
    public static Observed<Double> gts(Quantity q, FactSink out) {
        return q == null ? Observed.notSeen() : out.parse(UnitWords.trim(q.value()) + " GT/s", PcieLink::parseTransferRate);
    }

    /** A link width as the fact model reads it, or not seen. */
    public static Observed<Integer> width(Integer w, FactSink out) {
        return w == null ? Observed.notSeen() : out.parse("x" + w, PcieLink::parseWidth);
    }

    /** A link width in lanes as the fact model reads it, or not seen. */
    public static Observed<Integer> width(Quantity w, FactSink out) {
        return width(w == null ? null : Integer.valueOf((int) w.value()), out);
    }
}
