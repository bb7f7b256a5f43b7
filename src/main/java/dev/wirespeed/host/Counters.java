package dev.wirespeed.host;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The counters of one subject — a netdev, an RDMA port, or the host's IP/TCP stack — by name, each
 * an {@link Observed} with its source ("/sys/class/net/eth0/statistics/rx_dropped",
 * "ethtool -S eth0", "perfquery, paste.txt line 12"). doctor reads them from sysfs/procfs and
 * `ethtool -S`; explain parsers produce the same records from pasted output; the tests' deltas are
 * {@code Counters} too (values = after − before). Key: scope + subject.
 *
 * <h2>Names (one spelling per meaning, so one rule reads every source)</h2>
 * <ul>
 *   <li>{@link Scope#NETDEV}: the kernel's /sys/class/net/IF/statistics file names
 *       ({@code rx_dropped}, {@code rx_crc_errors}, {@code rx_missed_errors}, {@code rx_fifo_errors},
 *       {@code tx_carrier_errors} …) and the driver's `ethtool -S` names as it prints them
 *       ({@code rx_out_of_buffer}, {@code rx_discards_phy}, {@code rx_crc_errors_phy},
 *       {@code rx_symbol_err_phy}, {@code rx_pause_ctrl_phy}, {@code rx_prio3_pause},
 *       {@code link_down_events_phy} …). `ip -s link` columns map to the statistics names with
 *       {@link CounterNames#ipLink}.</li>
 *   <li>{@link Scope#RDMA_PORT}: the file names of /sys/class/infiniband/DEV/ports/N/counters and
 *       hw_counters ({@code symbol_error}, {@code link_downed}, {@code port_rcv_errors},
 *       {@code port_xmit_wait}, {@code out_of_buffer} …); perfquery/ibqueryerrors names map with
 *       {@link CounterNames#ibSysfsName} ("SymbolErrorCounter" → "symbol_error").</li>
 *   <li>{@link Scope#HOST}: nstat's names, the /proc/net/snmp or /proc/net/netstat group followed by
 *       the field ({@code TcpRetransSegs}, {@code TcpOutSegs}, {@code TcpExtTCPBacklogDrop},
 *       {@code TcpExtListenDrops}, {@code UdpRcvbufErrors}). The subject is {@link #HOST_SUBJECT}.</li>
 * </ul>
 * Values are the kernel's unsigned 64-bit counts held in a {@code long} (a wrap stays correct under
 * subtraction). A counter the source does not show is simply not in the map: never zero.
 *
 * @param scope   what the subject is
 * @param subject the netdev name, the RDMA port as "DEV/PORT" (`rdma link`'s spelling, "mlx5_0/1"; pasted
 *                perfquery/ibqueryerrors: "LID 10/1", "GUID 0x…/ALL" for a switch's sum), "host", or
 *                {@link #UNNAMED_SUBJECT} when pasted output did not name its port
 * @param values  counter name → observed value, in the source's order
 */
@JsonPropertyOrder({"scope", "subject", "values"})
public record Counters(Scope scope, String subject, Map<String, Observed<Long>> values) {

    public static final String HOST_SUBJECT = "host";
    /**
     * Ends the source of a value that is a rate, not a count since the last reset: mlnx_perf prints what
     * each counter moved per second while it sampled (issue 26,
     * src/test/resources/parse/seeds/003_6d654e133b65fb90.txt l.301's `mlnx_perf -i ib0`).
     */
    public static final String PER_SECOND = " (per second)";
    /** The subject of pasted counters whose output did not name the port (ethtool -S without its command line). */
    public static final String UNNAMED_SUBJECT = "?";

    public enum Scope {
        @JsonProperty("netdev") NETDEV,
        @JsonProperty("rdma-port") RDMA_PORT,
        @JsonProperty("host") HOST
    }

    public Counters {
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(subject, "subject");
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public static Builder netdev(String name) {
        return new Builder(Scope.NETDEV, name);
    }

    public static Builder rdmaPort(String device, int port) {
        return new Builder(Scope.RDMA_PORT, rdmaSubject(device, port));
    }

    /** Any subject of {@code scope}, spelled as {@link #subject} says (pasted ports: "LID 10/1", {@link #UNNAMED_SUBJECT}). */
    public static Builder builder(Scope scope, String subject) {
        return new Builder(scope, subject);
    }

    public static Builder host() {
        return new Builder(Scope.HOST, HOST_SUBJECT);
    }

    /** "mlx5_0/1". */
    public static String rdmaSubject(String device, int port) {
        return device + "/" + port;
    }

    /** The merge key: "netdev eth0", "rdma-port mlx5_0/1", "host host". */
    @JsonIgnore
    public String key() {
        return scope.name() + " " + subject;
    }

    /** The value of a counter when it was read and understood. */
    public Optional<Long> value(String name) {
        Observed<Long> o = values.get(name);
        return o != null && o.isPresent() ? Optional.of(o.value()) : Optional.empty();
    }

    public Optional<Observed<Long>> observed(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /** Name by name, this record's values first (see {@link Observed#or}); names of both kept. */
    public Counters merge(Counters other) {
        Map<String, Observed<Long>> m = new LinkedHashMap<>(values);
        other.values.forEach((k, v) -> m.merge(k, v, Observed::or));
        return new Counters(scope, subject, m);
    }

    /**
     * What moved between two readings of the same subject: after − before for every name read in
     * both (unsigned wrap included), zero deltas kept (a counter that stayed still is a fact too).
     * Each value's source says "delta of SOURCE".
     */
    public static Counters delta(Counters before, Counters after) {
        Map<String, Observed<Long>> m = new LinkedHashMap<>();
        after.values.forEach((name, a) -> {
            Observed<Long> b = before.values.get(name);
            if (a.isPresent() && b != null && b.isPresent()) {
                long d = a.value() - b.value();
                m.put(name, Observed.of(d, Long.toString(d), "delta of " + (a.source() == null ? name : a.source())));
            }
        });
        return new Counters(after.scope, after.subject, m);
    }

    /** The names whose value is nonzero, in order. */
    @JsonIgnore
    public Map<String, Long> nonzero() {
        Map<String, Long> m = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (v.isPresent() && v.value() != 0) {
                m.put(k, v.value());
            }
        });
        return m;
    }

    /**
     * Parses a kernel counter: decimal, unsigned 64-bit ("18446744073709551615" is kept as its
     * two's-complement long). Throws {@link IllegalArgumentException} with a one-line reason.
     */
    public static long parseCount(String raw) {
        String t = raw.strip();
        try {
            return Long.parseUnsignedLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a counter (unsigned whole number) but was '" + t + "'");
        }
    }

    public static final class Builder {
        private final Scope scope;
        private final String subject;
        private final Map<String, Observed<Long>> values = new LinkedHashMap<>();

        private Builder(Scope scope, String subject) {
            this.scope = scope;
            this.subject = subject;
        }

        /** The first observation of a name wins (the same counter read twice keeps the first). */
        public Builder put(String name, Observed<Long> value) {
            values.merge(name, value, Observed::or);
            return this;
        }

        /** A raw text from {@code source}, parsed with {@link #parseCount}. */
        public Builder parse(String name, String raw, String source) {
            return put(name, Observed.parse(raw, source, Counters::parseCount));
        }

        public Builder value(String name, long value, String source) {
            return put(name, Observed.of(value, Long.toUnsignedString(value), source));
        }

        public boolean isEmpty() {
            return values.isEmpty();
        }

        public Counters build() {
            return new Counters(scope, subject, values);
        }
    }
}
