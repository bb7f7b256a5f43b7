package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.Map;

/** {@code ethtool IFACE}: the negotiated link. Speed is absent when ethtool says "Unknown!". */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("EthtoolSettings")
public record EthtoolSettings(String iface, Quantity speed, String duplex, String autoNegotiation, String port,
                              Boolean linkDetected, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("speed", speed).put("duplex", duplex)
                .put("autoneg", autoNegotiation).put("port", port)
                .put("link", linkDetected == null ? null : linkDetected ? "yes" : "no").map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
