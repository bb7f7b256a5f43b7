package dev.wirespeed.engine.session;

import java.net.InetAddress;
import java.util.function.BooleanSupplier;

/**
 * What every client config's builder sets: the fields of {@link ClientTarget} that more than one
 * mode has (the server, the connect timeout, the Ctrl-C flag, -B, --get-server-output). Each
 * config's {@code Builder} extends it with the fields of its mode, so that a field common to all is
 * written (and checked) once, and its {@code toBuilder()} starts from {@link #from(ClientTarget)}.
 *
 * @param <B> the builder itself, so that setters chain
 */
public abstract class TargetBuilder<B extends TargetBuilder<B>> {
    protected String host;
    protected int port;
    protected int connectTimeoutMillis;
    protected BooleanSupplier interrupted;
    protected boolean serverOutput;
    protected InetAddress bindAddress;

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

    /** -B: the local address of the control and data connections; null = the kernel's choice. */
    public B bindAddress(InetAddress bindAddress) {
        this.bindAddress = bindAddress;
        return self();
    }

    /** For a config's {@code toBuilder()}: the common fields at once, as {@code config} has them. */
    public B from(ClientTarget config) {
        return host(config.host()).port(config.port()).connectTimeoutMillis(config.connectTimeoutMillis())
                .interrupted(config.interrupted()).serverOutput(config.serverOutput()).bindAddress(config.bindAddress());
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }
}
