package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.host.Counters;
import java.util.List;

/**
 * What the counters did during a test (issues 18 and 26), in three kinds that are told apart:
 * <ul>
 *   <li>the test's own sockets ({@link Sockets}): TCP_INFO of its TCP sockets, the drops of its UDP
 *       sockets — nothing else counts there;</li>
 *   <li>the path: each side's interface and the RDMA ports behind it ({@code client}/{@code server},
 *       scope netdev and rdma-port);</li>
 *   <li>host-wide protocol counters (/proc/net/snmp and netstat, scope host), of this test's
 *       protocol only: every process of that host counts there too, so they are context, never
 *       the verdict ({@link Note#hostWide}).</li>
 * </ul>
 *
 * @param protocol        "tcp" or "udp": the test's; host-wide counters of another protocol are left out
 * @param clientInterface the client's interface of the path, null when not found
 * @param client          the client's nonzero deltas; empty when nothing moved, null when not read
 * @param clientSockets   the client's sockets of the test, null when not read
 * @param serverInterface the server's interface (the subject of its netdev deltas), null when unknown
 * @param server          the server's nonzero deltas; null when the server did not send them (an older
 *                        server, iperf3, or the snapshots were off)
 * @param serverSockets   the server's sockets of the test, null when not known
 * @param notes           the counter findings: the test's and the path's first, worst first; host-wide ones last
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"protocol", "clientInterface", "client", "clientSockets", "serverInterface", "server",
        "serverSockets", "notes"})
public record CounterReport(String protocol, String clientInterface, List<Counters> client, Sockets clientSockets,
                            String serverInterface, List<Counters> server, Sockets serverSockets, List<Note> notes) {

    /**
     * The test's own sockets on one side.
     *
     * @param protocol     "tcp" or "udp"
     * @param sockets      how many were read (TCP: the sending sockets whose TCP_INFO was read)
     * @param retransmits  TCP: segments these sockets retransmitted (tcpi_total_retrans)
     * @param segmentsSent TCP: segments they sent, estimated as bytes sent / MSS (tcpi_snd_mss) plus the
     *                     retransmits (as the host's TcpOutSegs counts them)
     * @param drops        UDP: datagrams the kernel dropped at these sockets, their receive queue full
     *                     (sk_drops: the drops column of /proc/net/udp and udp6)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Sockets(String protocol, int sockets, Long retransmits, Long segmentsSent, Long drops) {}

    /**
     * @param side     "client" or "server"
     * @param rule     the counter rule's id ("counter-rx-buffer")
     * @param severity info, warn or error
     * @param subject  "client enp65s0f0np0", "server mlx5_0 port 1", "client sockets", "client host-wide"
     * @param message  the counters with their deltas and the cause, one sentence
     * @param fix      what to do, with a command where there is one
     * @param hostWide true for a note on host-wide counters: context, never a verdict
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Note(String side, String rule, String severity, String subject, String message, String fix,
                       Boolean hostWide) {
        /**
         * Host-wide: marked so, or (a result stored before issue 26) on the host's TCP/IP counters,
         * which older notes named "tcp/ip".
         */
        @JsonIgnore
        public boolean isHostWide() {
            return Boolean.TRUE.equals(hostWide) || (hostWide == null && subject != null && subject.endsWith("tcp/ip"));
        }
    }

    /**
     * Both sides' counters as measured, before anyone judged them: {@code notes} is null until
     * {@code diagnose.TestCounters.noted} draws them (the engine measures; the result's consumer
     * judges, issue 27). Host-wide counters of another protocol than the test's are left out here.
     *
     * @param serverInterface null: the subject of the server's first netdev delta, if any
     * @return null when neither side has anything
     */
    public static CounterReport measured(Protocol protocol, String clientInterface, List<Counters> clientDeltas,
                                         Sockets clientSockets, String serverInterface, List<Counters> serverDeltas,
                                         Sockets serverSockets) {
        if (clientDeltas == null && clientSockets == null && serverDeltas == null && serverSockets == null) {
            return null;
        }
        List<Counters> client = protocol.ownCounters(clientDeltas);
        List<Counters> server = protocol.ownCounters(serverDeltas);
        String serverIface = serverInterface != null ? serverInterface : server == null ? null : server.stream()
                .filter(x -> x.scope() == Counters.Scope.NETDEV).map(Counters::subject).findFirst().orElse(null);
        return new CounterReport(protocol.label(), clientInterface, client, clientSockets, serverIface, server,
                serverSockets, null);
    }

    /** The same report with {@code notes}. */
    public CounterReport withNotes(List<Note> notes) {
        return new CounterReport(protocol, clientInterface, client, clientSockets, serverInterface, server,
                serverSockets, notes);
    }

    /** The same report with {@code client} and {@code server} replaced (e.g. cut to the counters that matter). */
    public CounterReport withDeltas(List<Counters> clientDeltas, List<Counters> serverDeltas) {
        return new CounterReport(protocol, clientInterface, clientDeltas, clientSockets, serverInterface, serverDeltas,
                serverSockets, notes);
    }

    /**
     * The note a verdict names: the worst on the test's own sockets or its path, or null. A host-wide
     * note is never it: other processes count there too.
     */
    public Note headline() {
        return notes == null ? null : notes.stream().filter(n -> !n.isHostWide()).findFirst().orElse(null);
    }
}
