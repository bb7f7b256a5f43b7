package dev.wirespeed.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.UdpResult;
import org.junit.jupiter.api.Test;

/**
 * How a paced UDP sender is paced (docs/PERFORMANCE.md "UDP pacing"): the kernel's cap a little
 * above the target's wire rate, which qdisc trees pace UDP (fq at the root, or under mq on every
 * queue; the lines as iproute2's tc/q_fq.c prints them), where the budget counts from, and the
 * verdict a result gives.
 */
class UdpPacingTest {
    private static final String FQ_ROOT = "qdisc fq 8001: root refcnt 2 limit 10000p flow_limit 100p buckets 1024 "
            + "orphan_mask 1023 quantum 3028b initial_quantum 15140b low_rate_threshold 550Kbit refill_delay 40ms "
            + "timer_slack 10us horizon 10s horizon_drop \n";
    private static final String MQ_FQ = "qdisc mq 0: root \n"
            + "qdisc fq 0: parent :2 limit 10000p flow_limit 100p buckets 1024 orphan_mask 1023 quantum 18028b \n"
            + "qdisc fq 0: parent :1 limit 10000p flow_limit 100p buckets 1024 orphan_mask 1023 quantum 18028b \n";
    private static final String MQ_MIXED = "qdisc mq 1: root\nqdisc fq 0: parent 1:1\nqdisc fq_codel 0: parent 1:2\n";
    private static final String MQ_FQ_CODEL = "qdisc mq 0: root \n"
            + "qdisc fq_codel 0: parent :1 limit 10240p flows 1024 quantum 1514 target 5ms interval 100ms \n";
    private static final String NOQUEUE = "qdisc noqueue 0: root refcnt 2 \n";
    private static final String WITH_DEV = "qdisc mq 0: dev eth0 root\nqdisc fq 0: dev eth0 parent :1 limit 10000p\n";

    @Test
    void fqPacesUdpAtTheRootOrOnEveryQueueOfMq() {
        assertThat(UdpPacing.pacesUdp(FQ_ROOT)).isTrue();
        assertThat(UdpPacing.pacesUdp(MQ_FQ)).isTrue();
        assertThat(UdpPacing.pacesUdp(WITH_DEV)).isTrue();
        assertThat(UdpPacing.pacesUdp(MQ_MIXED)).as("one queue without fq").isFalse();
        assertThat(UdpPacing.pacesUdp(MQ_FQ_CODEL)).as("fq_codel does not pace").isFalse();
        assertThat(UdpPacing.pacesUdp(NOQUEUE)).isFalse();
        assertThat(UdpPacing.pacesUdp("")).isFalse();
        assertThat(UdpPacing.pacesUdp("qdisc mq 0: root\n")).as("no queue seen").isFalse();
        assertThat(UdpPacing.rootQdisc(MQ_FQ_CODEL)).isEqualTo("mq");
        assertThat(UdpPacing.rootQdisc("garbage\nqdisc")).isNull();
    }

    @Test
    void theNoteSaysWhichPacingRan() {
        assertThat(UdpPacing.noteFor("eth0", MQ_FQ)).isEqualTo("pacing: the fq qdisc on eth0 spaces the datagrams "
                + "(SO_MAX_PACING_RATE 5 % above -b with the headers); wirespeed's budget per batch holds -b");
        assertThat(UdpPacing.noteFor("veth0", NOQUEUE)).isEqualTo("pacing: wirespeed's budget per batch holds -b "
                + "(veth0's qdisc is noqueue, not fq: SO_MAX_PACING_RATE does not pace UDP there)");
        assertThat(UdpPacing.noteFor("x", "")).contains("x's qdisc is unknown");
    }

    @Test
    void theKernelsCapIsAboveTheTargetsWireRate() {
        // 1 Gbit/s of 1472-byte payloads: 125 MB/s of payload, 130.26 MB/s with 62 bytes of headers, +5 %
        assertThat(UdpPacing.pacingBytesPerSecond(1_000_000_000L, 1472)).isEqualTo(136_778_193L);
        // 64-byte datagrams: the headers almost double the wire rate; the cap follows
        assertThat(UdpPacing.pacingBytesPerSecond(8_000_000L, 64)).isEqualTo(2_067_188L);
    }

    @Test
    void theBudgetCountsFromTheTestsStartAndMakesUpTenMillisecondsAtMost() {
        long ms = 1_000_000L;
        assertThat(UdpStream.pacingOrigin(1_000 * ms, 1_003 * ms)).as("3 ms late: from the test's start")
                .isEqualTo(1_000 * ms);
        assertThat(UdpStream.pacingOrigin(1_000 * ms, 1_050 * ms)).as("50 ms late: 10 ms made up")
                .isEqualTo(1_040 * ms);
        assertThat(UdpStream.pacingOrigin(0, 7 * ms)).as("no test start known").isEqualTo(7 * ms);
    }

    @Test
    void theCatchUpBoundLetsABurstOfTenMillisecondsGoThenTwiceTheRate() {
        long ms = 1_000_000L;
        double perDatagram = 0.1 * ms; // at twice the target
        assertThat(UdpStream.catchUpCount(Long.MIN_VALUE, -5 * ms, perDatagram, 10 * ms, 64))
                .as("no catch-up yet, and a negative nanoTime").isEqualTo(64);
        assertThat(UdpStream.catchUpCount(0, 0, perDatagram, 10 * ms, 500)).as("10 ms of room: 101").isEqualTo(101);
        assertThat(UdpStream.catchUpCount(10 * ms, 0, perDatagram, 10 * ms, 500)).as("the bucket is full: 1")
                .isEqualTo(1);
        assertThat(UdpStream.catchUpCount(10 * ms + 1, 0, perDatagram, 10 * ms, 500)).as("past it: wait").isZero();
        assertThat(UdpStream.catchUpCount(0, 50 * ms, perDatagram, 10 * ms, 3)).as("never more than due").isEqualTo(3);
    }

