package dev.wirespeed.cli;

import dev.wirespeed.perftest.PerftestArgs;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** bw's and lat's RDMA options: the perftest verb and device choices (docs: README "RDMA"). */
final class RdmaOptions {
    static final int DEFAULT_PERFTEST_PORT = 18515;

    @Option(names = "--rdma", paramLabel = "VERB", completionCandidates = Candidates.RdmaVerbs.class, description = "RDMA test with perftest: write, read or send. "
            + "The wirespeed server at HOST starts the perftest server; this host runs the client (perftest "
            + "installed on both). With -R the roles swap (HOST runs the client, data flows from HOST); --bidir is "
            + "perftest -b (bw only). Further perftest options after -- (perftest's own -R is rdma_cm).")
    String verb;

    @Option(names = "--ib-dev", paramLabel = "DEV", description = "RDMA device on both ends (perftest -d), e.g. mlx5_0.")
    String device;

    @Option(names = "--ib-port", paramLabel = "N", description = "Port of the RDMA device (perftest -i).")
    Integer ibPort;

    @Option(names = "--gid-index", paramLabel = "N", description = "GID index for RoCE (perftest -x), "
            + "see show_gids.")
    Integer gidIndex;

    @Option(names = "--mtu", paramLabel = "BYTES", description = "RDMA MTU (perftest -m): 256 … 4096.")
    Integer mtuBytes;

    @Option(names = "--perftest-port", paramLabel = "PORT", defaultValue = "" + DEFAULT_PERFTEST_PORT,
            description = "TCP port of perftest's own connection setup (perftest -p, default ${DEFAULT-VALUE}).")
    int perftestPort;

    boolean selected() {
        return verb != null;
    }

    /** "ib_write_bw" for write with bandwidth; usage error for another verb. */
    String program(CommandSpec spec, boolean bandwidth) {
        String v = verb.toLowerCase(Locale.ROOT);
        if (!List.of("write", "read", "send").contains(v)) {
            throw OptionRanges.usage(spec, "--rdma takes write, read or send, not '" + verb + "'");
        }
        return "ib_" + v + (bandwidth ? "_bw" : "_lat");
    }

    /** Checks the options' ranges and the pass-through against the allow-list (exit 2 before any connection). */
    void check(CommandSpec spec, List<String> args, String program) {
        OptionRanges.range(spec, "--perftest-port", perftestPort, 1024, 65535);
        if (ibPort != null) {
            OptionRanges.range(spec, "--ib-port", ibPort, 1, 255);
        }
        if (gidIndex != null) {
            OptionRanges.range(spec, "--gid-index", gidIndex, 0, 255);
        }
        if (mtuBytes != null && !List.of(256, 512, 1024, 2048, 4096).contains(mtuBytes)) {
            throw OptionRanges.usage(spec, "--mtu must be 256, 512, 1024, 2048 or 4096 (an RDMA MTU), not " + mtuBytes);
        }
        try {
            PerftestArgs.validate(program, args, Long.MAX_VALUE / 1000);
        } catch (IllegalArgumentException e) {
            throw OptionRanges.usage(spec, e.getMessage());
        }
    }
}
