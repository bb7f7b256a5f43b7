package dev.wirespeed.cluster;

import dev.wirespeed.wire.TestSpec;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * @param token          null only on a loopback address (the command enforces it)
 * @param limits         bounds of every test a coordinator or peer may ask for
 * @param handshakeMillis per-read timeout before a session is authenticated
 * @param perftestDir    where perftest binaries are; null = PATH
 * @param insecure       coordinator sessions in plain text instead of TLS ({@link AgentTls})
 */
public record AgentConfig(String bindAddress, int port, Token token, TestSpec.Limits limits, int handshakeMillis,
                          Path perftestDir, FactsSource facts, Consumer<String> log, boolean insecure) {
    /** Sessions over TLS. */
    public AgentConfig(String bindAddress, int port, Token token, TestSpec.Limits limits, int handshakeMillis,
                  Path perftestDir, FactsSource facts, Consumer<String> log) {
        this(bindAddress, port, token, limits, handshakeMillis, perftestDir, facts, log, false);
    }
}
