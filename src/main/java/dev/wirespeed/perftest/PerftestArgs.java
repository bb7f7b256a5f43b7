package dev.wirespeed.perftest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a wirespeed server lets a client pass to a perftest program it starts: the program from a
 * fixed list, and options from an allow-list, each value matched against its own pattern and range
 * (perftest's own option names, perftest 4.5+). No shell is involved and no other option reaches
 * the process.
 */
public final class PerftestArgs {
    private PerftestArgs() {}

    /** Every perftest program wirespeed starts anywhere: a campaign's plan may name each. */
    public static final List<String> ALL = List.of("ib_write_bw", "ib_read_bw", "ib_send_bw", "ib_atomic_bw",
            "ib_write_lat", "ib_read_lat", "ib_send_lat", "ib_atomic_lat");
    /** What a wirespeed server starts for {@code bw/lat --rdma} (no atomics: bw and lat have no verb for them). */
    public static final List<String> PROGRAMS = ALL.stream().filter(p -> !p.contains("_atomic_")).toList();
    /** What an agent runs for a mesh: the bandwidth programs, in the order mesh's help lists them. */
    public static final List<String> MESH = List.of("ib_write_bw", "ib_send_bw", "ib_read_bw");
    /** Most arguments a request may carry; perftest's whole useful set is fewer. */
    static final int MAX_ARGS = 64;

    /** A value's check: a pattern and, for numbers, a range. */
    private record Value(Pattern pattern, long min, long max) {
        static Value number(long min, long max) {
            return new Value(Pattern.compile("\\d{1,10}"), min, max);
        }

        static Value of(String regex) {
            return new Value(Pattern.compile(regex), 0, 0);
        }

        boolean numeric() {
            return max > 0;
        }
    }

    private static final Value NONE = null;
    private static final Map<String, Value> ALLOWED = new LinkedHashMap<>();

    static {
        flag(NONE, "-a", "--all");
        flag(NONE, "-F", "--CPU-freq");
        flag(NONE, "--report_gbits");
        flag(NONE, "-b", "--bidirectional");
        flag(NONE, "-R", "--rdma_cm");
        flag(NONE, "-z", "--comm_rdma_cm");
        flag(NONE, "-e", "--events");
        flag(NONE, "--use_hugepages");
        flag(Value.number(1, 8L << 20), "-s", "--size");
        flag(Value.number(5, 100_000_000), "-n", "--iters");
        flag(Value.number(1, 86_400), "-D", "--duration");
        flag(Value.number(1, 16_384), "-q", "--qp");
        flag(Value.of("[A-Za-z0-9_.-]{1,64}"), "-d", "--ib-dev");
        flag(Value.number(1, 255), "-i", "--ib-port");
        flag(Value.number(0, 255), "-x", "--gid-index");
        flag(Value.of("256|512|1024|2048|4096"), "-m", "--mtu");
        flag(Value.of("RC|UC|UD|XRC|DC|SRD"), "-c", "--connection");
        flag(Value.number(1024, 65_535), "-p", "--port");
        flag(Value.number(1, 16_384), "-t", "--tx-depth");
        flag(Value.number(1, 16_384), "-r", "--rx-depth");
        flag(Value.number(1, 2_048), "-l", "--post_list");
        flag(Value.number(1, 1_024), "-Q", "--cq-mod");
        flag(Value.number(0, 1_024), "-I", "--inline_size");
        flag(Value.number(0, 15), "-S", "--sl");
        flag(Value.number(0, 255), "-T", "--tos");
        flag(Value.number(0, 31), "-u", "--qp-timeout");
    }

    private static void flag(Value value, String... names) {
        for (String n : names) {
            ALLOWED.put(n, value);
        }
    }

    /** The option names a request may use, for messages and docs. */
    public static List<String> allowedNames() {
        return List.copyOf(ALLOWED.keySet());
    }

    /** Throws IllegalArgumentException naming the first program or argument not allowed. */
    public static void validate(String program, List<String> args, long maxDurationSeconds) {
        if (!PROGRAMS.contains(program)) {
            throw new IllegalArgumentException("perftest program '" + program + "' is not one of "
                    + String.join(", ", PROGRAMS));
        }
        if (args.size() > MAX_ARGS) {
            throw new IllegalArgumentException(args.size() + " arguments are more than " + MAX_ARGS);
        }
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a == null || !ALLOWED.containsKey(a)) {
                throw new IllegalArgumentException("perftest argument '" + printable(a) + "' is not allowed"
                        + (a != null && a.contains("=") ? " (give the value as the next argument)" : "")
                        + "; allowed: " + String.join(" ", ALLOWED.keySet()));
            }
            Value v = ALLOWED.get(a);
            if (v == null) {
                continue;
            }
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException("perftest argument " + a + " needs a value");
            }
            String value = args.get(++i);
            if (value == null || !v.pattern().matcher(value).matches()) {
                throw new IllegalArgumentException("value '" + printable(value) + "' of " + a + " is not allowed");
            }
            if (v.numeric()) {
                long n = Long.parseLong(value);
                long max = a.equals("-D") || a.equals("--duration") ? Math.min(v.max(), maxDurationSeconds) : v.max();
                if (n < v.min() || n > max) {
                    throw new IllegalArgumentException(a + " " + n + " is out of range (" + v.min() + ".." + max + ")");
                }
            }
        }
    }

    /** The value of option {@code names} in {@code args}, or null. */
    public static String valueOf(List<String> args, String... names) {
        for (int i = 0; i + 1 < args.size(); i++) {
            for (String n : names) {
                if (args.get(i).equals(n)) {
                    return args.get(i + 1);
                }
            }
        }
        return null;
    }

    private static String printable(String s) {
        if (s == null) {
            return "null";
        }
        String t = s.replaceAll("[^\\x20-\\x7e]", "?");
        return t.length() > 40 ? t.substring(0, 40) + "…" : t;
    }

    /** The argument list for both ends, without the client's host; {@code extra} as given, before the fixed tail. */
    public static List<String> build(Options o, List<String> extra) {
        List<String> args = new ArrayList<>();
        if (o.device() != null) {
            args.addAll(List.of("-d", o.device()));
        }
        if (o.ibPort() != null) {
            args.addAll(List.of("-i", o.ibPort().toString()));
        }
        if (o.gidIndex() != null) {
            args.addAll(List.of("-x", o.gidIndex().toString()));
        }
        if (o.mtuBytes() != null) {
            args.addAll(List.of("-m", o.mtuBytes().toString()));
        }
        if (o.sweep()) {
            args.add("-a");
        } else if (o.sizeBytes() != null) {
            args.addAll(List.of("-s", o.sizeBytes().toString()));
        }
        if (o.iterations() != null) {
            args.addAll(List.of("-n", o.iterations().toString()));
        }
        if (o.durationSeconds() != null) {
            args.addAll(List.of("-D", o.durationSeconds().toString()));
        }
        if (o.qps() != null) {
            args.addAll(List.of("-q", o.qps().toString()));
        }
        if (o.bidirectional()) {
            args.add("-b");
        }
        // the pass-through before wirespeed's fixed tail, so the list ends with an option (as perftest's
        // server side is usually called) and a later duplicate of -p is wirespeed's
        args.addAll(extra);
        args.addAll(List.of("-p", Integer.toString(o.perftestPort()), "-F"));
        if (o.bandwidth()) {
            args.add("--report_gbits");
        }
        return args;
    }

    /** What the command line chose; null = perftest's default. */
    public record Options(boolean bandwidth, String device, Integer ibPort, Integer gidIndex, Integer mtuBytes,
                          boolean sweep, Integer sizeBytes, Long iterations, Integer durationSeconds, Integer qps,
                          int perftestPort, boolean bidirectional) {}
}
