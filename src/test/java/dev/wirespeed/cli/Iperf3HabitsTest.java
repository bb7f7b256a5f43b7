package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.report.RateUnit;
import dev.wirespeed.testing.Cli;
import java.io.StringWriter;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Parsing of iperf3's habits on bw and lat: HOST:PORT, -f, --timestamps, -T, --forceflush, conflicts. */
class Iperf3HabitsTest {
    private static final CommandSpec SPEC = new CommandLine(new BwCommand()).getCommandSpec();

    @Test
    void hostPortForms() {
        assertThat(Target.parse(SPEC, "10.0.0.2:6000")).isEqualTo(new Target.Endpoint("10.0.0.2", 6000));
        assertThat(Target.parse(SPEC, "node7.example:5201")).isEqualTo(new Target.Endpoint("node7.example", 5201));
        assertThat(Target.parse(SPEC, "node7")).isEqualTo(new Target.Endpoint("node7", null));
        assertThat(Target.parse(SPEC, "[fe80::1%eth0]:7000")).isEqualTo(new Target.Endpoint("fe80::1%eth0", 7000));
        assertThat(Target.parse(SPEC, "[::1]")).isEqualTo(new Target.Endpoint("::1", null));
        // an unbracketed IPv6 literal has no port: its last group is part of the address
        assertThat(Target.parse(SPEC, "2001:db8::5201")).isEqualTo(new Target.Endpoint("2001:db8::5201", null));
        for (String bad : new String[] {"[::1", "[::1]5201", "[]:5201", "host:", "host:52x1", "host:70000", ":5201"}) {
            assertThatThrownBy(() -> Target.parse(SPEC, bad)).as(bad)
                    .isInstanceOf(CommandLine.ParameterException.class);
        }
    }

