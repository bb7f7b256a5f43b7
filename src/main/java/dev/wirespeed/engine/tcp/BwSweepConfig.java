package dev.wirespeed.engine.tcp;

import dev.wirespeed.wire.TestSpec;
import java.util.List;
import java.util.function.BooleanSupplier;

/** @param base the test of every size (direction, streams, time per size); its buffer is replaced */
public record BwSweepConfig(String host, int port, TestSpec base, String streamsChosenBy, List<Integer> sizesBytes,
                            int connectTimeoutMillis, BooleanSupplier interrupted) {}
