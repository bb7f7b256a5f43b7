package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * What {@code mii-tool} printed instead of a status: "SIOCGMIIPHY on 'eth0' failed: Operation not
 * supported" (the driver answers no MII ioctl: the interface has no PHY mii-tool can read, and ethtool
 * is the tool to ask) or "no MII interfaces found" after such lines.
 *
 * @param iface   the interface the line names; null for "no MII interfaces found"
 * @param message the line as printed
 * @param reason  the system's reason ("Operation not supported", "No such device", "Bad address")
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("MiiError")
public record MiiError(String iface, String message, String reason, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("error", reason != null ? reason : message).map();
    }

    /** A refused ioctl says what the tool could not read, not what the host has: no host fact. */
    @Override
    public void addFacts(FactSink out) {}
}
