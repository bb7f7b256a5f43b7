package dev.wirespeed.engine.server;

import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** An in-process wirespeed server on 127.0.0.1, port 0, collecting its log lines for assertions. */
public final class TestServers implements AutoCloseable {
    final Server server;
    public final List<String> log = new CopyOnWriteArrayList<>();

    public TestServers() throws IOException {
        server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 5_000, line -> {
            log.add(line);
            System.err.println("server: " + line);
        }));
        server.serveInBackground();
    }

    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        server.close();
    }
}
