package dev.wirespeed.engine.session;

import java.util.function.BooleanSupplier;

/**
 * What every client config's builder sets: the server, the connect timeout and the Ctrl-C flag.
 * Each config's {@code Builder} extends it with the fields of its mode, so that a field common to
 * all is written (and checked) once.
 *
 * @param <B> the builder itself, so that setters chain
 */
public abstract class TargetBuilder<B extends TargetBuilder<B>> {
    protected String host;
    protected int port;
    protected int connectTimeoutMillis;
    protected BooleanSupplier interrupted;
    public boolean serverOutput;

    protected TargetBuilder(int connectTimeoutMillis) {
        this.connectTimeoutMillis = connectTimeoutMillis;
    }

    public B host(String host) {
        this.host = host;
        return self();
    }

    public B port(int port) {
        this.port = port;
        return self();
    }

    public B connectTimeoutMillis(int connectTimeoutMillis) {
        this.connectTimeoutMillis = connectTimeoutMillis;
        return self();
    }

    /** Polled while the test runs; true (Ctrl-C) ends it early with a result. Null = never. */
    public B interrupted(BooleanSupplier interrupted) {
        this.interrupted = interrupted;
        return self();
    }

    /** --get-server-output: the server's own lines about the test come back with its results. */
    public B serverOutput(boolean serverOutput) {
        this.serverOutput = serverOutput;
        return self();
    }

    /** For a config's {@code toBuilder()}: the common fields at once. */
    public B target(String host, int port, int connectTimeoutMillis, BooleanSupplier interrupted) {
        return host(host).port(port).connectTimeoutMillis(connectTimeoutMillis).interrupted(interrupted);
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }
}
