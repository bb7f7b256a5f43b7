package dev.wirespeed.cluster;

import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * @param streams  TCP streams per direction; null = each client's cores, up to 8 (as bw)
 * @param perftest the perftest run when {@code engine} is "perftest", else null
 * @param token    null without --token-file
 * @param insecure sessions in plain text instead of TLS (--insecure)
 */
public record MeshConfig(List<Endpoint> hosts, List<Round> rounds, String pattern, MeshEngine engine, double seconds,
                         double omitSeconds, Integer streams, boolean bidir, double expectPercent,
                         PerftestSpec perftest, Token token, boolean insecure, int connectTimeoutMillis,
                         BooleanSupplier interrupted) {
    /** A builder holding every field of this config: change some, {@code build()} a copy that keeps the rest. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.hosts = hosts;
        b.rounds = rounds;
        b.pattern = pattern;
        b.engine = engine;
        b.seconds = seconds;
        b.omitSeconds = omitSeconds;
        b.streams = streams;
        b.bidir = bidir;
        b.expectPercent = expectPercent;
        b.perftest = perftest;
        b.token = token;
        b.insecure = insecure;
        b.connectTimeoutMillis = connectTimeoutMillis;
        b.interrupted = interrupted;
        return b;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Sets fields by name, so that no caller depends on the order of the record's components. */
    public static final class Builder {
        private List<Endpoint> hosts;
        private List<Round> rounds;
        private String pattern;
        private MeshEngine engine;
        private double seconds;
        private double omitSeconds;
        private Integer streams;
        private boolean bidir;
        private double expectPercent;
        private PerftestSpec perftest;
        private Token token;
        private boolean insecure;
        private int connectTimeoutMillis;
        private BooleanSupplier interrupted;

        private Builder() {}

        public Builder hosts(List<Endpoint> hosts) {
            this.hosts = hosts;
            return this;
        }

        public Builder rounds(List<Round> rounds) {
            this.rounds = rounds;
            return this;
        }

        public Builder pattern(String pattern) {
            this.pattern = pattern;
            return this;
        }

        public Builder engine(MeshEngine engine) {
            this.engine = engine;
            return this;
        }

        public Builder seconds(double seconds) {
            this.seconds = seconds;
            return this;
        }

        public Builder omitSeconds(double omitSeconds) {
            this.omitSeconds = omitSeconds;
            return this;
        }

        public Builder streams(Integer streams) {
            this.streams = streams;
            return this;
        }

        public Builder bidir(boolean bidir) {
            this.bidir = bidir;
            return this;
        }

        public Builder expectPercent(double expectPercent) {
            this.expectPercent = expectPercent;
            return this;
        }

        public Builder perftest(PerftestSpec perftest) {
            this.perftest = perftest;
            return this;
        }

        public Builder token(Token token) {
            this.token = token;
            return this;
        }

        public Builder insecure(boolean insecure) {
            this.insecure = insecure;
            return this;
        }

        public Builder connectTimeoutMillis(int connectTimeoutMillis) {
            this.connectTimeoutMillis = connectTimeoutMillis;
            return this;
        }

        public Builder interrupted(BooleanSupplier interrupted) {
            this.interrupted = interrupted;
            return this;
        }

        public MeshConfig build() {
            return new MeshConfig(hosts, rounds, pattern, engine, seconds, omitSeconds, streams, bidir, expectPercent,
                    perftest, token, insecure, connectTimeoutMillis, interrupted);
        }
    }
}
