package dev.wirespeed.run.engines;

import dev.wirespeed.io.ExternalProcess;
import dev.wirespeed.io.Listening;
import dev.wirespeed.io.Programs;
import dev.wirespeed.parse.Parser;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.run.Parsing;
import dev.wirespeed.run.PlanEngine;
import dev.wirespeed.run.Point;
import dev.wirespeed.run.PointParams;
import dev.wirespeed.run.RunContext;
import dev.wirespeed.run.ToolProcess;
import dev.wirespeed.store.Item;
import dev.wirespeed.store.Peer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An external tool with an optional server side: start the server when the plan says
 * {@code server: start} (on this host, on a free port unless {@code port} is given), wait until it
 * is ready, run the client with a time limit, stop the server, and read the client's output with
 * explain's parser. Parameters every external engine takes: binary (another program path, e.g. a
 * build of perftest not on PATH), extra (more arguments, split at blanks), timeout (seconds for
 * the client; default three times the expected duration plus 30 s).
 */
abstract class ExternalEngine implements PlanEngine {
    static final Set<String> COMMON = Set.of("binary", "extra", "timeout");
    /** Parameters that steer the run but say nothing about the measurement; not copied into results. */
    private static final long VERSION_TIMEOUT_MILLIS = 5_000;
    private static final int VERSION_OUTPUT_BYTES = 64 * 1024;
    private static final Set<String> STEERING = Set.of("binary", "extra", "timeout", "server", "port");

    /** How to tell that a server started by the plan is ready. */
    record Ready(Integer port, boolean udp, Pattern outputLine) {
        static Ready port(int port, boolean udp) {
            return new Ready(port, udp, null);
        }

        static Ready line(Pattern p) {
            return new Ready(null, false, p);
        }
    }

    /** Parameter names this engine takes besides {@link #COMMON}. */
    abstract Set<String> parameters();

    abstract String defaultBinary(PointParams p);

    abstract String debianPackage();

    /** Checks values (names were checked already). */
    abstract void checkValues(PointParams p);

    /** Client arguments after the program name; {@code port} is the server's port (null: the tool's default). */
    abstract List<String> clientArgs(PointParams p, String port);

    /** Server arguments after the program name, or null when this engine has no server side. */
    List<String> serverArgs(PointParams p, String port) {
        return null;
    }

    /** The port of this tool's server when the plan gives none; null for tools without a server. */
    Integer defaultPort() {
        return null;
    }

    /**
     * What a point ran against: the server's host and port, this tool (a server the plan starts is
     * the same program, so its version is the client's), and whether it served others meanwhile —
     * "no" for a server started for this point alone, unknown for one already running.
     */
    Peer peer(PointParams p, String port, String version) {
        if (serverArgs(p, "1") == null) {
            return null;
        }
        boolean started = startsServer(p);
        Integer number = port != null ? Integer.valueOf(port) : defaultPort();
        return new Peer(host(p), number, name(), started ? version : null,
                started ? Peer.SHARED_NO : Peer.SHARED_UNKNOWN);
    }

    Ready ready(PointParams p, int port) {
        return Ready.port(port, false);
    }

    /** The seconds a run should take, for the default time limit. */
    abstract double expectedSeconds(PointParams p);

    abstract Parser parser();

    abstract String rawFormat();

    /** The tool's version, asked of the program itself; null when it does not say. */
    String version(String binary) {
        return null;
    }

    @Override
    public final void check(PointParams p) {
        Set<String> known = new HashSet<>(parameters());
        known.addAll(COMMON);
        p.onlyKnown(known);
        p.word("binary", null);
        p.seconds("timeout", null, 1, 7 * 86_400);
        p.integer("port", null, 1, 65535);
        checkValues(p);
    }

    @Override
    public List<Program> programs(PointParams p) {
        return List.of(new Program(binary(p), debianPackage()));
    }

    String binary(PointParams p) {
        return p.text("binary", defaultBinary(p));
    }

    boolean startsServer(PointParams p) {
        return serverArgs(p, "1") != null && "start".equals(server(p));
    }

    /** "start" (the plan starts it on this host) or "running" (already running where host points). */
    String server(PointParams p) {
        return p.choice("server", "start", "start", "running");
    }

    static String host(PointParams p) {
        return p.word("host", "127.0.0.1");
    }

    /** Adds "option value" when the value is there. */
    static void option(List<String> args, String option, String value) {
        if (value != null) {
            args.add(option);
            args.add(value);
        }
    }

    /** Adds the option when the plan's flag {@code key} is true. */
    static void flag(List<String> args, PointParams p, String key, String option) {
        if (p.flag(key)) {
            args.add(option);
        }
    }

