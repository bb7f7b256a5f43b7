package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.Map;

/** {@code ethtool -a IFACE}: IEEE 802.3x pause (global flow control) settings. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PauseSettings")
public record PauseSettings(String iface, Boolean autoNegotiate, Boolean rx, Boolean tx, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("autoneg", onOff(autoNegotiate)).put("rx", onOff(rx))
                .put("tx", onOff(tx)).map();
    }

    static String onOff(Boolean b) {
        return b == null ? null : b ? "on" : "off";
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
