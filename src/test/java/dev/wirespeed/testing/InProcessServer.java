package dev.wirespeed.testing;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A wirespeed server in the test's own JVM on 127.0.0.1 (a kernel-chosen port). For a class's tests,
 * started before them and closed after: {@code @RegisterExtension static final InProcessServer server
 * = new InProcessServer();}. For one test: {@code try (InProcessServer s = InProcessServer.start())}.
 * Its log lines are kept for the assertions.
 */
public final class InProcessServer implements BeforeAllCallback, AfterAllCallback, AutoCloseable {
    private final List<String> log = Collections.synchronizedList(new ArrayList<>());
    private Server server;

    /** A server listening when this returns, for one test; close it (a second close does nothing). */
    public static InProcessServer start() throws IOException {
        InProcessServer s = new InProcessServer();
        s.open();
        return s;
    }

    private void open() throws IOException {
        server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 5000, log::add));
        server.serveInBackground();
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        open();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    @Override
    public void close() {
        server.close();
    }

    public int port() {
        return server.port();
    }

    /** Data connections the server accepted so far (BwLoopbackIT counts -P's). */
    public int acceptedDataConnections() {
        return server.acceptedDataConnections();
    }

    public List<String> log() {
        return log;
    }
}
