package dev.wirespeed.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** When a UDP receiver polls its empty queue and when it blocks (docs/PERFORMANCE.md, "UDP -P 1"). */
class UdpReceiveWaitTest {
    static final long T0 = 1_000_000_000L;

    @Test
    void onlyAnUnpacedReceiverWithACoreOfItsOwnPolls() {
        assertThat(UdpReceiveWait.polls(0, true)).isTrue();
        assertThat(UdpReceiveWait.polls(1_000_000, true)).as("-b 1M: the sender has time for the wake-ups").isFalse();
        assertThat(UdpReceiveWait.polls(0, false)).as("more data threads than cores").isFalse();
    }

    @Test
    void aBlockingReceiverNeverPolls() {
        UdpReceiveWait w = new UdpReceiveWait(false);
        assertThat(w.flags()).isZero();
        w.data();
        assertThat(w.flags()).isZero();
    }

    @Test
    void aPollingReceiverBlocksOnceTheQueueStayedEmptyForTheBudgetAndPollsAgainAfterData() {
        UdpReceiveWait w = new UdpReceiveWait(true);
        assertThat(w.flags()).isEqualTo(NativeUdp.MSG_DONTWAIT);
        w.empty(T0);
        w.empty(T0 + UdpReceiveWait.POLL_NANOS - 2);
        assertThat(w.flags()).as("empty for less than the budget").isEqualTo(NativeUdp.MSG_DONTWAIT);
        w.empty(T0 + UdpReceiveWait.POLL_NANOS);
        assertThat(w.flags()).as("empty for the budget: block").isZero();
        w.data();
        assertThat(w.flags()).isEqualTo(NativeUdp.MSG_DONTWAIT);
        // the budget counts from the first empty poll after the data, not from the earlier one
        w.empty(T0 + 10 * UdpReceiveWait.POLL_NANOS);
        w.empty(T0 + 10 * UdpReceiveWait.POLL_NANOS + 1);
        assertThat(w.flags()).isEqualTo(NativeUdp.MSG_DONTWAIT);
    }

    @Test
    void aClockAtZeroStillStartsTheBudget() {
        UdpReceiveWait w = new UdpReceiveWait(true);
        w.empty(0);
        w.empty(UdpReceiveWait.POLL_NANOS + 1);
        assertThat(w.flags()).isZero();
    }
}
