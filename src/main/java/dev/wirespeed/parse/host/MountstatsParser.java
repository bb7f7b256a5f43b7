package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * /proc/self/mountstats (fs/nfs/super.c nfs_show_stats, net/sunrpc/stats.c): "device … mounted on … with
 * fstype nfs statvers=1.1", then indented "opts:", "age:", "caps:", "events:", "bytes:", "xprt:" lines and
 * "per-op statistics" rows. Also its pieces as people paste them: a grep for the device lines, a debugfs
 * rpc_clnt stats file (xprt lines, each followed by "a -> b, state: …" in VAST NFS), the per-op rows alone.
 * Entries of other file systems ("device proc mounted on /proc with fstype proc") are read past.
 */
public final class MountstatsParser extends BaseParser {
    private static final Pattern DEVICE = Pattern.compile(
            "device (\\S+) mounted on (\\S+) with fstype (\\S+)(?: statvers=(\\S+))?");
    private static final Pattern OPTS = Pattern.compile("opts:\\s+(\\S+)");
    private static final Pattern AGE = Pattern.compile("age:\\s+(\\d+)");
    private static final Pattern XPRT = Pattern.compile("xprt:\\s+(tcp6?|udp6?|rdma)((?:\\s+\\d+)+)");
    /** VAST NFS's extended stats file: "172.25.1.101 -> 172.25.1.1, state: CONNECTED BOUND". */
    private static final Pattern XPRT_PATH = Pattern.compile("(\\S+ -> \\S+), state: ([A-Z_ ]+)");
    private static final Pattern OP = Pattern.compile("([A-Z][A-Z0-9_]*):((?:\\s+\\d+){8,9})");
    /**
     * Per-op rows pasted without their "per-op statistics" head start at an NFS operation's name: /proc/softirqs
     * rows ("NET_RX: 1 2 …" on an 8-CPU host) have the same shape.
     */
    private static final Pattern FIRST_OP = Pattern.compile(
            "(?:NULL|GETATTR|SETATTR|LOOKUP|ACCESS|READ|WRITE|COMMIT|OPEN|CLOSE|COMPOUND|READDIR|READDIRPLUS):.*");
    /** The other lines of an entry: "caps: …", "events: …", "RPC iostats version: 1.0  p/v: …", "per-op statistics". */
    private static final Pattern OTHER = Pattern.compile(
            "(?:[a-z][a-z0-9_ -]*:\\s.*|RPC iostats version:.*|p/v:.*|per-op statistics|\\[\\.+\\])");

    public MountstatsParser() {
        super("mountstats");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        Matcher d = in.match(DEVICE, i);
        if (d != null) {
            return d.group(3).startsWith("nfs") || nfsDeviceAhead(in, i);
        }
        return in.matches(XPRT, i) || in.get(i).equals("per-op statistics") && in.matches(OP, i + 1)
                || in.matches(OP, i) && in.matches(FIRST_OP, i) && in.matches(OP, i + 1) && !in.matches(OP, i - 1);
    }

    /** A run of device lines (all of /proc/self/mountstats) is read when an NFS one is in it. */
    private static boolean nfsDeviceAhead(Lines in, int i) {
        for (int j = i; j < in.size() && j < i + 200; j++) {
            Matcher d = in.match(DEVICE, j);
            if (d != null && d.group(3).startsWith("nfs")) {
                return true;
            }
            if (d == null && !in.matches(OTHER, j) && !in.matches(OP, j) && !in.matches(XPRT, j)) {
                return false;
            }
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String mountPoint = null;
        String export = null;
        String fsType = null;
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m;
            if (in.blank(i)) {
                if (!continues(in, i + 1)) {
                    break;
                }
                continue;
            }
            if ((m = in.match(DEVICE, i)) != null) {
                mountPoint = m.group(2);
                export = m.group(1);
                fsType = m.group(3);
                if (fsType.startsWith("nfs")) {
                    Matcher age = in.match(AGE, i + 2) != null ? in.match(AGE, i + 2) : in.match(AGE, i + 1);
                    b.add(new NfsMountStats(export, mountPoint, fsType, m.group(4),
                            age == null ? null : Long.valueOf(age.group(1)), in.source(i)));
                }
            } else if ((m = in.match(OPTS, i)) != null) {
                if (fsType != null && fsType.startsWith("nfs")) {
                    b.add(MountParser.mount(mountPoint, export, fsType, m.group(1), in.source(i)));
                }
            } else if ((m = in.match(XPRT, i)) != null) {
                Matcher p = in.match(XPRT_PATH, i + 1);
                b.add(NfsTransport.of(m.group(1), numbers(m.group(2)), p == null ? null : p.group(1),
                        p == null ? null : p.group(2).strip(), in.source(i)));
                if (p != null) {
                    b.use(i++);
                }
            } else if ((m = in.match(OP, i)) != null) {
                b.add(op(m.group(1), numbers(m.group(2)), in.source(i)));
            } else if (!in.matches(OTHER, i)) {
                break;
            }
            b.use(i);
        }
        return b.done(i);
    }

    /** A blank line between entries, or before a debugfs file's xprt lines, does not end the read. */
    private static boolean continues(Lines in, int i) {
        return in.matches(DEVICE, i) || in.matches(XPRT, i) || in.matches(OP, i);
    }

    private static NfsOpStats op(String name, List<Long> n, Source src) {
        return new NfsOpStats(name, n.get(0), n.get(1), n.get(2), n.get(3), n.get(4), n.get(5), n.get(6), n.get(7),
                n.size() > 8 ? n.get(8) : null, src);
    }

    private static List<Long> numbers(String cells) {
        List<Long> n = new ArrayList<>();
        for (String c : cells.strip().split("\\s+")) {
            // the pattern let only digits through; a counter past 2^63 is kept at its double's value
            double v = UnitWords.number(c);
            n.add(c.length() < 19 ? Long.parseLong(c) : (long) v);
        }
        return n;
    }
}
