package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A command line as typed at a prompt: {@code text} verbatim, {@code program} the tool that
 * produced the output (wrappers such as sudo, numactl, env, time and taskset removed, paths and
 * ".exe" cut), {@code args} its arguments up to the first pipe.
 */
public record Command(String text, String program, List<String> args) {

    private static final Set<String> WRAPPERS = Set.of("sudo", "numactl", "env", "time", "taskset", "nice",
            "chrt", "stdbuf", "timeout", "nohup", "exec", "command");

    /**
     * sudo's options that take a value (sudo(8): -u user, -g group, -C num, -D directory, -h host, -p prompt, -r role,
     * -t type, -U user, -T timeout, -R directory); its flags (-E, -H, -i, -n, -s, -k …) take none, so the word after
     * them is the program ("sudo -E /usr/sbin/ethtool -i eth0").
     */
    private static final Set<String> SUDO_VALUED = Set.of("-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "-R");

    public Command {
        args = List.copyOf(args);
    }

    /** Parses a command line; null for a blank one. */
    public static Command of(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        List<String> words = words(text);
        // Drop wrappers and their options (numactl --cpunodebind=0, taskset -c 3, timeout 10).
        while (!words.isEmpty()) {
            String w = base(words.getFirst());
            if (w.contains("=") && !w.startsWith("-")) {
                words.removeFirst();
            } else if (WRAPPERS.contains(w)) {
                words.removeFirst();
                while (!words.isEmpty() && (words.getFirst().startsWith("-") || words.getFirst().matches("[\\d.,-]+"))) {
                    String opt = words.removeFirst();
                    if (!opt.contains("=") && opt.matches("-[a-zA-Z]") && !words.isEmpty()
                            && !words.getFirst().startsWith("-") && (w.equals("taskset") || w.equals("sudo") && SUDO_VALUED.contains(opt))) {
                        words.removeFirst();
                    }
                }
            } else {
                break;
            }
        }
        if (words.isEmpty()) {
            return new Command(text.strip(), "", List.of());
        }
        String program = base(words.removeFirst());
        if (READERS.contains(program)) {
            for (String w : words) {
                Command saved = savedAs(text.strip(), w);
                if (saved != null) {
                    return saved;
                }
            }
        }
        return new Command(text.strip(), program, words);
    }

    /**
     * The words before the first pipe, as a POSIX shell splits them: a blank or a '|' inside '…' or "…" (or after a
     * backslash) belongs to its word, so {@code egrep 'drop|err' ethtool_-S_eth1} keeps its file. Quotes stay in the
     * word as typed. An unclosed quote (a cut paste) runs to the end of the line.
     */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '\\' && i + 1 < text.length()) {
                word.append(c);
                c = text.charAt(++i);
            } else if (c == '|') {
                break;
            } else if (Character.isWhitespace(c)) {
                if (!word.isEmpty()) {
                    words.add(word.toString());
                    word.setLength(0);
                }
                continue;
            }
            word.append(c);
        }
        if (!word.isEmpty()) {
            words.add(word.toString());
        }
        return words;
    }

    /** Programs that show a file's lines as they are, or some of them. */
    private static final Set<String> READERS = Set.of("cat", "grep", "egrep", "fgrep", "zgrep", "less", "more", "head", "tail",
            "zcat", "bat", "view");

    /**
     * Tools whose output sosreport saves under its command line, blanks as '_' (sos's networking plugin:
     * "sos_commands/networking/ethtool_-S_eth1", "ethtool_-i_eth0", "ip_-s_-d_link"; ryran/xsos#77's
     * "cat sos_commands/networking/ethtool_-i_eth0"): such a file shown with cat or grep is that command's output.
     */
    private static final List<String> SAVED = List.of("ethtool", "ip", "ifconfig", "lspci", "ibstat", "ibstatus", "ibv_devinfo",
            "ibv_devices", "ibdev2netdev", "iblinkinfo", "ibnetdiscover", "rdma", "devlink", "tc", "netstat", "nstat",
            "lsmod", "mlxconfig", "mstconfig", "mlxlink", "mst", "flint", "mstflint", "dmesg");

    /** The command a file sosreport saved its output in stands for ("…/ethtool_-S_eth1": ethtool -S eth1), or null. */
    private static Command savedAs(String text, String path) {
        String name = base(path);
        if (path.startsWith("-") || !path.replace('\\', '/').contains("sos_commands/") && !name.contains("_-")
                || name.matches(".*[*?\\[{].*")) {
            // a sosreport's path, or a name with an option in it ("ethtool_-S_eth1" in sos_commands/networking itself): a
            // file named "ip_addr" elsewhere may hold anything; a glob names several files, whose lines grep prefixes
            return null;
        }
        for (String tool : SAVED) {
            if (name.equals(tool) || name.startsWith(tool + "_")) {
                String rest = name.substring(tool.length());
                List<String> args = rest.isEmpty() ? List.of() : List.of(rest.substring(1).split("_+"));
                return new Command(text, tool, args.stream().filter(a -> !a.isEmpty()).toList());
            }
        }
        return null;
    }

    private static String base(String word) {
        String w = word.replace('\\', '/');
        w = w.substring(w.lastIndexOf('/') + 1);
        if (w.toLowerCase(Locale.ROOT).endsWith(".exe")) {
            w = w.substring(0, w.length() - 4);
        }
        return w;
    }

    /** True when any argument equals one of the given options ("-a", "--all"). */
    public boolean has(String... options) {
        for (String a : args) {
            for (String o : options) {
                if (a.equals(o)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The argument after an option ("-s 04:00.0" → "04:00.0"), or null. */
    public String after(String option) {
        for (int i = 0; i < args.size() - 1; i++) {
            if (args.get(i).equals(option)) {
                return args.get(i + 1);
            }
        }
        return null;
    }

    /** The arguments joined, lower-case (for MD-CLI paths such as "cfg/startup-infos"). */
    public String argText() {
        return String.join(" ", args).toLowerCase(Locale.ROOT);
    }
}
