package dev.wirespeed.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.results.TripTimesResult;
import dev.wirespeed.wire.ClockState;
import org.junit.jupiter.api.Test;

/** When one-way figures may be given: one kernel, or two synchronised ones with their error bound. */
class TripClocksTest {
    static final ClockState SYNCED_A = new ClockState("aaaa", true, 1_000L, 30L, 0x2001);
    static final ClockState SYNCED_B = new ClockState("bbbb", true, 500L, 20L, 0x2001);
    static final ClockState UNSYNCED_B = new ClockState("bbbb", false, 16_000_000L, 16_000_000L, 0x40);

    @Test
    void equalBootIdsAreOneClockWhateverTheirNtpState() throws Exception {
        ClockState unsynced = new ClockState("aaaa", false, 16_000_000L, 16_000_000L, 0x40);
        TripTimesResult.Clocks c = TripClocks.decide(unsynced, unsynced, false, "h:1");
        assertThat(c.agreement()).isEqualTo(TripTimesResult.Clocks.ONE_KERNEL);
        assertThat(c.errorBoundMicros()).isZero();
        assertThat(c.text()).contains("one kernel").contains("same boot_id aaaa");
    }

    @Test
    void loopbackIsOneKernelEvenWithoutBootIds() throws Exception {
        ClockState none = new ClockState(null, null, null, null, null);
        assertThat(TripClocks.decide(none, none, true, "h:1").text()).contains("(loopback)");
    }

    @Test
    void twoSynchronisedKernelsCarryTheSumOfTheirMaxerror() throws Exception {
        TripTimesResult.Clocks c = TripClocks.decide(SYNCED_A, SYNCED_B, false, "h:1");
        assertThat(c.agreement()).isEqualTo(TripTimesResult.Clocks.SYNCHRONISED);
        assertThat(c.errorBoundMicros()).isEqualTo(1_500);
        assertThat(c.estimatedErrorMicros()).isEqualTo(50);
        assertThat(c.text()).contains("±1500 us").contains("maxerror");
    }

    @Test
    void anUnsynchronisedServerIsRefusedByName() {
        assertThatThrownBy(() -> TripClocks.decide(SYNCED_A, UNSYNCED_B, false, "10.0.0.2:5101"))
                .isInstanceOf(TripTimesRefusal.class)
                .hasMessageContaining("10.0.0.2:5101's clock is not")
                .hasMessageContaining("STA_UNSYNC").hasMessageContaining("chronyd").hasMessageContaining("ptp4l")
                .satisfies(e -> assertThat(((TripTimesRefusal) e).usage()).isFalse());
    }

    @Test
    void anUnsynchronisedClientAndBothAreNamed() {
        ClockState unsyncedA = new ClockState("aaaa", false, 16_000_000L, 16_000_000L, 0x40);
        assertThatThrownBy(() -> TripClocks.decide(unsyncedA, SYNCED_B, false, "h:1"))
                .hasMessageContaining("this client's clock is not");
        assertThatThrownBy(() -> TripClocks.decide(unsyncedA, UNSYNCED_B, false, "h:1"))
                .hasMessageContaining("neither this client's nor h:1's clock is");
        ClockState unreadable = new ClockState("cccc", null, null, null, null);
        assertThatThrownBy(() -> TripClocks.decide(SYNCED_A, unreadable, false, "h:1"))
                .hasMessageContaining("adjtimex: unreadable");
    }

    @Test
    void aServerBeforeTripTimesIsRefused() {
        assertThatThrownBy(() -> TripClocks.decide(SYNCED_A, null, true, "h:1"))
                .hasMessageContaining("sent no clock state");
    }
}
