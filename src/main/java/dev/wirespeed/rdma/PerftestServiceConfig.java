package dev.wirespeed.rdma;

import dev.wirespeed.Version;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * @param maxDurationMillis the server's longest test (--max-duration): bounds -D and the process's life
 * @param handshakeMillis   how long the request may take to arrive
 * @param binDir            where the programs are; null = PATH
 * @param software          what Started names: an agent gives "wirespeed" alone (no version before authentication)
 * @param refusal           null = serve; else every request is refused with this line (an agent
 *                          with a token: kind R carries no token, so it is not served there)
 */
public record PerftestServiceConfig(long maxDurationMillis, int handshakeMillis, Path binDir, Consumer<String> log, String software,
                                    String refusal) {
    public PerftestServiceConfig(long maxDurationMillis, int handshakeMillis, Path binDir, Consumer<String> log) {
        this(maxDurationMillis, handshakeMillis, binDir, log, Version.software(), null);
    }
}
