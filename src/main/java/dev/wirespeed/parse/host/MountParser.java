package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NFS lines of {@code mount} (util-linux: "SERVER:/EXPORT on /MNT type nfs4 (rw,vers=4.2,…,proto=rdma,port=20049,…)")
 * of /proc/mounts ("SERVER:/EXPORT /MNT nfs4 rw,vers=4.2,… 0 0") and of /proc/self/mountinfo, as {@link NfsMount}s like
 * {@code nfsstat -m}'s. A mount line that a mail client, terminal or document wrapped (the option
 * list on the next lines, even "type nfs" on its own line) is joined back until its ")"; the option
 * list has no blanks, so the pieces are joined as they were. Local file systems in the same layouts
 * ("tmpfs on /tmp type tmpfs (rw,nosuid,nodev)",
 * src/test/resources/parse/host/mount-tmp-tmpfs-exports-seed000.txt's {@code mount | grep /tmp}) and the rows
 * of {@code findmnt} (TARGET SOURCE FSTYPE OPTIONS, as a tree or a list) are {@link Filesystem}s (issue 26:
 * what backs an NFS export).
 */
public final class MountParser extends BaseParser {
    private static final String SOURCE = "(\\S+:/\\S*)";
    private static final Pattern MOUNT = Pattern.compile(SOURCE + " on (/\\S*)(?: type (nfs4?)(?: \\((.*))?)?");
    private static final Pattern PROC = Pattern.compile(SOURCE + " (/\\S*) (nfs4?) (\\S+) \\d+ \\d+");
    /**
     * /proc/self/mountinfo (proc(5)): "263 121 0:46 / /root/nfs rw,relatime - nfs4 SERVER:/EXPORT rw,vers=4.2,…":
     * mount and parent ids, major:minor, root, mount point, its options, optional tags, "-", type, source, options.
     */
    private static final Pattern MOUNTINFO = Pattern.compile(
            "\\d+ \\d+ \\d+:\\d+ \\S+ (/\\S*) \\S+(?: \\S+)* - (nfs4?) " + SOURCE + " (\\S+)");
    /** A local file system: "tmpfs on /tmp type tmpfs (rw,nosuid,nodev)" (util-linux mount). */
    private static final Pattern LOCAL_MOUNT = Pattern.compile("(\\S+) on (/\\S*) type ([\\w.+-]+) \\(([^)]*)\\)");
    /** /proc/mounts: "tmpfs /tmp tmpfs rw,nosuid,nodev 0 0". */
    private static final Pattern LOCAL_PROC = Pattern.compile("(\\S+) (/\\S*) ([\\w.+-]+) (\\S+) \\d+ \\d+");
    private static final Pattern LOCAL_MOUNTINFO = Pattern.compile(
            "\\d+ \\d+ \\d+:\\d+ \\S+ (/\\S*) \\S+(?: \\S+)* - ([\\w.+-]+) (\\S+) (\\S+)");
    /** findmnt's header and its rows, tree-drawn ("├─/tmp  tmpfs  tmpfs  rw,nosuid") or not. */
    private static final Pattern FINDMNT_HEAD = Pattern.compile("TARGET\\s+SOURCE\\s+FSTYPE\\s+OPTIONS");
    private static final Pattern FINDMNT_ROW = Pattern.compile("[│├└─|`\\s-]*(/\\S*)\\s+(\\S+)\\s+([\\w.+-]+)\\s+(\\S+)");

    /** A continuation of a wrapped mount line: its type, its option list or a piece of it. */
    private static final Pattern PIECE = Pattern.compile("(?:type nfs4?\\s*)?\\(?[\\w.:=,/@\\[\\]-]*\\)?");
    private static final int MAX_PIECES = 8;

    public MountParser() {
        super("mount", "mount", "findmnt");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(PROC, i) || in.matches(MOUNTINFO, i) || joined(in, i) != null || local(in, i) != null
                || in.matches(FINDMNT_HEAD, i) || findmntCommand(in) && in.matches(FINDMNT_ROW, i);
    }

    private static boolean findmntCommand(Lines in) {
        return in.command() != null && in.command().program().equals("findmnt");
    }

    /** A local file system's line (not NFS) in mount's, /proc/mounts' or mountinfo's layout; null if none. */
    private static Filesystem local(Lines in, int i) {
        Matcher m;
        if ((m = in.match(LOCAL_MOUNT, i)) != null && !m.group(3).startsWith("nfs")) {
            return new Filesystem(m.group(1), m.group(2), m.group(3), m.group(4), "mount", in.source(i));
        }
        if ((m = in.match(LOCAL_PROC, i)) != null && !m.group(3).startsWith("nfs")) {
            return new Filesystem(m.group(1), m.group(2), m.group(3), m.group(4), "/proc/mounts", in.source(i));
        }
        if ((m = in.match(LOCAL_MOUNTINFO, i)) != null && !m.group(2).startsWith("nfs")) {
            return new Filesystem(m.group(3), m.group(1), m.group(2), m.group(4), "/proc/self/mountinfo", in.source(i));
        }
        return null;
    }

    /** The mount line starting at i with its wrapped pieces joined, and how many lines it took; null if none. */
    private static Joined joined(Lines in, int i) {
        if (!in.matches(MOUNT, i)) {
            return null;
        }
        StringBuilder text = new StringBuilder(in.get(i));
        int next = i + 1;
        while (!text.toString().endsWith(")") && next < in.size() && next - i <= MAX_PIECES && !in.blank(next)
                && in.matches(PIECE, next) && !in.matches(MOUNT, next)) {
            String piece = in.get(next);
            // a wrapped head breaks at a blank ("… on /mnt1 type nfs" / "(rw,…"); an option list breaks after a comma
            text.append(piece.startsWith("type ") || piece.startsWith("(") ? " " : "").append(piece);
            next++;
        }
        Matcher m = MOUNT.matcher(text.toString());
        if (!m.matches() || m.group(3) == null || m.group(4) == null || !m.group(4).endsWith(")")) {
            return null;
        }
        return new Joined(m, next - i);
    }

    private record Joined(Matcher m, int lines) {
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        while (i < in.size()) {
            if (in.blank(i)) {
                i++;
                continue;
            }
            Source src = in.source(i);
            if (in.matches(FINDMNT_HEAD, i)) {
                b.use(i);
                i++;
                continue;
            }
            Filesystem fs = local(in, i);
            Matcher row = fs == null && (findmntCommand(in) || b.used(from) && in.matches(FINDMNT_HEAD, from))
                    ? in.match(FINDMNT_ROW, i) : null;
            if (fs != null) {
                b.add(fs).use(i);
                i++;
                continue;
            }
            if (row != null) {
                b.add(row.group(3).startsWith("nfs") ? mount(row.group(1), row.group(2), row.group(3), row.group(4), src)
                        : new Filesystem(row.group(2), row.group(1), row.group(3), row.group(4), "findmnt", src)).use(i);
                i++;
                continue;
            }
            Matcher p = in.match(PROC, i);
            Matcher info = p == null ? in.match(MOUNTINFO, i) : null;
            Joined j = p == null && info == null ? joined(in, i) : null;
            if (info != null) {
                b.add(mount(info.group(1), info.group(3), info.group(2), info.group(4), src)).use(i);
                i++;
            } else if (p != null) {
                b.add(mount(p.group(2), p.group(1), p.group(3), p.group(4), src)).use(i);
                i++;
            } else if (j != null) {
                String opts = j.m().group(4);
                b.add(mount(j.m().group(2), j.m().group(1), j.m().group(3), opts.substring(0, opts.length() - 1), src));
                for (int k = 0; k < j.lines(); k++) {
                    b.use(i + k);
                }
                i += j.lines();
            } else {
                break;
            }
        }
        return b.done(i);
    }

    static NfsMount mount(String mountPoint, String export, String type, String options, Source src) {
        Map<String, String> opts = NfsstatParser.options(options);
        String version = opts.getOrDefault("vers", opts.get("nfsvers"));
        if (version == null && type.equals("nfs4")) {
            version = "4";
        }
        return new NfsMount(mountPoint, export, opts.get("proto"), version, UnitWords.integer(opts.get("port")),
                NfsstatParser.longOf(opts.get("rsize")), NfsstatParser.longOf(opts.get("wsize")), opts, src);
    }
}
