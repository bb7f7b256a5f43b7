package dev.wirespeed.engine.sys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.stream.StreamLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Issue 32, break 9: past one data thread per core, data threads yield to control threads. */
@Tag("hostile")
class DataThreadPriorityTest {
    @Test
    void dataThreadsThatFitTheCoresKeepTheirPriority() {
        assertThat(DataThreadPriority.niceFor(1, 2)).isZero();
        assertThat(DataThreadPriority.niceFor(2, 2)).isZero();
        assertThat(DataThreadPriority.niceFor(8, 8)).isZero();
    }

    @Test
    void moreWeighTogetherAboutAsMuchAsOnePerCore() {
        // sched_prio_to_weight: 2 × 1024 / 4 = 512 → nice 4 (423; nice 3's 526 is above)
        assertThat(DataThreadPriority.niceFor(4, 2)).isEqualTo(4);
        assertThat(DataThreadPriority.niceFor(16, 2)).isEqualTo(10);
        assertThat(DataThreadPriority.niceFor(256, 2)).isEqualTo(19);
        assertThat(DataThreadPriority.niceFor(100_000, 2)).isEqualTo(19);
    }

    @Test
    void aStreamThreadBeyondTheCoresRunsAtTheLowerPriority() throws Exception {
        Integer mine = DataThreadPriority.currentNice();
        Assumptions.assumeTrue(mine != null, "no native calls here");
        int cores = Runtime.getRuntime().availableProcessors();
        int count = 4 * cores;
        AtomicReference<Integer> seen = new AtomicReference<>();
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int index = i;
            threads.add(StreamLoop.thread("test-data-" + i, () -> {
                DataThreadPriority.lowerAsCounted(); // as StreamLoop.run does once its stream is ready
                if (index == 0) {
                    seen.set(DataThreadPriority.currentNice());
                }
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        threads.forEach(Thread::start);
        go.countDown();
        for (Thread t : threads) {
            t.join(10_000);
        }
        // other data threads of this JVM may count too: at least this much lower
        assertThat(seen.get()).isGreaterThanOrEqualTo(Math.min(19, mine + DataThreadPriority.niceFor(count, cores)));
        assertThat(DataThreadPriority.currentNice()).as("the creating thread is untouched").isEqualTo(mine);
    }
}
