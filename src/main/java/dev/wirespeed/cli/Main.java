package dev.wirespeed.cli;

import dev.wirespeed.Version;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import picocli.CommandLine;

/** Entry point. The only caller of System.exit. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        Interrupts.install();
        int code;
        try {
            code = run(args, out, err);
        } finally {
            out.flush();
            err.flush();
            Interrupts.done();
        }
        System.exit(code);
    }

    /** Runs one command line with the given writers; returns the exit code (tests call this). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        if (versionOnly(args)) {
            // The commonest probe of an install answers without picocli: building even the root
            // command's model reflects over its annotations (dynamic proxies, the ClassFile API) and
            // costs more than the rest of the JVM's start (docs/PERFORMANCE.md "Start-up time").
            out.println(Version.withRuntime());
            return ExitCode.OK;
        }
        if (runsTest(args)) {
            // beside picocli's ~150 ms of parsing: set-up the test needs before its first byte
            dev.wirespeed.engine.ClientWarmUp.start();
        }
        CommandLine cmd = commandLine(needed(args), out, err);
        return cmd.execute(args);
    }

    /** {@code bw} or {@code lat} that will likely run a test: not their help (the short commands' AOT cache trains on it). */
    static boolean runsTest(String[] args) {
        if (args.length < 2 || !(args[0].equals("bw") || args[0].equals("lat"))) {
            return false;
        }
        for (String a : args) {
            if (a.equals("--")) {
                return true; // what follows is perftest's, not ours
            }
            if (a.equals("-h") || a.equals("--help")) {
                return false;
            }
        }
        return true;
    }

    /** {@code wirespeed --version} or {@code -V} alone: the same line picocli would print. */
    static boolean versionOnly(String[] args) {
        return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
    }

    private static void shareVersion(CommandLine cmd, CommandLine.IVersionProvider provider) {
        for (CommandLine sub : cmd.getSubcommands().values()) {
            sub.getCommandSpec().versionProvider(provider);
            shareVersion(sub, provider);
        }
    }

    /** The whole command model, as the man pages and completion scripts see it. */
    public static CommandLine model() {
        return commandLine(new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, StandardCharsets.UTF_8));
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine(WirespeedCommand.SUBCOMMANDS.keySet(), out, err);
    }

    /**
     * The subcommands a command line needs: the one it names, none for a bare --version, else all
     * (help, usage errors and their suggestions list every command).
     */
    static Collection<String> needed(String[] args) {
        boolean version = false;
        for (String a : args) {
            if (!a.startsWith("-")) {
                return WirespeedCommand.SUBCOMMANDS.containsKey(a) && !a.equals("help") && !a.equals("completion")
                        ? List.of(a) : WirespeedCommand.SUBCOMMANDS.keySet();
            }
            version |= a.equals("-V") || a.equals("--version");
            if (a.equals("-h") || a.equals("--help")) {
                return WirespeedCommand.SUBCOMMANDS.keySet();
            }
        }
        return version ? List.of() : WirespeedCommand.SUBCOMMANDS.keySet();
    }

    static CommandLine commandLine(Collection<String> subcommands, PrintWriter out, PrintWriter err) {
        Docs.publish(); // help says where this installation's docs are (${sys:wirespeed.docs})
        CommandLine cmd = new CommandLine(new WirespeedCommand());
        for (String name : subcommands) {
            cmd.addSubcommand(name, WirespeedCommand.SUBCOMMANDS.get(name));
        }
        cmd.setOut(out);
        cmd.setErr(err);
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        cmd.setOverwrittenOptionsAllowed(true);
        cmd.setUsageHelpAutoWidth(true);
        Errors.Handlers handlers = new Errors.Handlers();
        cmd.setParameterExceptionHandler(handlers);
        cmd.setExecutionExceptionHandler(handlers);
        cmd.setExitCodeExceptionMapper(handlers);
        // -V on a subcommand prints the same line as on the root (its own provider would print nothing).
        shareVersion(cmd, cmd.getCommandSpec().versionProvider());
        return cmd;
    }
}
