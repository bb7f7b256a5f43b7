package dev.wirespeed.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.wire.ClockState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** This host's clock as adjtimex(2) (modes 0: read only) and /proc say, and the wall-clock offset. */
class KernelClockTest {
    @Test
    void theSynchronisedFlagFollowsStaUnsyncAndTimeError() {
        assertThat(KernelClock.of("b", 0, 0x2001, 5, 1).synchronised()).isTrue();
        assertThat(KernelClock.of("b", 0, 0x2041, 5, 1).synchronised()).isFalse();
        assertThat(KernelClock.of("b", KernelClock.TIME_ERROR, 0x2001, 5, 1).synchronised()).isFalse();
    }

    @Test
    void readsThisKernelsBootIdAndAConsistentNtpState() throws Exception {
        ClockState c = KernelClock.read();
        assertThat(c.bootId()).isEqualTo(Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip());
        assertThat(c.synchronised()).isNotNull();
        if ((c.status() & KernelClock.STA_UNSYNC) != 0) {
            assertThat(c.synchronised()).isFalse();
        }
        // the kernel caps maxerror at NTP_PHASE_LIMIT (16 s) and esterror never exceeds it (kernel/time/ntp.c)
        assertThat(c.maxErrorMicros()).isBetween(0L, 16_000_000L);
        assertThat(c.estErrorMicros()).isBetween(0L, c.maxErrorMicros());
        c.validate();
    }

    @Test
    void theOffsetTurnsTheMonotonicClockIntoTheWallClock() {
        long offset = KernelClock.realtimeOffsetNanos();
        Instant now = Instant.now();
        long wall = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        // read one after the other: within a second, whatever the machine's load
        assertThat(Math.abs(System.nanoTime() + offset - wall)).isLessThan(1_000_000_000L);
    }
}
