package dev.wirespeed.cli;

import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** What every client command (bw, lat) takes beside its own mode options: one declaration, one help text. */
final class ClientOptions {
    @Parameters(index = "0", arity = "0..1", paramLabel = "HOST", description = "Server to test against.")
    String host;

    @Option(names = "--loopback", description = "Start a server in this process on 127.0.0.1 and test against it.")
    boolean loopback;

    @Option(names = "--connect-timeout", paramLabel = "SEC", defaultValue = "5",
            description = "Seconds to wait for connections and the server's answers (default ${DEFAULT-VALUE}).")
    double connectTimeoutSeconds;

    @Mixin
    Iperf3HabitOptions habits;

    @Mixin
    SaveOptions save;

    @Mixin
    RdmaOptions rdma;

    @Parameters(index = "1..*", paramLabel = "PERFTEST-OPTION", description = "After --, with --rdma: further perftest "
            + "options for both ends, e.g. -- -c UD; the server allows only perftest's known options.")
    List<String> passThrough;

    int connectTimeoutMillis() {
        return (int) Math.round(connectTimeoutSeconds * 1000);
    }
}
