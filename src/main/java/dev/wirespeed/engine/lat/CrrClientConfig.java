package dev.wirespeed.engine.lat;

import dev.wirespeed.engine.session.ClientTarget;
import dev.wirespeed.engine.session.TargetBuilder;
import dev.wirespeed.results.CrrResult;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.net.InetAddress;
import java.util.function.BooleanSupplier;

public record CrrClientConfig(String host, int port, int streams, double seconds, int requestBytes, int connectTimeoutMillis,
                              int timeoutMillis, BooleanSupplier interrupted, InetAddress bindAddress) implements ClientTarget {
    public CrrClientConfig {
        if (interrupted == null) {
            interrupted = () -> false;
        }
    }

    @Override
    public TestSpec spec() {
        return TestSpec.connectionRate().direction(Direction.UPLOAD).streams(streams)
                .durationMillis(Math.round(seconds * 1000)).bufferBytes(requestBytes).build();
    }

    public CrrResult.Params params() {
        return new CrrResult.Params(streams, seconds, requestBytes, requestBytes);
    }

    public Builder toBuilder() {
        Builder b = new Builder().from(this);
        b.streams = streams;
        b.seconds = seconds;
        b.requestBytes = requestBytes;
        b.timeoutMillis = timeoutMillis;
        return b;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Sets fields by name, so that no caller depends on the order of the record's components. */
    public static final class Builder extends TargetBuilder<Builder> {
        private int streams = 1;
        private double seconds = 10;
        private int requestBytes = 1;
        private int timeoutMillis = 5_000;

        private Builder() {
            super(0);
        }

        public Builder streams(int streams) {
            this.streams = streams;
            return this;
        }

        public Builder seconds(double seconds) {
            this.seconds = seconds;
            return this;
        }

        public Builder requestBytes(int requestBytes) {
            this.requestBytes = requestBytes;
            return this;
        }

        public Builder timeoutMillis(int timeoutMillis) {
            this.timeoutMillis = timeoutMillis;
            return this;
        }

        public CrrClientConfig build() {
            return new CrrClientConfig(host, port, streams, seconds, requestBytes, connectTimeoutMillis, timeoutMillis,
                    interrupted, bindAddress);
        }
    }
}
