package dev.wirespeed.cli;

import dev.wirespeed.guard.Printable;
import dev.wirespeed.io.CheckedWriter;
import dev.wirespeed.io.Io;
import dev.wirespeed.report.RateUnit;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Stack;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * Options named and behaving as iperf3's, for people whose fingers know iperf3 (iperf_api.c's option
 * table): report unit, log file, line prefixes, block count, client port, address family, JSON stream.
 * Shared by bw and lat; {@link #refuseWhereMeaningless} names the tests an option does not fit.
 */
final class Iperf3HabitOptions {
    @Option(names = {"-f", "--format"}, paramLabel = "UNIT", completionCandidates = Candidates.RateUnits.class,
            description = "Rate unit of bw's text report: k, m, g = kbit/s, Mbit/s, Gbit/s; K, M, G = KiB/s, MiB/s, "
                    + "GiB/s (as iperf3; JSON is always bit/s; not for lat, which reports times).")
    Character format;

    @Option(names = "--logfile", paramLabel = "FILE",
            description = "Append the text output to FILE instead of standard output (as iperf3).")
    Path logfile;

    @Option(names = "--forceflush", description = "Flush the output after every line (useful with --logfile).")
    boolean forceFlush;

    @Option(names = "--timestamps", paramLabel = "FORMAT", arity = "0..1", fallbackValue = Strftime.DEFAULT,
            preprocessor = AttachedOnly.class, description = "Start every text line with the local time, strftime FORMAT (default \"%%c \").")
    String timestamps;

    @Option(names = {"-T", "--title"}, paramLabel = "STR", description = "Start every text line with \"STR:  \".")
    String title;

    @Option(names = {"-k", "--blockcount"}, paramLabel = "N",
            description = "bw over TCP: send N blocks of -l bytes instead of running for a time (= -n N×LEN).")
    Long blockCount;

    @Option(names = "--cport", paramLabel = "PORT",
            description = "bw over TCP: bind the data connections to this client port; stream i uses PORT+i (as "
                    + "iperf3).")
    Integer clientPort;

    @Option(names = {"-4", "--version4"}, description = "Use IPv4 addresses of HOST only.")
    boolean ipv4;

    @Option(names = {"-6", "--version6"}, description = "Use IPv6 addresses of HOST only.")
    boolean ipv6;

    @Option(names = "--json-stream", description = "Print one JSON object per line as the test runs: "
            + "{\"event\":\"start\"|\"interval\"|\"end\"|\"error\",\"data\":…} (as iperf3 3.17+).")
    boolean jsonStream;

    /**
     * --timestamps takes FORMAT only when attached (--timestamps=FORMAT), as getopt's optional_argument
     * in iperf3: `--timestamps 10.0.0.2` leaves 10.0.0.2 to be HOST.
     */
    static final class AttachedOnly implements CommandLine.IParameterPreprocessor {
        @Override
        public boolean preprocess(Stack<String> args, CommandSpec spec, CommandLine.Model.ArgSpec arg,
                                  Map<String, Object> info) {
            // picocli reports "=" for --timestamps=FORMAT and " " when FORMAT would be the next argument
            if ("=".equals(info.get("separator"))) {
                return false;
            }
            arg.setValue(Strftime.DEFAULT);
            return true;
        }
    }

    /** Checks the options against each other and the command's, exit 2 on the first conflict. */
    void check(CommandSpec spec, boolean json, boolean loopback) throws IOException {
        Output.check(spec, logfile, "--logfile");
        if (format != null && !RateUnit.valid(format)) {
            throw OptionRanges.usage(spec, "-f '" + format + "' is not a unit: k, m, g (bits) or K, M, G (bytes)");
        }
        if (timestamps != null) {
            try {
                Strftime.formatter(timestamps);
            } catch (IllegalArgumentException e) {
                throw OptionRanges.usage(spec, "--timestamps: " + e.getMessage());
            }
        }
        if (ipv4 && ipv6) {
            throw OptionRanges.usage(spec, "-4 and -6 exclude each other");
        }
        if (clientPort != null) {
            OptionRanges.range(spec, "--cport", clientPort, 1, 65535);
        }
        if (blockCount != null) {
            OptionRanges.range(spec, "-k", blockCount, 1, Long.MAX_VALUE / (16L << 20) / 4);
            if (spec.commandLine().getParseResult().hasMatchedOption("-t")
                    || spec.commandLine().getParseResult().hasMatchedOption("-n")) {
                throw OptionRanges.usage(spec, "-k excludes -t and -n: give a block count, a time or a byte count");
            }
        }
        if (jsonStream && json) {
            throw OptionRanges.usage(spec, "--json-stream and --json exclude each other: a stream of events or one document");
        }
        if (loopback && (ipv4 || ipv6)) {
            throw OptionRanges.usage(spec, "-4/-6 choose HOST's address family: --loopback is always 127.0.0.1");
        }
    }

    /** What a command runs, for the options that do not apply to all of them. */
    enum Mode {
        TCP, UDP, SWEEP, RDMA, LATENCY
    }

    /**
     * Refuses, with the reason, an option that means nothing for {@code mode}: the text options (-f,
     * --logfile, --forceflush, --timestamps, -T) and -4/-6 apply to every test; the rest where said.
     */
    void refuseWhereMeaningless(CommandSpec spec, Mode mode) {
        String why = switch (mode) {
            case TCP -> null;
            case UDP -> blockCount != null ? "-k: a UDP test runs for a time (-t), not a block count"
                    : clientPort != null ? "--cport: with --udp the datagram sockets take the kernel's ports "
                            + "(only bw's TCP streams bind a client port)"
                    : null;
            case SWEEP -> blockCount != null ? "-k: -a runs each size for a time (-t per size), not a block count"
                    : clientPort != null ? "--cport: -a opens new connections for every size, and a fixed client "
                            + "port would meet the previous size's TIME_WAIT"
                    : null;
            case RDMA -> format != null ? "-f: with --rdma the report is perftest's, in its own units"
                    : jsonStream ? "--json-stream: perftest reports once at the end, there are no intervals to "
                            + "stream (use --json)"
                    : clientPort != null ? "--cport: with --rdma perftest opens its own connections"
                    : blockCount != null ? "-k: with --rdma count iterations with -n and -s"
                    : null;
            case LATENCY -> format != null ? "-f sets a rate unit: lat reports times (microseconds)"
                    : blockCount != null ? "-k counts bandwidth blocks: lat counts round trips with -n"
                    : clientPort != null ? "--cport: lat's connections take the kernel's port "
                            + "(only bw's TCP streams bind a client port)"
                    : null;
        };
        if (why != null) {
            throw OptionRanges.usage(spec, why);
        }
    }

    RateUnit rateUnit() {
        return format == null ? RateUnit.ADAPTIVE : new RateUnit(format);
    }

    /** -k N as a byte budget: N writes of {@code bufferBytes} (iperf3's blocks are -l buffers). */
    Long bytes(long bufferBytes) {
        return blockCount == null ? null : blockCount * bufferBytes;
    }

    /** HOST as an address of the family -4/-6 asks for, or HOST unchanged without them. */
    String host(String host) throws IOException {
        if (host == null || !(ipv4 || ipv6)) {
            return host;
        }
        InetAddress[] all;
        try {
            all = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            throw new UnknownHostException("unknown host '" + host + "'");
        }
        for (InetAddress a : all) {
            if (ipv4 ? a instanceof Inet4Address : a instanceof Inet6Address) {
                return a.getHostAddress();
            }
        }
        throw new Failure("host '" + host + "' has no " + (ipv4 ? "IPv4" : "IPv6") + " address (" + (ipv4 ? "-4" : "-6")
                + ")");
    }

    private CheckedWriter logWriter;

    /**
     * Flushes {@code out} at the end of the command and closes the --logfile it writes to, if any;
     * a write that failed (a full disk) ends the command with exit 1 and the reason.
     */
    interface Log extends AutoCloseable {
        @Override
        void close();
    }

    Log log(PrintWriter out) {
        return () -> {
            out.flush();
            if (logWriter != null) {
                boolean failed = out.checkError();
                out.close();
                IOException why = logWriter.failure();
                if (failed || why != null) {
                    throw new Failure("--logfile " + logfile + ": cannot write"
                            + (why == null ? "" : ": " + Io.reason(why)) + "; its text is incomplete");
                }
            }
        };
    }

    /**
     * Where the text goes: {@code out}, or --logfile opened for appending (a FIFO or a character
     * device is written in place; a block device, a directory or a socket is refused); each line
     * prefixed with --timestamps then --title (iperf_printf's order), flushed per line with --forceflush.
     */
    PrintWriter text(PrintWriter out, boolean prefixLines) throws IOException {
        Writer target = out;
        if (logfile != null) {
            try {
                logWriter = new CheckedWriter(Files.newOutputStream(logfile, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND, StandardOpenOption.WRITE));
                target = Printable.terminal(new BufferedWriter(logWriter), false);
            } catch (IOException e) {
                throw new Failure("--logfile " + logfile + ": cannot open for appending (" + e.getMessage() + ")", e);
            }
        }
        if (timestamps == null && title == null && !forceFlush && logfile == null) {
            return out;
        }
        // JSON documents and events are not prefixed: iperf3 writes them outside iperf_printf
        DateTimeFormatter time = timestamps == null || !prefixLines ? null : Strftime.formatter(timestamps);
        String titlePrefix = title == null || !prefixLines ? "" : title + ":  ";
        return new PrintWriter(new LinePrefixWriter(target,
                () -> (time == null ? "" : time.format(ZonedDateTime.now())) + titlePrefix, forceFlush));
    }
}
