package dev.wirespeed.cli;

import dev.wirespeed.Version;
import dev.wirespeed.engine.session.ClientWarmUp;
import dev.wirespeed.guard.Printable;
import dev.wirespeed.io.CheckedWriter;
import dev.wirespeed.io.Io;
import dev.wirespeed.store.ResultStore;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine;

/** Entry point. The only caller of System.exit. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        // Not System.out: a PrintStream drops a write error without a trace (a full disk, a closed
        // pipe), and each must end the command non-zero with its reason.
        CheckedWriter stdout = new CheckedWriter(new FileOutputStream(FileDescriptor.out));
        PrintWriter out = new PrintWriter(stdout, true);
        PrintWriter err = new PrintWriter(new CheckedWriter(new FileOutputStream(FileDescriptor.err)), true);
        Interrupts.install();
        int code;
        try {
            code = run(args, out, err, stdout);
        } finally {
            out.flush();
            err.flush();
            Interrupts.done();
        }
        System.exit(code);
    }

    /** Runs one command line with the given writers; returns the exit code (tests call this). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, null);
    }

    /**
     * As above; every character goes through {@link Printable#terminal} (the one choke point between
     * outside text and the terminal), and a write error on {@code out} ends the command non-zero
     * with one line naming {@code outWriter}'s failure when it is given.
     */
    static int run(String[] args, PrintWriter out, PrintWriter err, CheckedWriter outWriter) {
        PrintWriter safeOut = Printable.terminal(out);
        PrintWriter safeErr = Printable.terminal(err);
        // a database held locked is waited for up to 15 s: say so rather than hang silently
        ResultStore.busyNotices(new Consumer<String>() {
            @Override
            public void accept(String line) {
                safeErr.println("wirespeed: " + line);
                safeErr.flush();
            }
        });
        int code = gated(args, safeOut, safeErr, out, err);
        safeOut.flush();
        if (out.checkError()) {
            IOException why = outWriter == null ? null : outWriter.failure();
            safeErr.println("wirespeed: cannot write standard output" + (why == null ? "" : ": " + Io.reason(why)));
            code = code == ExitCode.USAGE || code >= 128 ? code : ExitCode.FAILURE;
        }
        safeErr.flush();
        if (err.checkError() && code == ExitCode.OK) {
            code = ExitCode.FAILURE; // nothing can say why: standard error itself failed
        }
        return code;
    }

    private static int gated(String[] args, PrintWriter out, PrintWriter err, PrintWriter rawOut, PrintWriter rawErr) {
        args = Iperf3Form.rewrite(args); // wirespeed -c HOST … as iperf3 -c HOST …
        if (versionOnly(args)) {
            // The commonest probe of an install answers without picocli: building even the root
            // command's model reflects over its annotations (dynamic proxies, the ClassFile API) and
            // costs more than the rest of the JVM's start (docs/PERFORMANCE.md "Start-up time").
            out.println(Version.withRuntime());
            return ExitCode.OK;
        }
        if (runsTest(args)) {
            // beside picocli's ~150 ms of parsing: set-up the test needs before its first byte
            ClientWarmUp.start();
        }
        CommandLine cmd = commandLine(needed(args), out, err);
        cmd.setExecutionStrategy(new HelpInColor(rawOut, rawErr));
        return cmd.execute(args);
    }

    /**
     * Usage help and --version are our own words, written past the gate so picocli's colors
     * (bold names, yellow options on a terminal) are not shown escaped; every command runs gated.
     */
    private static final class HelpInColor implements CommandLine.IExecutionStrategy {
        private final PrintWriter out;
        private final PrintWriter err;

        HelpInColor(PrintWriter out, PrintWriter err) {
            this.out = out;
            this.err = err;
        }

        @Override
        public int execute(CommandLine.ParseResult parsed) {
            for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
                if (p.isUsageHelpRequested() || p.isVersionHelpRequested() || p.commandSpec().helpCommand()) {
                    CommandLine root = parsed.commandSpec().commandLine();
                    root.setOut(out);
                    root.setErr(err);
                    break;
                }
            }
            return new CommandLine.RunLast().execute(parsed);
        }
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
