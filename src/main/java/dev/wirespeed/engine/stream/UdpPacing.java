package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.io.ExternalProcess;
import dev.wirespeed.io.Programs;
import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.channels.DatagramChannel;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * How a paced UDP sender (-b) is paced, in two parts:
 * <ul>
 *   <li>wirespeed's budget ({@link UdpStream#due}) holds the average: datagram k leaves once its
 *       bits fit into the time since the test's start at the target rate, so a batch carries only
 *       the datagrams due (one at 1 Mbit/s, up to a GSO batch at line rate);</li>
 *   <li>the kernel spaces them: SO_MAX_PACING_RATE is set a little above the target (the wire's
 *       headers, {@link #pacingBytesPerSecond}), and where the interface's qdisc is fq it releases
 *       each packet of a flow at that rate (net/sched/sch_fq.c paces any socket by
 *       sk_pacing_rate; socket(7): "the fq qdisc"), so a batch does not leave as a burst. Set a
 *       little above the target, fq never holds the average below it; without fq (noqueue,
 *       fq_codel, pfifo_fast), the option does nothing for UDP and the budget alone paces.</li>
 * </ul>
 * Which of the two ran is a note of the sending side's {@code dataPath}.
 */
final class UdpPacing {
    /**
     * Bytes on the wire around a datagram's payload as fq counts it (qdisc_pkt_len: the frame from
     * its MAC header): Ethernet 14 + IPv6 40 + UDP 8, the larger family, so the cap stays above -b.
     */
    static final int WIRE_OVERHEAD_BYTES = 14 + 40 + 8;
    /** The kernel's cap is this much above the target's wire rate: it spaces, the budget holds the average. */
    static final double HEADROOM = 1.05;
    private static final long TC_TIMEOUT_MILLIS = 2000;

    private UdpPacing() {}

    /** SO_MAX_PACING_RATE for a target of {@code bitsPerSecond} of payload in datagrams of {@code datagramBytes}. */
    static long pacingBytesPerSecond(long bitsPerSecond, int datagramBytes) {
        double wire = bitsPerSecond / 8.0 * (datagramBytes + WIRE_OVERHEAD_BYTES) / Math.max(1, datagramBytes);
        return (long) Math.ceil(wire * HEADROOM);
    }

    /** Sets the socket's pacing cap (best effort: where it cannot be set, the budget alone paces). */
    static boolean capSocket(DatagramChannel channel, long bitsPerSecond, int datagramBytes) {
        try {
            return NativeSockets.setMaxPacingRate(NativeSockets.descriptor(channel),
                    pacingBytesPerSecond(bitsPerSecond, datagramBytes));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Starts finding out, off the test's threads, how the sockets bound to {@code local} will be
     * paced; the note is ready well before the results are.
     */
    static CompletableFuture<String> describeInBackground(InetAddress local) {
        return CompletableFuture.supplyAsync(() -> describe(local),
                command -> Thread.ofPlatform().name("ws-udp-pacing").daemon(true).start(command));
    }

    /** The note of a future from {@link #describeInBackground}, waiting a little for it; a plain note when it is late. */
    static String note(CompletableFuture<String> described) {
        try {
            return described.get(TC_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // below
        }
        return budgetOnly("the qdisc was not read in time");
    }

    static String describe(InetAddress local) {
        String iface;
        try {
            NetworkInterface ni = local == null ? null : NetworkInterface.getByInetAddress(local);
            iface = ni == null ? null : ni.getName();
        } catch (SocketException e) {
            iface = null;
        }
        if (iface == null) {
            return budgetOnly("the interface of the local address is unknown");
        }
        if (Programs.find("tc").isEmpty()) {
            return budgetOnly("tc is not installed to read " + iface + "'s qdisc");
        }
        try {
            ExternalProcess.Finished f = ExternalProcess.run(List.of("tc", "qdisc", "show", "dev", iface),
                    TC_TIMEOUT_MILLIS, () -> false, 64 * 1024);
            if (f.exitCode() == null || f.exitCode() != 0) {
                return budgetOnly("tc qdisc show dev " + iface + " failed");
            }
            return noteFor(iface, f.output());
        } catch (IOException e) {
            return budgetOnly("tc qdisc show dev " + iface + " failed");
        }
    }

    /** The note for the sockets of {@code iface}, whose {@code tc qdisc show dev IF} printed {@code tcOutput}. */
    static String noteFor(String iface, String tcOutput) {
        String root = rootQdisc(tcOutput);
        if (pacesUdp(tcOutput)) {
            return String.format(Locale.ROOT, "pacing: the fq qdisc on %s spaces the datagrams (SO_MAX_PACING_RATE "
                    + "%d %% above -b with the headers); wirespeed's budget per batch holds -b", iface,
                    Math.round((HEADROOM - 1) * 100));
        }
        return budgetOnly(iface + "'s qdisc is " + (root == null ? "unknown" : root)
                + ", not fq: SO_MAX_PACING_RATE does not pace UDP there");
    }

    private static String budgetOnly(String why) {
        return "pacing: wirespeed's budget per batch holds -b (" + why + ")";
    }

    /**
     * Whether the qdisc tree of {@code tc qdisc show dev IF} paces every UDP flow: its root is fq,
     * or a multiqueue root (mq, mqprio) whose every child queue is fq (a host's default_qdisc=fq).
     */
    static boolean pacesUdp(String tcOutput) {
        String root = rootQdisc(tcOutput);
        if ("fq".equals(root)) {
            return true;
        }
        if (!"mq".equals(root) && !"mqprio".equals(root)) {
            return false;
        }
        int children = 0;
        for (String line : tcOutput.split("\n", 4096)) {
            String[] w = line.strip().split("\\s+");
            if (w.length >= 4 && w[0].equals("qdisc") && line.contains(" parent ")) {
                if (!w[1].equals("fq")) {
                    return false;
                }
                children++;
            }
        }
        return children > 0;
    }

    /** The kind of the root qdisc ("qdisc KIND HANDLE: root …"), or null. */
    static String rootQdisc(String tcOutput) {
        for (String line : tcOutput.split("\n", 4096)) {
            String[] w = line.strip().split("\\s+");
            if (w.length >= 4 && w[0].equals("qdisc") && Arrays.asList(w).contains("root")) {
                return w[1];
            }
        }
        return null;
    }
}
