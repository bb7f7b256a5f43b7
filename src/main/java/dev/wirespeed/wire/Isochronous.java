package dev.wirespeed.wire;

/**
 * iperf2's {@code --isochronous=FPS:MEAN,STDEV} (iperf2 man page, "--isochronous[=fps:mean,stdev]",
 * defaults 60:20m,0): the sender emits whole frames at a fixed frame rate, each frame's size drawn
 * from a log-normal distribution whose mean and standard deviation are given as rates (a frame's
 * mean size is {@code mean / fps} bits). Here a frame is sent as whole datagrams of the test's
 * length (its size rounded up to whole datagrams, at least one).
 *
 * @param framesPerSecond   the frame clock, 1..{@link #MAX_FRAMES_PER_SECOND}
 * @param meanBitsPerSecond the log-normal's mean as a rate (bits per second)
 * @param stdevBitsPerSecond its standard deviation as a rate; 0 = every frame the mean's size
 */
public record Isochronous(int framesPerSecond, long meanBitsPerSecond, long stdevBitsPerSecond) {
    /** iperf2's defaults: 60 frames per second at 20 Mbit/s, no variation. */
    public static final Isochronous IPERF2_DEFAULT = new Isochronous(60, 20_000_000, 0);
    /** A frame clock faster than 10 kHz is a datagram rate, not a frame rate. */
    public static final int MAX_FRAMES_PER_SECOND = 10_000;
    /**
     * Bytes after the UDP header of each datagram of an isochronous test: frame id (uint32), the
     * datagram's index in its frame (uint32), the frame's datagram count (uint32) and the frame's
     * start (when its first datagram left) on the header's clock (uint64 microseconds), big-endian
     * (docs/PROTOCOL.md "Isochronous frames").
     */
    public static final int FRAME_FIELDS_BYTES = 20;

    /** The frame period in nanoseconds. */
    public long periodNanos() {
        return 1_000_000_000L / framesPerSecond;
    }

    /** Throws ProtocolException naming the first field out of range. */
    void validate(long maxRateBitsPerSecond) throws ProtocolException {
        TestSpec.check(framesPerSecond >= 1 && framesPerSecond <= MAX_FRAMES_PER_SECOND,
                "isochronous.framesPerSecond", framesPerSecond, "1.." + MAX_FRAMES_PER_SECOND);
        TestSpec.check(meanBitsPerSecond >= 1 && meanBitsPerSecond <= maxRateBitsPerSecond,
                "isochronous.meanBitsPerSecond", meanBitsPerSecond, "1.." + maxRateBitsPerSecond);
        TestSpec.check(stdevBitsPerSecond >= 0 && stdevBitsPerSecond <= maxRateBitsPerSecond,
                "isochronous.stdevBitsPerSecond", stdevBitsPerSecond, "0.." + maxRateBitsPerSecond);
    }
}
