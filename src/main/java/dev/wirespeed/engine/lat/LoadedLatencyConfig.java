package dev.wirespeed.engine.lat;

import dev.wirespeed.engine.tcp.BwClientConfig;
import java.util.function.BooleanSupplier;

/**
 * @param load              the bandwidth test (TCP, wirespeed's own server)
 * @param pings             a timed ping-pong of one size to the same server; its duration is set here
 * @param idleSeconds       pings alone before the load
 * @param pingIntervalNanos a ping leaves at most this often
 */
public record LoadedLatencyConfig(BwClientConfig load, LatClientConfig pings, double idleSeconds, long pingIntervalNanos,
                                  BooleanSupplier interrupted) {}