    @Test
    void usageErrorsExit2WithOneLine() {
        String[][] cases = {
            {"bw", "127.0.0.1:5999", "-p", "5998"},
            {"lat", "[::1]:5999", "-p", "5998"},
            {"bw", "127.0.0.1", "-f", "x"},
            {"bw", "127.0.0.1", "-k", "10", "-t", "3"},
            {"bw", "127.0.0.1", "-k", "0"},
            {"bw", "127.0.0.1", "-4", "-6"},
            {"bw", "--loopback", "-4"},
            {"bw", "127.0.0.1", "--json-stream", "-J"},
            {"bw", "127.0.0.1", "--timestamps=%Q"},
            {"bw", "127.0.0.1", "--cport", "70000"},
            {"bw", "host:port"},
            {"lat", "127.0.0.1", "-4", "-6"},
            {"lat", "--loopback", "-6"},
            {"lat", "127.0.0.1", "--json-stream", "--json"},
            {"lat", "127.0.0.1", "--timestamps=%Q"},
        };
        for (String[] args : cases) {
            Cli.Run r = Cli.run(append(args, "--no-save"));
            assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines().count()).as(String.join(" ", args)).isEqualTo(1);
        }
    }

    /** Where an iperf3 option means nothing, the one line says why; elsewhere it is accepted. */
    @Test
    void meaninglessHabitsAreRefusedWithTheReason() {
        String[][] cases = {
            // command line ... , a word of the reason
            {"lat 127.0.0.1 -f m", "lat reports times"},
            {"lat 127.0.0.1 -k 10", "round trips with -n"},
            {"lat 127.0.0.1 --cport 6000", "kernel's port"},
            {"lat 127.0.0.1 --udp --cport 6000", "kernel's port"},
            {"bw 127.0.0.1 --udp -k 10", "runs for a time"},
            {"bw 127.0.0.1 --udp --cport 6000", "datagram sockets"},
            {"bw 127.0.0.1 -a -k 10", "for a time"},
            {"bw 127.0.0.1 -a --cport 6000", "TIME_WAIT"},
            {"bw 127.0.0.1 --rdma write -f m", "perftest's"},
            {"bw 127.0.0.1 --rdma write --json-stream", "no intervals"},
            {"bw 127.0.0.1 --rdma write --cport 6000", "own connections"},
            {"lat 127.0.0.1 --rdma send -f m", "perftest's"},
        };
        for (String[] c : cases) {
            Cli.Run r = Cli.run((c[0] + " --no-save").split(" "));
            assertThat(r.exitCode()).as(c[0] + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines().count()).as(c[0]).isEqualTo(1);
            assertThat(r.err()).as(c[0]).contains(c[1]);
        }
    }

    /** The text options and -4/-6 pass the checks with --udp, -a and --rdma (nothing is run: bad -t stops it). */
    @Test
    void textHabitsAreAcceptedWithUdpSweepsRdmaAndLat() {
        String[] lines = {
            "bw 127.0.0.1 --udp -f m -T x --timestamps --forceflush -4",
            "bw 127.0.0.1 -a -f g -T x --timestamps=%T --json-stream",
            "bw 127.0.0.1 --udp --json-stream",
            "lat 127.0.0.1 -T x --timestamps --forceflush -4 --json-stream",
        };
        for (String line : lines) {
            Cli.Run r = Cli.run((line + " -t -1 --no-save").split(" "));
            assertThat(r.exitCode()).as(line + ": " + r.err()).isEqualTo(2);
            assertThat(r.err()).as(line).contains("-t").doesNotContain("-T").doesNotContain("-f ")
                    .doesNotContain("--timestamps").doesNotContain("json-stream");
        }
    }

    @Test
    void jsonStreamUsageErrorIsAnErrorEvent() {
        Cli.Run r = Cli.run("bw", "127.0.0.1", "--json-stream", "-f", "x", "--no-save");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out().strip()).startsWith("{\"event\":\"error\",\"data\":\"-f 'x'");
    }

    @Test
    void strftimeCodesMapToJavaTime() {
        ZonedDateTime t = ZonedDateTime.of(2026, 12, 2, 2, 10, 13, 0, ZoneOffset.UTC);
        // C locale %c is "%a %b %e %H:%M:%S %Y", %e space-padded
        assertThat(Strftime.formatter(Strftime.DEFAULT).format(t)).isEqualTo("Wed Dec  2 02:10:13 2026 ");
        assertThat(Strftime.formatter("%Y-%m-%dT%H:%M:%S%z [%j] 100%% ").format(t))
                .isEqualTo("2026-12-02T02:10:13+0000 [336] 100% ");
        assertThat(Strftime.formatter("%F %T %I%p %A %B").format(t)).isEqualTo("2026-12-02 02:10:13 02AM Wednesday December");
        assertThatThrownBy(() -> Strftime.formatter("%Q")).hasMessageContaining("%Q");
        assertThatThrownBy(() -> Strftime.formatter("%H%")).hasMessageContaining("lone %");
    }

    @Test
    void linePrefixesEveryLineAndFlushesPerLineWhenAsked() throws Exception {
        AtomicInteger flushes = new AtomicInteger();
        StringWriter target = new StringWriter() {
            @Override
            public void flush() {
                flushes.incrementAndGet();
            }
        };
        AtomicInteger n = new AtomicInteger();
        try (LinePrefixWriter w = new LinePrefixWriter(target, () -> n.incrementAndGet() + " T:  ", true)) {
            w.write("first li");
            w.write("ne\nsecond\n\nfour");
            assertThat(flushes.get()).isEqualTo(3);
        }
        assertThat(target.toString()).isEqualTo("1 T:  first line\n2 T:  second\n3 T:  \n4 T:  four");
    }

    @Test
    void rateUnitsAsIperf3() {
        double bitsPerSecond = 8_589_934_592.0; // 1 GiB/s
        assertThat(new RateUnit('g').format(bitsPerSecond)).isEqualTo("8.59 Gbit/s");
        assertThat(new RateUnit('m').format(bitsPerSecond)).isEqualTo("8589.93 Mbit/s");
        assertThat(new RateUnit('k').format(1500)).isEqualTo("1.50 kbit/s");
        assertThat(new RateUnit('G').format(bitsPerSecond)).isEqualTo("1.00 GiB/s");
        assertThat(new RateUnit('M').format(bitsPerSecond)).isEqualTo("1024.00 MiB/s");
        assertThat(new RateUnit('K').format(8 * 1536)).isEqualTo("1.50 KiB/s");
        // the sweep's BW columns: the same units as numbers, Gbit/s without -f (perftest's Gb/sec)
        assertThat(new RateUnit('m').value(2.5e9)).isEqualTo(2500.0);
        assertThat(new RateUnit('G').value(bitsPerSecond)).isEqualTo(1.0);
        assertThat(RateUnit.ADAPTIVE.value(2.5e9)).isEqualTo(2.5);
        assertThat(RateUnit.valid('x')).isFalse();
        assertThat(RateUnit.valid('G')).isTrue();
    }

    private static String[] append(String[] args, String last) {
        String[] all = Arrays.copyOf(args, args.length + 1);
        all[args.length] = last;
        return all;
    }
}
