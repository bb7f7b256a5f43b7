package dev.wirespeed.engine.lat;

import dev.wirespeed.engine.session.ClientSession;
import dev.wirespeed.engine.session.ClientTarget;
import dev.wirespeed.engine.session.TargetBuilder;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.CrrResult;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.InetAddress;
import java.util.function.BooleanSupplier;

/**
 * The client of a connection-rate test ({@code lat --connect}, netperf TCP_CRR): a
 * {@link ClientSession} with the {@link CrrPlane}. Each transaction is a new TCP connection to the
 * server's port (docs/PROTOCOL.md "tcp-crr").
 *
 * @param streams       transactions in flight at once (-P)
 * @param seconds       -t
 * @param requestBytes  each request; the response is as long
 * @param timeoutMillis a connect or read of one transaction waits at most this long
 */
public record CrrClient(Config config) {
    public record Config(String host, int port, int streams, double seconds, int requestBytes, int connectTimeoutMillis,
                         int timeoutMillis, BooleanSupplier interrupted, InetAddress bindAddress) implements ClientTarget {
        public Config {
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

            public Config build() {
                return new Config(host, port, streams, seconds, requestBytes, connectTimeoutMillis, timeoutMillis,
                        interrupted, bindAddress);
            }
        }
    }


    public CrrResult run(TestListener<CrrResult.Params, Void> listener) throws IOException {
        return ClientSession.run(config, new CrrPlane(config, listener), listener::warning);
    }
}
