package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import dev.wirespeed.units.Rate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Walks every command of the model: help, version, summaries, usage errors and the exit-code table. */
class CliConventionsTest {
    @TempDir
    Path dir;

    private static Cli.Run run(String... args) {
        return Cli.run(args);
    }

    /** Every command's words from the root, e.g. [bw], [results, list]; the help command excluded. */
    static List<List<String>> commands() {
        List<List<String>> all = new ArrayList<>();
        walk(Main.model(), new ArrayList<>(), all);
        return all;
    }

    private static void walk(CommandLine cmd, List<String> path, List<List<String>> all) {
        for (var e : cmd.getSubcommands().entrySet()) {
            if (e.getKey().equals("help")) {
                continue;
            }
            List<String> p = new ArrayList<>(path);
            p.add(e.getKey());
            all.add(p);
            walk(e.getValue(), p, all);
        }
    }

    private static String[] with(List<String> words, String... more) {
        List<String> a = new ArrayList<>(words);
        a.addAll(List.of(more));
        return a.toArray(new String[0]);
    }

    @Test
    void theModelHasEveryCommand() {
        assertThat(commands()).extracting(l -> String.join(" ", l))
                .contains("check", "bw", "lat", "server", "doctor", "limits", "explain", "run", "results", "agent",
                        "mesh", "completion", "results list", "results show", "results compare", "results export",
                        "results report");
    }

    @Test
    void everyCommandAnswersHelpAndVersionWithExit0() {
        for (List<String> c : commands()) {
            Cli.Run help = run(with(c, "--help"));
            assertThat(help.exitCode()).as("%s --help", c).isZero();
            assertThat(help.out()).as("%s --help", c).contains("Usage: wirespeed " + String.join(" ", c));
            CommandLine cmd = Main.model();
            for (String w : c) {
                cmd = cmd.getSubcommands().get(w);
            }
            assertThat(cmd.getCommandSpec().usageMessage().autoWidth()).as("%s help follows the terminal's width", c)
                    .isTrue();
            Cli.Run version = run(with(c, "-V"));
            assertThat(version.exitCode()).as("%s -V", c).isZero();
            assertThat(version.out()).as("%s -V", c).startsWith("wirespeed ");
        }
    }

    @Test
    void helpCommandExits0ForEveryTopLevelCommand() {
        for (List<String> c : commands()) {
            if (c.size() == 1) {
                Cli.Run r = run("help", c.get(0));
                assertThat(r.exitCode()).as("help %s", c).isZero();
                assertThat(r.out()).contains("Usage: wirespeed " + c.get(0));
            }
        }
    }

    @Test
    void everySummaryIsOneCompleteSentenceThatFitsTheCommandList() {
        Cli.Run r = run("--help");
        for (List<String> c : commands()) {
            CommandLine cmd = Main.model();
            for (String w : c) {
                cmd = cmd.getSubcommands().get(w);
            }
            String[] header = cmd.getCommandSpec().usageMessage().header();
            assertThat(header).as("%s header", c).hasSize(1);
            assertThat(header[0]).as("%s header", c).endsWith(".").matches("^[A-Z].*");
            // the root's list indents the summary by 14 columns; 80 is the width without a terminal
            assertThat(14 + header[0].length()).as("%s header width", c).isLessThanOrEqualTo(80);
            if (c.size() == 1) {
                assertThat(r.out()).contains(header[0]);
            }
        }
    }

    @Test
    void unknownOptionIsOneLineAndExit2OnEveryCommand() {
        for (List<String> c : commands()) {
            Cli.Run r = run(with(c, "--no-such-option"));
            assertThat(r.exitCode()).as("%s", c).isEqualTo(ExitCode.USAGE);
            assertThat(r.err().strip().lines()).as("%s", c).hasSize(1);
            assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
        }
    }

