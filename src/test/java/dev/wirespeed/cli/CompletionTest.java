package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Completion of option values (bash, run by bash itself) and the fish script. */
class CompletionTest {
    @TempDir
    Path dir;

    /** What bash's completion function offers for the words of a line (the last one being completed). */
    private List<String> bashComplete(String... words) throws Exception {
        Path script = dir.resolve("wirespeed.bash");
        Files.writeString(script, CompletionCommand.script(CompletionCommand.Shell.bash), StandardCharsets.UTF_8);
        StringBuilder array = new StringBuilder();
        for (String w : words) {
            array.append(" '").append(w).append('\'');
        }
        String line = String.join(" ", words);
        String program = "source '" + script + "' 2>/dev/null; COMP_WORDS=(" + array + "); COMP_CWORD="
                + (words.length - 1) + "; COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE}; "
                + "_complete_wirespeed wirespeed '" + words[words.length - 1] + "' '" + words[words.length - 2]
                + "' 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"";
        Process p = new ProcessBuilder("bash", "--norc", "--noprofile", "-c", program).redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return out.lines().map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    @Test
    void bashCompletesTheValuesOfFormatRdmaCongestionAndDscp() throws Exception {
        assertThat(bashComplete("wirespeed", "bw", "-f", "")).contains("k", "m", "g", "K", "M", "G");
        assertThat(bashComplete("wirespeed", "bw", "--format", "")).contains("k", "G");
        assertThat(bashComplete("wirespeed", "bw", "--rdma", "")).containsExactlyInAnyOrder("write", "read", "send");
        assertThat(bashComplete("wirespeed", "lat", "--rdma", "w")).containsExactly("write");
        assertThat(bashComplete("wirespeed", "bw", "-C", "")).contains("cubic", "bbr", "reno");
        assertThat(bashComplete("wirespeed", "bw", "--dscp", "AF4")).containsExactly("AF41", "AF42", "AF43");
        assertThat(bashComplete("wirespeed", "mesh", "--pattern", "in")).containsExactlyInAnyOrder("incast", "incast:");
        assertThat(bashComplete("wirespeed", "mesh", "--f")).contains("--fan-in");
        assertThat(bashComplete("wirespeed", "results", "export", "--format", "")).contains("csv", "json",
                "openmetrics", "prometheus");
    }

    @Test
    void fishScriptIsPrinted() {
        // on main: "expected one of [bash, zsh] … but was 'fish'", exit 2
        Cli.Run r = Cli.run("completion", "fish");
        assertThat(r.exitCode()).as(r.err()).isZero();
        String fish = r.out();
        assertThat(fish.lines()).allMatch(l -> l.startsWith("#") || l.startsWith("complete -c wirespeed "));
        assertThat(fish).contains("complete -c wirespeed -f -n '__fish_use_subcommand' -a 'bw' -d 'Measure TCP or UDP bandwidth")
                .contains("complete -c wirespeed -n '__fish_seen_subcommand_from bw' -s f -l format -x -a 'k m g K M G' -d ")
                .contains("-l rdma -x -a 'write read send'")
                .contains("-s C -l congestion -x -a 'cubic bbr reno")
                .contains("-l dscp -x -a 'CS0 CS1")
                .contains("complete -c wirespeed -n '__fish_seen_subcommand_from bw' -s P -l parallel -r -d ")
                .contains("complete -c wirespeed -n '__fish_seen_subcommand_from bw' -s R -l reverse -d ")
                // a nested command: offered under results, its options once it is typed
                .contains("complete -c wirespeed -f -n '__fish_seen_subcommand_from results; and not "
                        + "__fish_seen_subcommand_from ")
                .contains("-n '__fish_seen_subcommand_from results; and __fish_seen_subcommand_from export' -l format -x -a 'csv json openmetrics prometheus'");
        // every quoted word is closed: an odd count of unescaped quotes on a line would break fish's parser
        assertThat(fish.lines()).allMatch(l -> l.replace("\\'", "").chars().filter(c -> c == '\'').count() % 2 == 0);
    }
}