    List<String> extra(PointParams p) {
        String e = p.text("extra", "").strip();
        return e.isEmpty() ? List.of() : List.of(e.split("\\s+"));
    }

    List<String> clientCommand(PointParams p, String port) {
        List<String> c = new ArrayList<>();
        c.add(binary(p));
        c.addAll(clientArgs(p, port));
        c.addAll(extra(p));
        return c;
    }

    @Override
    public String describe(PointParams p) {
        boolean start = startsServer(p);
        // A server the plan starts gets a free port, chosen when the point runs.
        String port = p.has("port") ? p.text("port", null) : start ? "PORT" : null;
        String client = String.join(" ", clientCommand(p, port));
        if (!start) {
            return client;
        }
        List<String> server = new ArrayList<>();
        server.add(binary(p));
        server.addAll(serverArgs(p, port));
        return "server: " + String.join(" ", server) + " ; client: " + client;
    }

    @Override
    public Outcome run(Point point, RunContext context) throws IOException, InterruptedException {
        PointParams p = new PointParams(point.params(), point.title());
        Path dir = Files.createTempDirectory(context.scratch(), "point-" + point.seq() + "-");
        ToolProcess server = null;
        try {
            Integer given = p.integer("port", null, 1, 65535);
            String port = given == null ? null : given.toString();
            if (startsServer(p)) {
                int serverPort = given != null ? given : Listening.freePort();
                port = Integer.toString(serverPort);
                List<String> cmd = new ArrayList<>();
                cmd.add(binary(p));
                cmd.addAll(serverArgs(p, port));
                double lifetime = timeout(p) + 60;
                server = ToolProcess.startServer(cmd, lifetime, dir.resolve("server.out"), context.children());
                Ready ready = ready(p, serverPort);
                boolean up = ready.outputLine() != null
                        ? server.awaitOutput(ready.outputLine(), 30, context)
                        : Listening.await(ready.port(), ready.udp(), server::alive, 30, context::stopped);
                if (!up) {
                    return Outcome.failed(context.stopped() ? "stopped" : binary(p) + " server did not start: "
                            + server.lastLine());
                }
            }
            List<String> cmd = clientCommand(p, port);
            String commandLine = String.join(" ", cmd);
            ToolProcess client = ToolProcess.start(cmd, dir.resolve("client.out"), context.children());
            Integer exit = client.await(timeout(p), context);
            String output = client.output();
            if (exit == null) {
                return Outcome.failed(context.stopped() ? "stopped"
                        : cmd.getFirst() + " did not finish in " + (long) timeout(p) + " s (timeout)");
            }
            if (exit != 0) {
                return Outcome.failed(cmd.getFirst() + " exited with status " + exit + ": " + client.lastLine());
            }
            List<Measurement> found = parse(commandLine, output);
            if (found.isEmpty()) {
                return Outcome.failed("no result in the output of " + cmd.getFirst() + ": " + client.lastLine());
            }
            String version = context.version(binary(p), this::version);
            Map<String, String> planParams = new LinkedHashMap<>(point.params());
            STEERING.forEach(planParams::remove);
            String serverPort = port;
            List<Item> items = found.stream()
                    .map(m -> Parsing.withPlan(m, planParams, version))
                    .map(m -> new Item(m, point.labels(), commandLine, rawFormat(), output,
                            List.copyOf(point.gridValues().keySet())).withPeer(peer(p, serverPort, m.toolVersion())))
                    .toList();
            return new Outcome(items, null);
        } finally {
            if (server != null) {
                // Servers that serve one test end by themselves; give them a moment, then stop them.
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                while (server.alive() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                server.close();
            }
            deleteTree(dir);
        }
    }

    List<Measurement> parse(String commandLine, String output) {
        return Parsing.measurements(parser(), commandLine, output);
    }

    double timeout(PointParams p) {
        return p.seconds("timeout", expectedSeconds(p) * 3 + 30, 1, 7 * 86_400);
    }

    /** Runs {@code binary args} briefly and returns group 1 of the first match of {@code pattern}. */
    static String askVersion(String binary, List<String> args, Pattern pattern) {
        if (Programs.find(binary).isEmpty()) {
            return null;
        }
        try {
            List<String> cmd = new ArrayList<>();
            cmd.add(binary);
            cmd.addAll(args);
            ExternalProcess.Finished done = ExternalProcess.run(cmd, VERSION_TIMEOUT_MILLIS, () -> false,
                    VERSION_OUTPUT_BYTES);
            if (done.exitCode() == null) {
                return null;
            }
            Matcher m = pattern.matcher(done.output());
            return m.find() ? m.group(1) : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }
}
