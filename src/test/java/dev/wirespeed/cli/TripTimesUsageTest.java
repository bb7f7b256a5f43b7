package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * --trip-times stamps every write itself: a data-path flag with it is one usage line, exit 2, nothing
 * run. The refusal names the flag from {@code BwOptions.dataPathFlag()}, which a new TCP data path's
 * flag joins (docs/ARCHITECTURE.md "How to add a data path").
 */
class TripTimesUsageTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "bw 127.0.0.1 --trip-times -Z              | --trip-times stamps every write and reads every stamp: not with -Z",
        "bw 127.0.0.1 --trip-times --skip-rx-copy  | --trip-times stamps every write and reads every stamp: not with --skip-rx-copy",
    })
    void aDataPathFlagWithTripTimesIsOneLineAndExitTwo(String line, String message) {
        Cli.Run r = Cli.run((line.trim() + " --no-save").split(" "));
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(message);
        assertThat(r.out()).isEmpty();
    }
}
