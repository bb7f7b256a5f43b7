package dev.wirespeed.wire;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Optional;

/** The test modes of wirespeed's protocol; the label is the {@code mode} a TestRequest carries. */
public enum TestMode {
    TCP_BW("tcp-bw"),
    UDP_BW("udp-bw"),
    TCP_LAT("tcp-lat"),
    UDP_LAT("udp-lat"),
    /** Connection rate (netperf TCP_CRR): a new connection per transaction, see {@link Wire#KIND_TRANSACTION}. */
    TCP_CRR("tcp-crr");

    private final String label;

    TestMode(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    /** Whether the data travels in UDP datagrams rather than on TCP connections. */
    public boolean udp() {
        return this == UDP_BW || this == UDP_LAT;
    }

    /** Whether this is a ping-pong latency test. */
    public boolean latency() {
        return this == TCP_LAT || this == UDP_LAT;
    }

    /** The mode a peer named; empty for a name this version does not know. */
    public static Optional<TestMode> of(String label) {
        for (TestMode m : values()) {
            if (m.label.equals(label)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return label;
    }
}
