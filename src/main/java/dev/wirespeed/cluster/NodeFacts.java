package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What the mesh compares across hosts, taken by each agent from its doctor facts for the interface
 * the coordinator reached it on. Absent values are null, never zero.
 *
 * @param address                 the agent's address the coordinator reached
 * @param interfaceName           the netdev holding that address
 * @param linkLayer               "Ethernet", "InfiniBand" (IPoIB), "loopback", or null
 * @param virtualInterface        true for a bridge, veth, loopback … (no NIC behind it)
 * @param portRateBitsPerSecond   link rate: the netdev's speed, or the InfiniBand port's data rate
 * @param rdmaDevice              the RDMA device behind the interface, if any
 * @param firmware                that device's firmware version
 * @param rdmaDevices             every RDMA device of the host
 * @param rdmaNaming              how those are named: "kernel" (mlx5_0), "udev" (ibp171s0, rocep22s0f0), "mixed"
 * @param governor                CPU frequency governor, or "mixed: …"
 * @param tcpCeilingBitsPerSecond TCP goodput limit of the link at its MTU (physical links with a known rate)
 * @param findings                the doctor's warnings and errors on this host
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"hostname", "software", "cores", "os", "address", "interfaceName", "linkLayer", "virtualInterface",
    "mtuBytes", "portRateBitsPerSecond", "driver", "rdmaDevice", "firmware", "rdmaDevices", "rdmaNaming", "governor",
    "tcpCeilingBitsPerSecond", "findings"})
public record NodeFacts(
        String hostname,
        String software,
        Integer cores,
        String os,
        String address,
        String interfaceName,
        String linkLayer,
        Boolean virtualInterface,
        Integer mtuBytes,
        Double portRateBitsPerSecond,
        String driver,
        String rdmaDevice,
        String firmware,
        List<String> rdmaDevices,
        String rdmaNaming,
        String governor,
        Double tcpCeilingBitsPerSecond,
        List<NodeFinding> findings) {

    public NodeFacts {
        rdmaDevices = rdmaDevices == null ? List.of() : List.copyOf(rdmaDevices);
        findings = findings == null ? List.of() : List.copyOf(findings);
    }

    /** A doctor finding, flattened for the mesh report. */
    public record NodeFinding(String rule, String severity, String subject, String message) {}
}
