package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * What {@code ethtool} printed instead of an output: netlink's "netlink error: MESSAGE" lines
 * (ethtool netlink/netlink.c: the kernel's extack message, then strerror of the errno), or the ioctl
 * path's "Cannot get device settings: Operation not supported" (perror) and "Cannot advertise speed
 * 10" warnings (ethtool.c do_sset).
 *
 * @param iface    the interface the typed command names; null when the paste shows no command
 * @param command  the command as typed
 * @param option   its first option ("-s", "--show-fec"); null for a bare "ethtool IFACE"
 * @param messages the lines as printed, one an entry
 * @param reason   the errno's text ("Operation not supported", "Invalid argument", "No such device"),
 *                 when a line ends in one
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("EthtoolError")
public record EthtoolError(String iface, String command, String option, List<String> messages, String reason,
                           Source source) implements ParsedRecord {
    public EthtoolError {
        messages = List.copyOf(messages);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("option", option).put("error", reason)
                .put("what it printed", messages.getFirst()).map();
    }

    /** An error says what the host refused, not what it has: no host fact. */
    @Override
    public void addFacts(FactSink out) {}
}
