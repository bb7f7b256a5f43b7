package dev.wirespeed.cli;

import dev.wirespeed.Version;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
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
                "",
                "Exit codes: 0 ok, 1 runtime failure, 2 bad usage, 3 findings (doctor/check/explain), 130 Ctrl-C.",
                "Every command: 'wirespeed help COMMAND' or 'wirespeed COMMAND --help'; man wirespeed-COMMAND."})
public final class WirespeedCommand implements Runnable {
    /**
     * The subcommands, in the order help lists them. Main adds them to the model itself (not through
     * the annotation) so that a run builds the model of the one command it runs: picocli reflects over
     * every option of every command it is given, and that was most of the start-up time.
     */
    static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

    private static Map<String, Supplier<Object>> subcommands() {
        Map<String, Supplier<Object>> m = new LinkedHashMap<>();
        m.put("check", CheckCommand::new);
        m.put("bw", BwCommand::new);
        m.put("lat", LatCommand::new);
        m.put("server", ServerCommand::new);
        m.put("doctor", DoctorCommand::new);
        m.put("limits", LimitsCommand::new);
        m.put("explain", ExplainCommand::new);
        m.put("run", RunCommand::new);
        m.put("results", ResultsCommand::new);
        m.put("agent", AgentCommand::new);
        m.put("mesh", MeshCommand::new);
        m.put("completion", CompletionCommand::new);
        m.put("help", picocli.CommandLine.HelpCommand::new);
        return Collections.unmodifiableMap(m);
    }

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @picocli.CommandLine.Option(names = "--debug", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of errors (for bug reports).")
    boolean debug;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class VersionProvider implements picocli.CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {Version.software() + " (Java " + Runtime.version() + ", "
                    + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ")"};
        }
    }
}
