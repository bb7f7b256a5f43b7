package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.UnitWords;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Rate texts of the IB tools: "200 Gb/sec (2X NDR)" (sysfs, ibstatus), "100", "10 (FDR10)" (ibstat). */
final class IbRates {
    private IbRates() {}

    private static final Pattern RATE = Pattern.compile(
            "(\\d+(?:\\.\\d+)?)\\s*(?:Gb/sec|Gbps|Gb/s)?\\s*(?:\\((?:(\\d+X)\\s*)?([A-Za-z0-9]+)?\\))?\\s*");

    /**
     * Parsed rate; width and speed name in {@code parts[0]}, {@code parts[1]} when printed. The raw text is
     * the value as the tool printed it and its reader reads it ("200", "200 Gb/sec (4X HDR)"), as sysfs's
     * rate file holds it, without the field's name: one notation for every reader of RdmaPort.rate.
     */
    static Quantity parse(String text, String[] parts) {
        if (text == null) {
            return null;
        }
        Matcher m = RATE.matcher(text);
        if (!m.matches()) {
            return null;
        }
        double gbps = UnitWords.number(m.group(1));
        if (parts != null) {
            parts[0] = m.group(2);
            parts[1] = m.group(3);
        }
        return Quantity.bitsPerSecond(gbps * 1e9, text.strip());
    }
}
