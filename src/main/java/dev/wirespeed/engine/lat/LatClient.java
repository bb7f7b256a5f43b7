package dev.wirespeed.engine.lat;

import dev.wirespeed.engine.session.ClientSession;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.LatResult.LatRow;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.util.List;

/**
 * The client of a ping-pong latency test: a {@link ClientSession} with the {@link LatPlane}.
 * Whatever ends the test, the sizes finished so far (and the one in progress, if it has round
 * trips) are returned.
 */
public final class LatClient {
    private final LatClientConfig config;

    public LatClient(LatClientConfig config) {
        this.config = config;
    }

    public static TestSpec spec(boolean udp, List<Integer> sizesBytes, boolean busyPoll) {
        return spec(udp, sizesBytes, busyPoll, null);
    }

    /** @param serverCpu the CPU the server pins its echo thread to (-A ,SERVER_CPU), null = none */
    public static TestSpec spec(boolean udp, List<Integer> sizesBytes, boolean busyPoll, Integer serverCpu) {
        int max = sizesBytes.stream().mapToInt(Integer::intValue).max().orElse(1);
        return TestSpec.latency(udp).direction(Direction.UPLOAD).streams(1).bufferBytes(max).noDelay(!udp)
                .sizesBytes(sizesBytes).busyPoll(busyPoll).serverCpu(serverCpu).build();
    }

    public LatResult.LatParams params() {
        return config.params();
    }

    public LatResult run(TestListener<LatResult.LatParams, LatResult.LatRow> listener) throws IOException {
        return ClientSession.run(config, new LatPlane(config, listener), listener::warning);
    }
}
