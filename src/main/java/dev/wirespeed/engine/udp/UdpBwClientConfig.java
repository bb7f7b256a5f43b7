package dev.wirespeed.engine.udp;

import dev.wirespeed.engine.session.ClientTarget;
import dev.wirespeed.engine.session.TargetBuilder;
import dev.wirespeed.wire.TestSpec;
import java.net.InetAddress;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;

/**
 * Build one with {@link #builder()}; {@link #toBuilder()} copies every field.
 *
 * @param receiveDrop test hook: the client's receivers drop the datagrams it selects, counted from 1 as
 *                    read (null = none)
 * @param bindAddress local address of the control connection and the UDP sockets, null = the kernel's choice
 * @param frames      an isochronous test's collector of both sides' frame counts (null = not one)
 */
public record UdpBwClientConfig(String host, int port, TestSpec spec, int connectTimeoutMillis, BooleanSupplier interrupted,
                                LongPredicate receiveDrop, boolean serverOutput, InetAddress bindAddress, FrameCollector frames)
        implements ClientTarget {
    public UdpBwClientConfig {
        if (interrupted == null) {
            interrupted = () -> false;
        }
    }

    /** A builder holding every field of this config: change some, {@code build()} a copy that keeps the rest. */
    public Builder toBuilder() {
        Builder b = new Builder().from(this);
        b.spec = spec;
        b.receiveDrop = receiveDrop;
        b.frames = frames;
        return b;
    }

    /** Defaults: a 5 s connect timeout, nothing else set. */
    public static Builder builder() {
        return new Builder();
    }

    /** Sets fields by name, so that no caller depends on the order of the record's components. */
    public static final class Builder extends TargetBuilder<Builder> {
        private TestSpec spec;
        private LongPredicate receiveDrop;
        private FrameCollector frames;

        private Builder() {
            super(5_000);
        }

        public Builder spec(TestSpec spec) {
            this.spec = spec;
            return this;
        }

        public Builder receiveDrop(LongPredicate receiveDrop) {
            this.receiveDrop = receiveDrop;
            return this;
        }

        public Builder frames(FrameCollector frames) {
            this.frames = frames;
            return this;
        }

        public UdpBwClientConfig build() {
            return new UdpBwClientConfig(host, port, spec, connectTimeoutMillis, interrupted, receiveDrop, serverOutput,
                    bindAddress, frames);
        }
    }
}