    @Test
    void aStallOnAFakeClockIsMadeUpAtTwiceTheRateNotInOneBurst() {
        // -b 200M of 1472-byte datagrams on a fake clock, as UdpStream.duePaced asks: every 50 µs,
        // at most 64 a call; the host stops the sender for 100 ms at 0.5 s
        long ms = 1_000_000L;
        double nanosPerBit = 1e9 / 200_000_000L;
        long datagramBits = 1472 * 8L;
        double catchUpNanos = datagramBits * nanosPerBit / UdpStream.CATCH_UP_RATE;
        long tat = Long.MIN_VALUE;
        long bitsSent = 0;
        long firstMsAfter = 0;
        long inSecond = 0;
        for (long now = 0; now < 1_000 * ms; now += now == 500 * ms ? 100 * ms : 50_000) {
            if (now < (long) (bitsSent * nanosPerBit)) {
                continue;
            }
            int due = UdpStream.dueCount(now, nanosPerBit, bitsSent, datagramBits, 64);
            int allowed = UdpStream.catchUpCount(tat, now, catchUpNanos, UdpStream.MAX_CATCH_UP_NANOS, due);
            if (allowed == 0) {
                continue;
            }
            tat = Math.max(tat, now) + (long) (allowed * catchUpNanos);
            bitsSent += allowed * datagramBits;
            inSecond += allowed;
            if (now >= 600 * ms && now < 601 * ms) {
                firstMsAfter += allowed;
            }
        }
        long tenMs = 200_000_000L / 100 / datagramBits; // 169 datagrams are 10 ms at 200 Mbit/s
        assertThat(firstMsAfter).as("the first ms after the stall: 20 ms of datagrams and 2 ms, not the 100 ms")
                .isBetween(2 * tenMs, 2 * tenMs + tenMs / 2);
        assertThat(inSecond * datagramBits).as("the second's bits: the stall made up, -b holds")
                .isBetween(200_000_000L * 99 / 100, 200_000_000L + datagramBits);
    }

    @Test
    void aLateReceiverCountsItsTimeFromWhereTheSenderStarted() {
        long ms = 1_000_000L;
        // the server's clock started 120 ms after the sender's first datagram (a cold server's first test)
        assertThat(UdpGroup.receiverBegin(0, 1_000 * ms, 1_000 * ms, 880 * ms)).isEqualTo(880 * ms);
        assertThat(UdpGroup.receiverBegin(0, 1_000 * ms, 1_000 * ms, 1_001 * ms)).as("sender later: this side's start")
                .isEqualTo(1_000 * ms);
        assertThat(UdpGroup.receiverBegin(1000, 1_000 * ms, 2_000 * ms, 880 * ms)).as("after a warm-up")
                .isEqualTo(2_000 * ms);
        assertThat(UdpGroup.receiverBegin(0, 1_000 * ms, 1_000 * ms, Long.MAX_VALUE)).as("no datagram")
                .isEqualTo(1_000 * ms);
        // an iperf3 sender's header carries the time of day: far from the start, ignored
        assertThat(UdpGroup.receiverBegin(0, 1_000 * ms, 1_000 * ms, -1_700_000_000_000_000_000L))
                .isEqualTo(1_000 * ms);
    }

    private static UdpResult.UdpSenderSummary sent(double bitsPerSecond) {
        return new UdpResult.UdpSenderSummary(1000, 1_000_000, 2.0, bitsPerSecond, 500);
    }

    private static UdpResult.UdpReceiverSummary received(double lossPercent) {
        return new UdpResult.UdpReceiverSummary(1000, 1_000_000, 2.0, 1e6, 0, 1000, lossPercent, 0, 1.0);
    }

    @Test
    void aTargetAboveThePathIsPathLimitedNotAPacingMiss() {
        UdpResult.Pacing held = UdpResult.Pacing.of(500_000_000L, sent(499_000_000), received(0.5));
        assertThat(held.verdict()).isEqualTo("held");
        assertThat(held.sentPercentOfTarget()).isEqualTo(99.8);
        UdpResult.Pacing senderLimited = UdpResult.Pacing.of(100_000_000_000L, sent(2_370_000_000.0), received(40));
        assertThat(senderLimited.verdict()).isEqualTo("path-limited");
        assertThat(senderLimited.limitedBy()).isEqualTo("sender");
        UdpResult.Pacing lost = UdpResult.Pacing.of(300_000_000L, sent(300_000_000), received(66.7));
        assertThat(lost.verdict()).isEqualTo("path-limited");
        assertThat(lost.limitedBy()).isEqualTo("path");
        assertThat(lost.deliveredPercentOfTarget()).isEqualTo(33.3);
        assertThat(UdpResult.Pacing.of(1_000_000L, sent(1_030_000), received(0)).verdict()).isEqualTo("missed");
        assertThat(UdpResult.Pacing.of(1_000_000L, sent(1_000_000), null).deliveredPercentOfTarget()).isNull();
        assertThat(UdpResult.Pacing.of(0, sent(1e9), received(0))).as("-b 0").isNull();
    }
}
