package dev.wirespeed.admission;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Issue 29: each reservation learns the most other tests that ran at one moment beside it. */
class BudgetSharingTest {
    @Test
    void aReservationCountsTheMostOthersAtOneMoment() throws Exception {
        Budget budget = new Budget(ServerLimits.DEFAULT);
        Budget.Reservation a = budget.reserve(1, 1024);
        assertThat(a.othersAtOnce()).as("alone so far").isZero();
        Budget.Reservation b = budget.reserve(1, 1024);
        Budget.Reservation c = budget.reserve(1, 1024);
        assertThat(a.othersAtOnce()).isEqualTo(2);
        assertThat(b.othersAtOnce()).isEqualTo(2);
        c.close();
        b.close();
        Budget.Reservation d = budget.reserve(1, 1024);
        assertThat(d.othersAtOnce()).as("beside a alone").isEqualTo(1);
        assertThat(a.othersAtOnce()).as("the most at one moment, not the sum").isEqualTo(2);
        assertThat(c.othersAtOnce()).as("closed before d: not beside it").isEqualTo(2);
        a.close();
        d.close();
        Budget.Reservation alone = budget.reserve(1, 1024);
        assertThat(alone.othersAtOnce()).isZero();
        assertThat(Budget.sharing(alone)).isEmpty();
        assertThat(Budget.sharing(d)).isEqualTo(" (beside 1 other test at once)");
        assertThat(Budget.sharing(a)).isEqualTo(" (beside 2 other tests at once)");
        assertThat(Budget.sharing(null)).isEmpty();
    }
}
