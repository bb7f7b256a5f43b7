package dev.wirespeed.cli;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Numbers;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The progress line of `lat` while a size runs: "lat: 64 B, 100000 round trips, 2.4 s so far…",
 * "lat: 64 B, 1.2 of 5 s…", and in a sweep "lat: size 3 of 23 (8 B), 0.4 s on it, 2.1 s in all…".
 * Fed by the client's listener (connected, each size done) from the test's thread.
 */
final class LatProgress implements Supplier<String> {
    private volatile List<Integer> sizes;
    private volatile Long iterations;
    private volatile Double secondsPerSize;
    private volatile int done;
    private volatile long startNanos;
    private volatile long sizeStartNanos;

    void started(LatResult.LatParams p) {
        iterations = p.iterations();
        secondsPerSize = p.secondsPerSize();
        startNanos = sizeStartNanos = System.nanoTime();
        sizes = List.copyOf(p.sizesBytes());
    }

    void sizeDone() {
        done++;
        sizeStartNanos = System.nanoTime();
    }

    /** {@code shown}, with this line fed from the same calls. */
    TestListener<LatResult.LatParams, LatResult.LatRow> around(TestListener<LatResult.LatParams, LatResult.LatRow> shown) {
        return new TestListener<>() {
            @Override
            public void connected(BwResult.Peer server, LatResult.LatParams params) {
                shown.connected(server, params);
                started(params);
            }

            @Override
            public void interval(LatResult.LatRow row) {
                shown.interval(row);
                sizeDone();
            }
        };
    }

    @Override
    public String get() {
        List<Integer> s = sizes;
        if (s == null || done >= s.size()) {
            return null;
        }
        long now = System.nanoTime();
        String size = ByteSize.formatExact(s.get(done));
        String onSize = Numbers.significant((now - sizeStartNanos) / 1e9, 2) + " s";
        String perSize = secondsPerSize != null ? onSize.replace(" s", "") + " of " + Numbers.plain(secondsPerSize) + " s"
                : String.format(Locale.ROOT, "%d round trips, %s so far", iterations, onSize);
        if (s.size() == 1) {
            return "lat: " + size + ", " + perSize + "…";
        }
        return "lat: size " + (done + 1) + " of " + s.size() + " (" + size + "), " + perSize + ", "
                + Numbers.clock((now - startNanos) / 1e9) + " in all…";
    }
}
