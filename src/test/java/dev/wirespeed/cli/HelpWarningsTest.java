package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * picocli formats option descriptions as format strings: a bare "%" ("within 2 %") made `bw --help`
 * print a "[picocli WARN] Could not format" line on stderr before the help. Every command's help is
 * rendered here with stderr captured (isolated: stderr is the process's).
 */
@Isolated
class HelpWarningsTest {
    @Test
    void noCommandsHelpMakesPicocliWarn() {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        List<String> failures = new ArrayList<>();
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            for (List<String> c : CliConventionsTest.commands()) {
                List<String> line = new ArrayList<>(c);
                line.add("--help");
                Cli.Run r = Cli.run(line.toArray(String[]::new));
                String warned = captured.toString(StandardCharsets.UTF_8) + r.err();
                if (warned.contains("picocli WARN")) {
                    failures.add(String.join(" ", c) + ": " + warned.strip());
                }
                captured.reset();
            }
        } finally {
            System.setErr(saved);
        }
        assertThat(failures).isEmpty();
    }
}
