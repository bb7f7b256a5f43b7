package dev.wirespeed.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Issue 29: a one-test budget (a mesh agent's port) admits an incast round's senders while its window is open. */
class BudgetIncastWindowTest {
    static final ServerLimits ONE_AT_A_TIME = ServerLimits.DEFAULT.withBudget(1L << 30, 64, 1);

    @Test
    void theWindowAdmitsUpToItsTestsAndClosingItRestoresOneAtATime() throws Exception {
        Budget budget = new Budget(ONE_AT_A_TIME);
        Budget.Reservation first = budget.reserve(1, 1024);
        assertThatThrownBy(() -> budget.reserve(1, 1024)).isInstanceOf(Budget.Exceeded.class)
                .hasMessageContaining("--max-tests 1");
        budget.widen(3, 60_000);
        Budget.Reservation second = budget.reserve(1, 1024);
        Budget.Reservation third = budget.reserve(1, 1024);
        assertThatThrownBy(() -> budget.reserve(1, 1024)).as("the window's bound").isInstanceOf(Budget.Exceeded.class)
                .hasMessageContaining("--max-tests 3");
        budget.widen(1, 0);
        third.close();
        assertThatThrownBy(() -> budget.reserve(1, 1024)).as("closed: one at a time again")
                .isInstanceOf(Budget.Exceeded.class).hasMessageContaining("--max-tests 1");
        second.close();
        first.close();
        budget.reserve(1, 1024).close();
    }

    @Test
    void aWindowNarrowerThanTheLimitsChangesNothing() throws Exception {
        Budget budget = new Budget(ServerLimits.DEFAULT.withBudget(1L << 30, 64, 4));
        budget.widen(2, 60_000);
        for (int i = 0; i < 4; i++) {
            budget.reserve(1, 1024);
        }
        assertThatThrownBy(() -> budget.reserve(1, 1024)).hasMessageContaining("--max-tests 4");
    }
}
