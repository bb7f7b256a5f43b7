package dev.wirespeed.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import tools.jackson.databind.JsonNode;

/**
 * A client and a server namespace joined by one veth pair, and a directory for their logs: the
 * topology of most namespace ITs. Addresses are RFC 2544 benchmarking ones (198.18.0.0/15) with a
 * prefix, e.g. "198.18.9.2/24", and exist only inside the namespaces. The server is started apart
 * ({@link #startServer}), after whatever the test sets on the link. Skips the test where namespaces
 * cannot be made. A test class holds it as {@code @AutoClose static NetnsPair pair}, which JUnit
 * closes after the class's tests.
 */
public final class NetnsPair implements AutoCloseable {
    public final Netns net;
    public final Path dir;
    public final String clientNs;
    public final String serverNs;
    public final String clientIf;
    public final String serverIf;

    private NetnsPair(Netns net, Path dir, String clientNs, String serverNs, String clientIf, String serverIf) {
        this.net = net;
        this.dir = dir;
        this.clientNs = clientNs;
        this.serverNs = serverNs;
        this.clientIf = clientIf;
        this.serverIf = serverIf;
    }

    /** Makes both namespaces and the veth between them, both ends up; {@code name} names the directory. */
    public static NetnsPair open(String name, String clientCidr, String serverCidr) throws IOException {
        Assumptions.assumeTrue(Netns.available(), Netns.SKIP);
        Netns net = new Netns();
        Path dir = null;
        try {
            dir = Files.createTempDirectory("wirespeed-" + name);
            String serverNs = net.add("srv");
            String clientNs = net.add("cli");
            String clientIf = net.name("c");
            String serverIf = net.name("s");
            net.veth(clientNs, clientIf, clientCidr, serverNs, serverIf, serverCidr);
            return new NetnsPair(net, dir, clientNs, serverNs, clientIf, serverIf);
        } catch (IOException | RuntimeException e) {
            Netns.cleanUp(net, dir);
            throw e;
        }
    }

    /** {@code wirespeed server --bind ADDRESS} in the server namespace, listening when this returns. */
    public Process startServer(String address) throws IOException, InterruptedException {
        return net.startServer(serverNs, address, dir);
    }

    /** A token bucket as the root qdisc of the client's end: every test byte leaves through it. */
    public void clientTbf(String rate, String burst, String limit) throws IOException {
        net.exec(clientNs, "tc", "qdisc", "replace", "dev", clientIf, "root", "tbf", "rate", rate, "burst", burst,
                "limit", limit);
    }

    /** Runs {@code wirespeed ARGS…} in the client namespace to its end; its output is kept in the directory. */
    public Netns.Run wirespeed(String... args) throws IOException, InterruptedException {
        return net.run(clientNs, Netns.wirespeed(args), Files.createTempFile(dir, "client", ".out"));
    }

    /** {@link #wirespeed} that must exit 0; its output. */
    public String client(String... args) throws IOException, InterruptedException {
        Netns.Run r = wirespeed(args);
        assertThat(r.exitCode()).as(r.out()).isZero();
        return r.out();
    }

    /** {@link #client} whose output from its first '{' on must be valid against {@code schema} (docs/json). */
    public JsonNode clientJson(String schema, String... args) throws IOException, InterruptedException {
        String out = client(args);
        assertThat(out).as("JSON in the output").contains("{");
        String json = out.substring(out.indexOf('{'));
        assertThat(JsonSchemas.errors(schema, json)).as(json).isEmpty();
        return Json.MAPPER.readTree(json);
    }

    @Override
    public void close() throws IOException {
        Netns.cleanUp(net, dir);
    }
}
