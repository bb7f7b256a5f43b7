package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What {@link SplitFences} leaves apart: fences join only when read together they are read further than apart (the real
 * sample it joins is a fixture with key facts: parse/fio, fio-3.34-randwrite-job-line-result-head-iops-in-separate-fences-…).
 */
class SplitFencesTest {
    private final LogReader reader = LogReader.standard();
    private final Splitter splitter = new Splitter(Set.of("fio", "ethtool"), reader::starts, reader::startsFor, reader::covered);

    /** The lines of every chunk of a paste, as the splitter passes them on. */
    private List<String> lines(String... pasted) {
        return splitter.split(String.join("\n", pasted)).stream()
                .flatMap(c -> IntStream.range(0, c.lines().size()).mapToObj(c.lines()::raw)).toList();
    }

    private static final String JOB = "randwrite: (g=0): rw=randwrite, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B,"
            + " ioengine=libaio, iodepth=32";
    private static final String IOPS = "  write: IOPS=17.6k, BW=68.9MiB/s (72.3MB/s)(690MiB/10008msec); 0 zone resets";

    @Test
    void aJobLineAndItsResultsInTwoFencesAreOneBlock() {
        assertThat(lines("```", JOB, "```", "", "The results:", "", "```", IOPS, "```"))
                .containsExactly("```", JOB, IOPS, "```");
    }

    @Test
    void twoOutputsWithAHeadEachStayApart() {
        // two ethtool -i outputs: each is read as far alone as together
        String[] first = {"driver: mlx5_core", "version: 5.0-0", "bus-info: 0000:00:08.0"};
        String[] second = {"driver: ixgbe", "version: 5.1.0-k", "bus-info: 0000:05:00.0"};
        List<String> pasted = new ArrayList<>(List.of("```"));
        pasted.addAll(List.of(first));
        pasted.addAll(List.of("```", "and on the other host:", "```"));
        pasted.addAll(List.of(second));
        pasted.add("```");
        assertThat(lines(pasted.toArray(String[]::new))).contains("and on the other host:");
    }

    @Test
    void aFenceThatStartsWithACommandStaysApart() {
        assertThat(lines("```", JOB, "```", "then again:", "```", "$ fio --name=randwrite --rw=randwrite", IOPS, "```"))
                .contains("then again:");
    }

    @Test
    void proseThatIsAnOutputStaysApart() {
        // a line between the fences that a parser reads is no prose: the fences stay as they are
        assertThat(lines("```", JOB, "```", "driver: mlx5_core", "bus-info: 0000:00:08.0", "```", IOPS, "```"))
                .contains("driver: mlx5_core");
    }
}
