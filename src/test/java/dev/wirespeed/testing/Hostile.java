package dev.wirespeed.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.guard.Printable;
import java.util.concurrent.TimeUnit;

/** What a hostile peer or paste says, and the check that none of it reached a terminal or file raw (issue 32). */
public final class Hostile {
    private Hostile() {}

    /** Every kind of byte the issue names, ending in a line that would look like ours. */
    public static final String EVIL = "E\u001b[2J\u001b]0;title\u0007\u001b]52;c;ZXZpbA==\u0007\u0007\r\nFORGED: fake\u202e\u009b[31m";

    /** No unsafe character but the line feeds, tabs and CRLFs (CSV) of our own layout, and no forged line. */
    public static void assertClean(String what, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean crlf = c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n';
            if (c != '\n' && c != '\t' && !crlf && Printable.unsafe(c)) {
                int from = Math.max(0, i - 40);
                throw new AssertionError(what + ": raw U+" + String.format("%04X", (int) c) + " at " + i + " in ..."
                        + Printable.of(text.substring(from, Math.min(text.length(), i + 40))));
            }
        }
        for (String line : text.split("\n")) {
            assertThat(line.strip()).as(what + ": a forged line").doesNotStartWith("FORGED");
        }
    }

    /** Runs a system command (mount, mknod, umount), its output read and dropped; -1 past 20 s. */
    public static int sh(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(20, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }

    public static void assertClean(String what, Cli.Run r) {
        assertClean(what + " stdout", r.out());
        assertClean(what + " stderr", r.err());
    }

    /** A paste whose prompt, CA name, firmware, host column and tool version carry escapes. */
    public static String evilPaste() {
        String e = "\u001b]0;pwned\u0007\u001b]52;c;ZXZpbA==\u0007\u202e\u009b";
        return "[root@node1" + e + " ~]# ibstat\n"
                + "CA 'mlx5_" + e + "0'\n"
                + "        CA type: MT4125" + e + "\n"
                + "        Number of ports: 1\n"
                + "        Firmware version: 22.29.2002" + e + "\n"
                + "        Hardware version: 0\n"
                + "        Node GUID: 0xb8cef6030071f6fc\n"
                + "        System image GUID: 0xb8cef6030071f6fc\n"
                + "        Port 1:\n"
                + "                State: Active\n"
                + "                Physical state: LinkUp\n"
                + "                Rate: 100\n"
                + "                Base lid: 0\n"
                + "                LMC: 0\n"
                + "                SM lid: 0\n"
                + "                Capability mask: 0x00010000\n"
                + "                Port GUID: 0xbacef6fffe71f6fc\n"
                + "                Link layer: Ethernet\n"
                + "[root@node1 ~]# iperf3 -c 10.0.0.2" + e + "\r\n"
                + "Connecting to host 10.0.0.2" + e + ", port 5201\r\n"
                + "[  5] local 10.0.0.1 port 50000 connected to 10.0.0.2" + e + " port 5201\n"
                + "[ ID] Interval           Transfer     Bitrate         Retr  Cwnd\n"
                + "[  5]   0.00-1.00   sec  1.10 GBytes  9.42 Gbits/sec    0   1.50 MBytes\n"
                + "[  5]   1.00-2.00   sec  1.10 GBytes  9.42 Gbits/sec    0   1.50 MBytes\n"
                + "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
                + "[ ID] Interval           Transfer     Bitrate         Retr\n"
                + "[  5]   0.00-2.00   sec  2.20 GBytes  9.42 Gbits/sec    0             sender\n"
                + "[  5]   0.00-2.00   sec  2.19 GBytes  9.41 Gbits/sec                  receiver\n"
                + "\n"
                + "iperf Done." + e + "\n"
                + "[root@node1 ~]# iperf3 -c 10.0.0.2 -J\n"
                + "{\"start\":{\"version\":\"iperf 3.9" + json(EVIL) + "\",\"connecting_to\":{\"host\":\"" + json(EVIL)
                + "\",\"port\":5201},\"test_start\":{\"protocol\":\"TCP\",\"num_streams\":1,\"duration\":2}},"
                + "\"intervals\":[],\"end\":{\"sum_sent\":{\"start\":0,\"end\":2,\"seconds\":2,\"bytes\":2362232012,"
                + "\"bits_per_second\":9448928048,\"retransmits\":0},\"sum_received\":{\"start\":0,\"end\":2,"
                + "\"seconds\":2,\"bytes\":2351494594,\"bits_per_second\":9405978376}}}\n";
    }

    private static String json(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            b.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        return b.toString();
    }
}
