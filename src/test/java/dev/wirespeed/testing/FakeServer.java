package dev.wirespeed.testing;

import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A wirespeed server that lies: it speaks the control protocol of docs/PROTOCOL.md on 127.0.0.1
 * (port 0) for one test, and answers with the frames a test gives it — raw JSON, so a frame may
 * carry what no real server sends (terminal escapes, an impossible byte count, an enum that does
 * not exist). The data connections are read and thrown away.
 */
public final class FakeServer implements AutoCloseable {
    /** What the fake answers; each function gets the client's test request. */
    public record Script(String welcomeJson, Function<TestSpec, String> resultsJson) {}

    private final ServerSocket listener;
    private final Script script;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile Throwable failure;

    public FakeServer(Script script) throws IOException {
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.listener.setSoTimeout(20_000);
        this.script = script;
        this.thread = Thread.ofPlatform().daemon().name("fake-server").start(this::serve);
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** What went wrong on the fake's side, if anything (null when it served its one test). */
    public Throwable failure() {
        return failure;
    }

    /** A Welcome as a real server sends it, with {@code host}, {@code software} and {@code os} as given. */
    public static String welcome(String software, String host, String os) {
        return json(new Message.Welcome(1, software, host, 2, os, 128, 3_600_000));
    }

    public static String json(Message m) {
        byte[] frame = FrameCodec.encode(m);
        return new String(frame, 4, frame.length - 4, StandardCharsets.UTF_8);
    }

    private void serve() {
        try (Socket control = listener.accept()) {
            sockets.add(control);
            control.setSoTimeout(20_000);
            DataInputStream in = new DataInputStream(control.getInputStream());
            OutputStream out = control.getOutputStream();
            in.readFully(new byte[6]); // preamble
            FrameCodec codec = new FrameCodec(in, out);
            codec.read(); // hello
            send(out, script.welcomeJson());
            Message.TestRequest request = (Message.TestRequest) codec.read();
            TestSpec spec = request.spec();
            byte[] id = new byte[16];
            new Random().nextBytes(id);
            send(out, json(new Message.TestAccepted(HexFormat.of().formatHex(id))));
            List<Thread> drains = new ArrayList<>();
            for (int i = 0; i < spec.connections(); i++) {
                Socket data = listener.accept();
                sockets.add(data);
                new DataInputStream(data.getInputStream()).readFully(new byte[24]);
                drains.add(Thread.ofPlatform().daemon().start(() -> drain(data)));
            }
            send(out, json(new Message.Ready()));
            codec.read(); // start
            while (!(codec.read() instanceof Message.Stop)) {
                // heartbeats until the client stops
            }
            for (Socket s : sockets) {
                if (s != control && !s.isClosed()) {
                    try {
                        s.shutdownOutput(); // our FIN ends the client's download streams, as a real server's does
                    } catch (IOException ignored) {
                        // the drain closed it: the client's FIN came first
                    }
                }
            }
            long deadline = System.nanoTime() + 5_000_000_000L;
            for (Thread t : drains) {
                t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000)); // each ends at the client's FIN
            }
            send(out, script.resultsJson().apply(spec));
            control.shutdownOutput();
            in.skip(Long.MAX_VALUE);
        } catch (Throwable e) {
            failure = e;
        }
    }

    private static void drain(Socket data) {
        byte[] buf = new byte[64 << 10];
        try (data; InputStream in = data.getInputStream()) {
            while (in.read(buf) >= 0) {
                // thrown away
            }
        } catch (IOException ignored) {
            // the test is over
        }
    }

    private static void send(OutputStream out, String json) throws IOException {
        out.write(FrameCodec.frame(json.getBytes(StandardCharsets.UTF_8)));
        out.flush();
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : sockets) {
            s.close();
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
