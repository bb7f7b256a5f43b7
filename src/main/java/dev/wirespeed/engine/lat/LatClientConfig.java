package dev.wirespeed.engine.lat;

import dev.wirespeed.engine.session.ClientTarget;
import dev.wirespeed.engine.session.TargetBuilder;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.wire.TestSpec;
import java.net.InetAddress;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * @param iterations     measured round trips per size; null when {@code secondsPerSize} is set
 * @param timeoutMillis  silence of the server (no echo, no control message) that ends the test
 * @param bindAddress    local address of the control and data connections (-B), null = the kernel's choice
 * @param cpu            the CPU the ping-pong thread is pinned to (-A CPU), null = none
 * @param serverCpu      the CPU the server pins its echo thread to (-A CPU,SERVER_CPU), null = none
 */
public record LatClientConfig(String host, int port, boolean udp, List<Integer> sizesBytes, Long iterations,
                              Double secondsPerSize, long warmupIterations, boolean busyPoll, int connectTimeoutMillis,
                              int timeoutMillis, BooleanSupplier interrupted, InetAddress bindAddress, Integer cpu,
                              Integer serverCpu) implements ClientTarget {
    public LatClientConfig {
        sizesBytes = List.copyOf(sizesBytes);
        if (interrupted == null) {
            interrupted = () -> false;
        }
    }

    boolean sweep() {
        return sizesBytes.size() > 1;
    }

    /** The test this config asks the server for. */
    @Override
    public TestSpec spec() {
        return LatClient.spec(udp, sizesBytes, busyPoll, serverCpu);
    }

    /** The parameters the result reports. */
    public LatResult.LatParams params() {
        return new LatResult.LatParams(Protocol.of(udp).label(), sweep(), sizesBytes, iterations, secondsPerSize,
                warmupIterations, busyPoll, cpu, serverCpu, bindAddress == null ? null : bindAddress.getHostAddress());
    }

    /** A builder holding every field of this config: change some, {@code build()} a copy that keeps the rest. */
    public Builder toBuilder() {
        Builder b = new Builder().from(this);
        b.udp = udp;
        b.sizesBytes = sizesBytes;
        b.iterations = iterations;
        b.secondsPerSize = secondsPerSize;
        b.warmupIterations = warmupIterations;
        b.busyPoll = busyPoll;
        b.timeoutMillis = timeoutMillis;
        b.cpu = cpu;
        b.serverCpu = serverCpu;
        return b;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Sets fields by name, so that no caller depends on the order of the record's components. */
    public static final class Builder extends TargetBuilder<Builder> {
        private boolean udp;
        private List<Integer> sizesBytes = List.of();
        private Long iterations;
        private Double secondsPerSize;
        private long warmupIterations;
        private boolean busyPoll;
        private int timeoutMillis;
        private Integer cpu;
        private Integer serverCpu;

        private Builder() {
            super(0);
        }

        public Builder cpu(Integer cpu) {
            this.cpu = cpu;
            return this;
        }

        public Builder serverCpu(Integer serverCpu) {
            this.serverCpu = serverCpu;
            return this;
        }

        public Builder udp(boolean udp) {
            this.udp = udp;
            return this;
        }

        public Builder sizesBytes(List<Integer> sizesBytes) {
            this.sizesBytes = sizesBytes;
            return this;
        }

        public Builder iterations(Long iterations) {
            this.iterations = iterations;
            return this;
        }

        public Builder secondsPerSize(Double secondsPerSize) {
            this.secondsPerSize = secondsPerSize;
            return this;
        }

        public Builder warmupIterations(long warmupIterations) {
            this.warmupIterations = warmupIterations;
            return this;
        }

        public Builder busyPoll(boolean busyPoll) {
            this.busyPoll = busyPoll;
            return this;
        }

        public Builder timeoutMillis(int timeoutMillis) {
            this.timeoutMillis = timeoutMillis;
            return this;
        }

        public LatClientConfig build() {
            return new LatClientConfig(host, port, udp, sizesBytes, iterations, secondsPerSize, warmupIterations, busyPoll,
                    connectTimeoutMillis, timeoutMillis, interrupted, bindAddress, cpu, serverCpu);
        }
    }
}
