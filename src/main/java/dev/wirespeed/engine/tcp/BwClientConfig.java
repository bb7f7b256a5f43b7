package dev.wirespeed.engine.tcp;

import dev.wirespeed.engine.session.ClientTarget;
import dev.wirespeed.engine.session.TargetBuilder;
import dev.wirespeed.wire.TestSpec;
import java.net.InetAddress;
import java.util.BitSet;
import java.util.function.BooleanSupplier;

/**
 * Build one with {@link #builder()}; {@link #toBuilder()} copies every field.
 *
 * @param streamsChosenBy "option" or the rule that picked the stream count, for the report
 * @param interrupted     polled while the test runs; true (Ctrl-C) ends it early with a result
 * @param bindAddress     local address of every connection (-B), null = the kernel's choice
 * @param cpu             the CPU the client's data threads are pinned to (-A), null = none
 * @param placeCpus       without -A: the CPUs (the NIC's NUMA node) the data threads may run on, null = any
 * @param clientPort      0 for ephemeral ports, else data connection i binds clientPort + i (--cport)
 * @param bindDevice      the interface every connection is bound to (--bind-dev), null = any
 * @param flowLabel       IPv6 flow label of every TCP data connection (--flowlabel), 0 = none
 * @param mptcp           the data connections open as MPTCP sockets (-m/--mptcp)
 */
public record BwClientConfig(String host, int port, TestSpec spec, String streamsChosenBy, int connectTimeoutMillis,
                             int handshakeTimeoutMillis, BooleanSupplier interrupted, InetAddress bindAddress,
                             Integer cpu, BitSet placeCpus, int clientPort, String bindDevice, boolean serverOutput,
                             int flowLabel, boolean mptcp)
        implements ClientTarget {
    public BwClientConfig {
        if (interrupted == null) {
            interrupted = () -> false;
        }
    }

    /** The local port data connection {@code index} binds, 0 for any (iperf_client_api.c: cport + i). */
    public int clientPortOf(int index) {
        return clientPort == 0 ? 0 : clientPort + index;
    }

    /** A builder holding every field of this config: change some, {@code build()} a copy that keeps the rest. */
    public Builder toBuilder() {
        Builder b = new Builder().from(this);
        b.spec = spec;
        b.streamsChosenBy = streamsChosenBy;
        b.handshakeTimeoutMillis = handshakeTimeoutMillis;
        b.cpu = cpu;
        b.placeCpus = placeCpus;
        b.clientPort = clientPort;
        b.bindDevice = bindDevice;
        b.flowLabel = flowLabel;
        b.mptcp = mptcp;
        return b;
    }

    /** Defaults: streams chosen by "option", 5 s connect and handshake timeouts, nothing else set. */
    public static Builder builder() {
        return new Builder();
    }

    /** Sets fields by name, so that no caller depends on the order of the record's components. */
    public static final class Builder extends TargetBuilder<Builder> {
        private TestSpec spec;
        private String streamsChosenBy = "option";
        private int handshakeTimeoutMillis = 5_000;
        private Integer cpu;
        private BitSet placeCpus;
        private int clientPort;
        private String bindDevice;
        private int flowLabel;
        private boolean mptcp;

        private Builder() {
            super(5_000);
        }

        public Builder spec(TestSpec spec) {
            this.spec = spec;
            return this;
        }

        public Builder streamsChosenBy(String streamsChosenBy) {
            this.streamsChosenBy = streamsChosenBy;
            return this;
        }

        public Builder handshakeTimeoutMillis(int handshakeTimeoutMillis) {
            this.handshakeTimeoutMillis = handshakeTimeoutMillis;
            return this;
        }

        /** Both the connect and the handshake timeout. */
        public Builder timeoutMillis(int timeoutMillis) {
            return connectTimeoutMillis(timeoutMillis).handshakeTimeoutMillis(timeoutMillis);
        }

        public Builder cpu(Integer cpu) {
            this.cpu = cpu;
            return this;
        }

        public Builder placeCpus(BitSet placeCpus) {
            this.placeCpus = placeCpus;
            return this;
        }

        public Builder clientPort(int clientPort) {
            this.clientPort = clientPort;
            return this;
        }

        public Builder bindDevice(String bindDevice) {
            this.bindDevice = bindDevice;
            return this;
        }

        public Builder flowLabel(int flowLabel) {
            this.flowLabel = flowLabel;
            return this;
        }

        public Builder mptcp(boolean mptcp) {
            this.mptcp = mptcp;
            return this;
        }

        public BwClientConfig build() {
            return new BwClientConfig(host, port, spec, streamsChosenBy, connectTimeoutMillis, handshakeTimeoutMillis,
                    interrupted, bindAddress, cpu, placeCpus, clientPort, bindDevice, serverOutput, flowLabel,
                    mptcp);
        }
    }
}
