package dev.wirespeed.admission;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Issue 32, break 1: a reserve of descriptors below the process's limit that a flood cannot take. */
@Tag("hostile")
class FdBudgetTest {
    final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    final AtomicLong open = new AtomicLong();

    @Test
    void theReserveIsAnEighthOfTheLimitWithinBounds() {
        assertThat(FdBudget.reserveFor(100)).isEqualTo(32);
        assertThat(FdBudget.reserveFor(1024)).isEqualTo(128);
        assertThat(FdBudget.reserveFor(1_048_576)).isEqualTo(1024);
    }

    @Test
    void connectionsAreAdmittedUpToTheBudgetAndAgainOnceFilesClose() {
        FdBudget budget = new FdBudget(100, open::get, nanos::get);
        assertThat(budget.budget()).isEqualTo(68);
        open.set(60);
        for (int i = 0; i < 8; i++) {
            assertThat(budget.admit()).as("connection %d", i + 1).isTrue();
        }
        open.set(68); // what the accepted connections hold
        assertThat(budget.admit()).isFalse();
        assertThat(budget.lastCount()).isEqualTo(68);
        open.set(20);
        nanos.addAndGet(FdBudget.RECOUNT_NANOS);
        assertThat(budget.admit()).as("after the flood's connections closed").isTrue();
    }

    @Test
    void aCountThatCannotBeTakenMeansTheLimitIsReached() {
        // the JDK's count opens /proc/self/fd: at the limit it throws instead of counting
        boolean[] atTheLimit = {true};
        FdBudget budget = new FdBudget(100, () -> {
            if (atTheLimit[0]) {
                throw new InternalError("errno: 24 error: Unable to open directory /proc/self/fd");
            }
            return 20;
        }, nanos::get);
        assertThat(budget.admit()).isFalse();
        assertThat(budget.lastCount()).isEqualTo(100);
        atTheLimit[0] = false;
        nanos.addAndGet(FdBudget.RECOUNT_NANOS);
        assertThat(budget.admit()).as("once descriptors are free again").isTrue();
    }

    @Test
    void anUnknownLimitAdmitsEverything() {
        FdBudget budget = new FdBudget(0, open::get, nanos::get);
        open.set(1_000_000);
        assertThat(budget.admit()).isTrue();
    }
}
