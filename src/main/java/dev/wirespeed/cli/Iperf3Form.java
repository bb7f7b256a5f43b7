package dev.wirespeed.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A command line typed as iperf3's, with {@code wirespeed} in place of {@code iperf3}: {@code -c HOST}
 * (client, iperf3's {@code -c/--client}) becomes {@code bw HOST}, {@code -s} ({@code --server}) becomes
 * {@code server}. Only where iperf3 reads them: before any wirespeed command name, anywhere among the
 * options (getopt permutes, so {@code iperf3 -P 4 -c H} is the same test). A line that names a command
 * keeps that command's meaning of -c and -s (bw's -s is the RDMA message size).
 */
final class Iperf3Form {
    private Iperf3Form() {}

    /** {@code args} rewritten to the command they mean, or {@code args} itself when not in iperf3's form. */
    static String[] rewrite(String[] args) {
        if (args.length == 0 || !args[0].startsWith("-") || namesCommand(args)) {
            return args;
        }
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String host = null;
            int used = 1;
            if (a.equals("-c") || a.equals("--client")) {
                if (i + 1 >= args.length) {
                    return args; // picocli names the missing HOST
                }
                host = args[i + 1];
                used = 2;
            } else if (a.startsWith("--client=")) {
                host = a.substring("--client=".length());
            } else if (a.startsWith("-c") && !a.startsWith("--") && a.length() > 2) {
                host = a.substring(2); // getopt's attached form: -c10.0.0.2
            }
            if (host != null) {
                return moved(args, i, used, "bw", host);
            }
            if (a.equals("-s") || a.equals("--server")) {
                return moved(args, i, 1, "server", null);
            }
            if (a.equals("--")) {
                return args;
            }
        }
        return args;
    }

    /** True when a word of the line before any -c/-s is a wirespeed command (bw, server, …). */
    private static boolean namesCommand(String[] args) {
        for (String a : args) {
            if (a.equals("-c") || a.equals("--client") || a.startsWith("--client=") || a.equals("-s")
                    || a.equals("--server") || a.startsWith("-c") && !a.startsWith("--")) {
                return false;
            }
            if (WirespeedCommand.SUBCOMMANDS.containsKey(a)) {
                return true;
            }
        }
        return false;
    }

    private static String[] moved(String[] args, int at, int used, String command, String host) {
        List<String> out = new ArrayList<>(args.length + 1);
        out.add(command);
        if (host != null) {
            out.add(host);
        }
        for (int i = 0; i < args.length; i++) {
            if (i < at || i >= at + used) {
                out.add(args[i]);
            }
        }
        return out.toArray(new String[0]);
    }
}
