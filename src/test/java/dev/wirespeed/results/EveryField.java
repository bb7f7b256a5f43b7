package dev.wirespeed.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.session.BwResultGoldenTest;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Set;

/**
 * A bandwidth result with every top-level field set, and a check that a copy kept them: a copy
 * through the positional constructor once dropped the data path, placement, server output and
 * MPTCP record of every result it touched.
 */
public final class EveryField {
    private EveryField() {}

    public static BwResult bwResult() {
        BwResult r = BwResultGoldenTest.fixedResult()
                .withCounters(new CounterReport("tcp", "lo", List.of(), null, "lo", List.of(), null, List.of()))
                .withPlacement(new BwResult.Placement(1, "8-15", "eth1"))
                .withServerSharedWithTests(1)
                .withServerOutput(new ServerOutput(List.of("a server line"), null, 0))
                .withMptcp(new BwResult.Mptcp(2, 2));
        for (RecordComponent c : BwResult.class.getRecordComponents()) {
            assertThat(value(c, r)).as("%s: a field this fixture does not set yet", c.getName()).isNotNull();
        }
        return r;
    }

    /** Every top-level field of {@code copy} equals {@code original}'s, except those named. */
    public static void assertKept(BwResult original, BwResult copy, String... changed) {
        Set<String> except = Set.of(changed);
        for (RecordComponent c : BwResult.class.getRecordComponents()) {
            if (!except.contains(c.getName())) {
                assertThat(value(c, copy)).as(c.getName()).isEqualTo(value(c, original));
            }
        }
    }

    private static Object value(RecordComponent c, BwResult r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
