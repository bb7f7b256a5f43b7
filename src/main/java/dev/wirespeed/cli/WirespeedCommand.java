package dev.wirespeed.cli;

import dev.wirespeed.Version;
import picocli.CommandLine.Command;

@Command(name = "wirespeed",
        mixinStandardHelpOptions = true,
        versionProvider = WirespeedCommand.VersionProvider.class,
        description = {"Is this link as fast as it should be, and if not, why?", ""},
        subcommands = {CheckCommand.class, BwCommand.class, LatCommand.class, ServerCommand.class, DoctorCommand.class,
                LimitsCommand.class, ExplainCommand.class},
        footer = {"", "Examples:",
                "  wirespeed check                  loopback test of this host, with a verdict",
                "  wirespeed server                 serve tests on port 5301",
                "  wirespeed bw 10.0.0.2 -t 10      TCP bandwidth to a server, streams chosen for you",
                "  wirespeed bw 10.0.0.2 -P 8 -R    eight streams, server sends",
                "  wirespeed explain session.log    read pasted tool output, say what is wrong",
                "",
                "Exit codes: 0 ok, 1 runtime failure, 2 bad usage, 3 findings (doctor/check/explain), 130 Ctrl-C."})
public final class WirespeedCommand implements Runnable {
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
