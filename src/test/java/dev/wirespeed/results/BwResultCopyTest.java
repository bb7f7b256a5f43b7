package dev.wirespeed.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BwResultCopyTest {
    @Test
    void withDirectionsKeepsEveryOtherField() {
        BwResult r = EveryField.bwResult();
        BwResult copy = r.withDirections(List.of());
        assertThat(copy.directions()).isEmpty();
        EveryField.assertKept(r, copy, "directions");
    }
}
