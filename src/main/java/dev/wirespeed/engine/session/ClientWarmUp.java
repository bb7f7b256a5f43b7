package dev.wirespeed.engine.session;

import dev.wirespeed.engine.stream.StreamBuffers;
import dev.wirespeed.engine.sys.DataThreadPriority;
import dev.wirespeed.engine.sys.NativeBulk;
import dev.wirespeed.engine.sys.NativeIo;
import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.engine.sys.NativeUdp;
import dev.wirespeed.io.Background;
import dev.wirespeed.measure.CpuClock;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import java.util.concurrent.FutureTask;

/**
 * The one-time set-up a bw or lat client needs before its first data byte, done on a daemon thread
 * while the command line is parsed and the handshake runs, instead of one piece after another on
 * the way to the first byte: Jackson's readers and writers of the wire messages (~100 ms at the
 * first Welcome), the FFM downcall handles of the socket options and the direct read/write/sendfile
 * calls (~150 ms), the thread CPU clock. A class being initialized here makes the main thread wait
 * for it rather than do it twice (JLS 12.4.2). docs/PERFORMANCE.md "bw: time to first byte".
 */
public final class ClientWarmUp {
    private ClientWarmUp() {}

    /** Starts it; returns at once. */
    public static void start() {
        Background.start(new FutureTask<Void>(ClientWarmUp::run, null), "ws-warm-up");
    }

    static void run() {
        try {
            // in the order the client needs them: what it sends is written, what it receives read
            FrameCodec.prefetchWriters(Message.Hello.class);
            FrameCodec.prefetchReaders(Message.class, Message.Welcome.class);
            FrameCodec.prefetchWriters(Message.TestRequest.class);
            FrameCodec.prefetchReaders(Message.TestAccepted.class, Message.Ready.class);
            NativeSockets.available();
            NativeIo.available();
            NativeBulk.available();
            CpuClock.supported();
            StreamBuffers.mappedRegions(); // its mmap and memcpy handles
            DataThreadPriority.warmUp();
            FrameCodec.prefetchWriters(Message.Start.class, Message.Heartbeat.class, Message.Stop.class);
            FrameCodec.prefetchReaders(Message.Heartbeat.class, Message.Interval.class, Message.Results.class);
            NativeUdp.warmUp();
        } catch (RuntimeException | LinkageError e) {
            // the command meets the same problem where it needs the piece, and says so there
        }
    }
}
