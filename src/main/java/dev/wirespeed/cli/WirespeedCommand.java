package dev.wirespeed.cli;

import dev.wirespeed.Version;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "wirespeed",
        mixinStandardHelpOptions = true,
        versionProvider = WirespeedCommand.VersionProvider.class,
        description = {"Is this link as fast as it should be, and if not, why?", ""},
        usageHelpAutoWidth = true,
        footer = {"", "Examples:",
                "  wirespeed check                  loopback test of this host, with a verdict",
                "  wirespeed server                 serve tests on port 5301",
                "  wirespeed bw 10.0.0.2 -t 10      TCP bandwidth to a server, streams chosen for you",
                "  wirespeed bw 10.0.0.2 -P 8 -R    eight streams, server sends",
                "  wirespeed explain session.log    read pasted tool output, say what is wrong",
                "  wirespeed -c 10.0.0.2 -P 4 -R    iperf3's line: -c HOST is bw HOST, -s is server",
                "",
                "Exit codes: 0 ok, 1 runtime failure, 2 bad usage, 3 findings (doctor/check/explain), 130 Ctrl-C.",
                "Every command: 'wirespeed help COMMAND' or 'wirespeed COMMAND --help'; man wirespeed-COMMAND."})
public final class WirespeedCommand implements Runnable {
    /**
     * The subcommands, in the order help lists them. Main adds them to the model itself (not through
     * the annotation) so that a run builds the model of the one command it runs: picocli reflects over
     * every option of every command it is given, and that was most of the start-up time.
     */
    static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

    // Classes, not constructor references: a reference spins a hidden class per command at start.
    private static Map<String, Class<?>> subcommands() {
        Map<String, Class<?>> m = new LinkedHashMap<>();
        m.put("check", CheckCommand.class);
        m.put("bw", BwCommand.class);
        m.put("lat", LatCommand.class);
        m.put("server", ServerCommand.class);
        m.put("doctor", DoctorCommand.class);
        m.put("limits", LimitsCommand.class);
        m.put("explain", ExplainCommand.class);
        m.put("run", RunCommand.class);
        m.put("results", ResultsCommand.class);
        m.put("agent", AgentCommand.class);
        m.put("mesh", MeshCommand.class);
        m.put("watch", WatchCommand.class);
        m.put("completion", CompletionCommand.class);
        m.put("help", CommandLine.HelpCommand.class);
        return Collections.unmodifiableMap(m);
    }

    @picocli.CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @picocli.CommandLine.Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of errors (for bug reports).")
    boolean debug;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {Version.withRuntime()};
        }
    }
}