    @Test
    void typosGetSuggestions() {
        Cli.Run command = run("bww");
        assertThat(command.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(command.err()).contains("did you mean bw?");
        Cli.Run option = run("bw", "--paralel", "2");
        assertThat(option.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(option.err()).contains("did you mean --parallel?");
    }

    @Test
    void exitCodesFollowTheTable() {
        assertThat(ExitCode.OK).isZero();
        assertThat(ExitCode.FAILURE).isEqualTo(1);
        assertThat(ExitCode.USAGE).isEqualTo(2);
        assertThat(ExitCode.FINDINGS).isEqualTo(3);
        assertThat(ExitCode.INTERRUPTED).isEqualTo(130);
        // a missing input file is a runtime failure for every command that reads one
        String missing = dir.resolve("absent.txt").toString();
        assertThat(run("explain", missing).exitCode()).isEqualTo(ExitCode.FAILURE);
        assertThat(run("run", missing).exitCode()).isEqualTo(ExitCode.FAILURE);
        assertThat(run("limits", "--eth", "fast").exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run("--help").out()).contains("Exit codes: 0 ok, 1 runtime failure, 2 bad usage, 3 findings");
    }

    @Test
    void jsonFailuresPrintAnErrorObjectOnStdout() throws Exception {
        JsonMapper json = JsonMapper.builder().build();
        Cli.Run runtime = run("explain", "-J", dir.resolve("absent.txt").toString());
        assertThat(runtime.exitCode()).isEqualTo(ExitCode.FAILURE);
        JsonNode e = json.readTree(runtime.out());
        assertThat(e.get("error").asString()).contains("no such file");
        assertThat(runtime.err()).contains("no such file");

        Cli.Run usage = run("limits", "--json", "--eth", "fast\"x");
        assertThat(usage.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(json.readTree(usage.out()).get("error").asString()).contains("fast\"x");

        Cli.Run plain = run("explain", dir.resolve("absent.txt").toString());
        assertThat(plain.out()).isEmpty();
    }

    @Test
    void ratesTakeATrailingBAsIperf3Does() {
        assertThat(Rate.parse("100Mb")).isEqualTo(100_000_000L);
        assertThat(Rate.parse("1Gb")).isEqualTo(1_000_000_000L);
        assertThat(Rate.parse("1GB")).isEqualTo(1_000_000_000L);
        assertThat(Rate.parse("10G")).isEqualTo(10_000_000_000L);
        assertThat(run("bw", "--loopback", "-b", "1Gbx").exitCode()).isEqualTo(ExitCode.USAGE);
    }

    /** Issue 16 item 6: every iperf3 habit is an option of both client commands. */
    @Test
    void bwAndLatSpeakEveryIperf3Habit() {
        CommandLine model = Main.model();
        for (String command : List.of("bw", "lat")) {
            var spec = model.getSubcommands().get(command).getCommandSpec();
            for (String option : List.of("-J", "--json", "--json-stream", "-f", "--format", "--logfile", "--timestamps",
                    "-T", "--title", "-k", "--blockcount", "--cport", "-4", "-6", "--forceflush", "-p", "-V")) {
                assertThat(spec.findOption(option)).as("%s %s", command, option).isNotNull();
            }
            // HOST:PORT and [v6]:PORT: a bad port is a usage error before anything runs
            assertThat(run(command, "127.0.0.1:port", "--no-save").exitCode()).as(command).isEqualTo(ExitCode.USAGE);
            assertThat(run(command, "[::1]:99999", "--no-save").exitCode()).as(command).isEqualTo(ExitCode.USAGE);
        }
    }

    @Test
    void versionAnswersWithoutPicocliAndPrintsWhatSubcommandsPrint() {
        assertThat(Main.versionOnly(new String[] {"--version"})).isTrue();
        assertThat(Main.versionOnly(new String[] {"-V"})).isTrue();
        assertThat(Main.versionOnly(new String[] {"--version", "--debug"})).isFalse();
        assertThat(Main.versionOnly(new String[] {"explain", "-V"})).isFalse();
        Cli.Run root = run("--version");
        assertThat(root.exitCode()).isZero();
        assertThat(root.out()).startsWith("wirespeed ").contains("(Java ").isEqualTo(run("explain", "-V").out());
        assertThat(run("-V").out()).isEqualTo(root.out());
    }

    @Test
    void versionAloneBuildsNoSubcommandModel() {
        assertThat(Main.needed(new String[] {"--version"})).isEmpty();
        assertThat(Main.needed(new String[] {"explain", "x.txt"})).containsExactly("explain");
        assertThat(Main.needed(new String[] {"--debug", "bw", "--help"})).containsExactly("bw");
        assertThat(Main.needed(new String[] {"help", "bw"})).contains("bw", "lat", "help");
        assertThat(Main.needed(new String[] {"bww"})).contains("bw");
    }

    @Test
    void completionScriptsNameCommandsOptionsAndEnumValues() {
        Cli.Run bash = run("completion", "bash");
        assertThat(bash.exitCode()).isZero();
        assertThat(bash.out()).contains("complete -F", "explain", "'--parallel'", "(\"bash\" \"zsh\" \"fish\")");
        Cli.Run zsh = run("completion", "zsh");
        assertThat(zsh.out()).startsWith("#compdef wirespeed").contains("bashcompinit");
        assertThat(run("completion", "csh").exitCode()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void manPagesCoverEveryCommand() throws Exception {
        List<Path> pages = ManPages.write(Main.model(), dir);
        assertThat(pages).extracting(p -> p.getFileName().toString())
                .contains("wirespeed.1", "wirespeed-bw.1", "wirespeed-results-list.1")
                .hasSize(commands().size() + 1);
        String bw = Files.readString(dir.resolve("wirespeed-bw.1"));
        assertThat(bw).startsWith(".TH \"WIRESPEED-BW\" 1").contains(".SH SYNOPSIS", ".SH OPTIONS", "\\-\\-parallel");
        // issue 29 point 7: the one-way latency section, after the options
        assertThat(bw).contains(".SH ONE\\-WAY LATENCY (\\-\\-trip\\-times)", "adjtimex(2)", "STA_UNSYNC",
                "write\\-to\\-read", "wirespeed.trip\\-times/1");
        assertThat(bw.indexOf(".SH ONE")).isGreaterThan(bw.indexOf(".SH OPTIONS"));
        // and frames at a frame rate (bw --isochronous)
        assertThat(bw).contains(".SH ISOCHRONOUS FRAMES (\\-\\-isochronous)", "log\\-normal", "slips",
                "wirespeed.isochronous/1", "udp\\-isoch");
        assertThat(bw.indexOf(".SH ISOCHRONOUS")).isGreaterThan(bw.indexOf(".SH OPTIONS"));
        for (String line : bw.lines().toList()) {
            assertThat(line).as("troff request injected by text").matches("^(\\.(TH|SH|TP|PP|nf|fi) ?.*|[^.'].*|)$");
        }
    }
}
