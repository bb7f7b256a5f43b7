package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.EveryField;
import org.junit.jupiter.api.Test;

class AgentResultTest {
    @Test
    void theCoordinatorsCopyLosesOnlyTheIntervalsAndTheCountersThatDoNotMatter() {
        BwResult r = EveryField.bwResult();
        BwResult sent = AgentSession.withoutIntervals(r);
        assertThat(sent.directions()).allSatisfy(d -> assertThat(d.intervals()).isEmpty());
        assertThat(sent.directions()).hasSameSizeAs(r.directions());
        EveryField.assertKept(r, sent, "directions", "counters");
        assertThat(sent.counters()).isNotNull();
    }
}
