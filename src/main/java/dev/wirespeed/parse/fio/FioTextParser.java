package dev.wirespeed.parse.fio;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * fio's normal text output: the job line "name: (g=0): rw=randread, bs=(R) 4096B-4096B, …,
 * ioengine=psync, iodepth=1", the result block "name: (groupid=0, jobs=1): err= 0: …" with
 * "read: IOPS=10.6k, BW=41.3MiB/s (43.3MB/s)(82.5MiB/2001msec)", "clat (usec): … avg=91.66",
 * "lat (usec): … avg=91.85" and the clat percentile table. IOPS suffixes are decimal (k = 1000),
 * BW units binary (MiB/s). fio 2.x prints "name: (g=0): rw=write, bs=8M-8M/8M-8M/8M-8M, …" and
 * "write: io=116320MB, bw=1936.3MB/s, iops=225, runt= 60074msec" (KB/MB 1024-based). A GitHub
 * issue may wear the author's markdown bold ("read: **IOPS=4737k**, …").
 */
public final class FioTextParser extends BaseParser {
    /**
     * fio --client prefixes each line a server sends with the server's name in angle brackets (client.c:
     * "<rhel7.5-1> job1: (g=0): rw=randread, …", "<rhel7.5-1> Starting 4 processes"); the results it sums print bare.
     */
    private static final String CLIENT_HOST = "(?:<[^<>\\s]+> )?";
    /**
     * fio 1.x before 1.11 put the direct flag and rate between rw and bs ("rw=write, odir=0, bs=64K-64K/64K-64K, rate=0,
     * ioengine=sync, iodepth=1", LKML 2006), skipped.
     */
    private static final Pattern JOB_LINE = Pattern.compile(
            CLIENT_HOST + "(.+?): \\(g=\\d+\\): rw=(\\w+),(?: odir=\\d+,)? bs=(?:\\(R\\) )?([\\w.]+)-.*?ioengine=(\\w+), iodepth=(\\d+).*");
    /** The job line's head when a mail wrapped the rest onto the next line ("…, (W) 4096B-4096B," then "(T) 4096B-4096B, ioengine=io_uring, iodepth=64"). */
    private static final Pattern JOB_HEAD = Pattern.compile(CLIENT_HOST + ".+?: \\(g=\\d+\\): rw=\\w+,(?: odir=\\d+,)? bs=.*");
    /**
     * fio's version line: a release ("fio-3.28") or a git build (git describe: "fio-3.41-49-gde3d", 49 commits after 3.41).
     * fio 1.x printed "fio 1.57" and fio 2.0.x the number alone ("2.0.8", between the job lines and "Starting 4 processes");
     * those two are taken only after a job line, where nothing else prints a bare number.
     */
    private static final Pattern VERSION = Pattern.compile("fio-(\\d+\\.\\d+(?:\\.\\d+)?(?:-\\d+-g[0-9a-f]+)?(?:-dirty)?)");
    /** A job's name is its job file section's, which may hold blanks and punctuation ("Max throughput", "seq read 4k"). */
    /** fio 1.x of 2006 printed no jobs= ("write: (groupid=0): err= 0:"). */
    private static final Pattern OLD_VERSION = Pattern.compile("(?:fio )?(\\d+\\.\\d+(?:\\.\\d+)?)");
    private static final Pattern LATENCY_DEPTH = Pattern.compile(CLIENT_HOST + "latency\\s*:.*\\bdepth=(\\d+)\\s*");
    private static final Pattern RESULT = Pattern.compile("(.+?): \\(groupid=\\d+(?:, jobs=(\\d+))?\\).*");
    private static final Pattern DIR = Pattern.compile(
            "(read|write|trim)\\s*: \\**IOPS=([\\d.]+)([kMG]?)\\**, BW=([\\d.]+)([KMGT]?i?B)/s.*?\\(([\\d.]+)([KMGT]i?B)/(\\d+)msec\\).*");
    /**
     * fio 2.x: "read : io=20440MB, bw=116279KB/s, iops=29069, runt=180001msec", sizes in 1024-based
     * units (kb_base=1024 was the default), iops with an optional K; fio 2.0 put a blank before a bare "B/s" and the
     * comma after iops ("bw=618740 B/s, iops=151 , runt=169006msec"); fio 1.x of 2006 a blank after "io=", binary unit
     * names and no iops ("write: io= 16384MiB, bw=558404KiB/s, runt= 30766msec").
     */
    private static final Pattern DIR2 = Pattern.compile(
            "(read|write|trim)\\s*: io=\\s*[\\d.]+[KMGTP]?i?B, bw=([\\d.]+) ?([KMGTP]?i?B)/s(?:, iops=([\\d.]+)([kKMG]?)\\s*)?,"
                    + "\\s*runt=\\s*(\\d+)msec.*");
    /** A job file's description= (stat.c prints it under the job's result head, in brackets). */
    private static final Pattern DESCRIPTION = Pattern.compile("Description\\s*: \\[(.*)\\]");
    private static final Pattern LAT = Pattern.compile("(c|s)?lat \\((nsec|usec|msec)\\):.*avg=\\s*([\\d.]+).*");
    private static final Pattern PCT_HEAD = Pattern.compile("clat percentiles \\((nsec|usec|msec)\\):");
    /**
     * A job with fsync/fdatasync (stat.c's show_ddir_status for DDIR_SYNC): "fsync/fdatasync/sync_file_range:",
     * "sync (usec): min=…, avg=…" and "sync percentiles (usec):" with its own table, which is not clat's.
     */
    private static final Pattern SYNC = Pattern.compile("fsync/fdatasync/sync_file_range:|sync \\((nsec|usec|msec)\\):\\s*(.*)"
            + "|sync percentiles \\((nsec|usec|msec)\\):");
    private static final Pattern PCT = Pattern.compile("(\\d+\\.\\d+)th=\\[\\s*(\\d+)\\]");
    /** "Disk stats (read/write):" then one line per device; sectors= only in newer fio. */
    static final Pattern DISK = Pattern.compile(
            "([\\w.-]+): ios=(\\d+)/(\\d+),.*?(?:in_queue=(\\d+), )?util=([\\d.]+)%.*");
    /**
     * Lines fio prints around its results, skipped; among them what a run stopped by ^C leaves on the
     * screen (backend.c's sig_int: "fio: terminating on signal 2"), where the terminal's "^C" echo
     * overwrites the start of the last progress line ("^Cbs: 1 (f=1): [w(1)][18.8%]…", the line ended
     * in a carriage return).
     */
    private static final Pattern OTHER = Pattern.compile(CLIENT_HOST + "(?:"
            + "fio-\\d.*|Starting \\d+ (process|processes|thread|threads).*|\\.\\.\\.|Jobs: .*|\\|.*|bw \\(.*|iops\\s*:.*"
                    + "|lat \\((nsec|usec|msec)\\)\\s*:.*|cpu\\s*:.*|IO depths\\s*:.*|submit\\s*:.*|complete\\s*:.*"
                    + "|issued\\s*\\w*\\s*:.*|latency\\s*:.*|Disk stats.*"
                    + "|dev=[\\d.]+" // the tail of a "bw (KiB/s) : …, avg=…," line a mail wrapped (fio 1.x, LKML 2006)
                    + "|note: .*|.+?: Laying out IO files?\\b.*"
                    + "|fio: terminating on signal \\d+|\\^C\\S*: \\d+ \\(f=\\d+\\).*)");
    /**
     * A fio error message (log_err: "fio: rdma_create_event_channel fail", "fio: io engine init failed. Perhaps try
     * reducing io depth?", backend.c's "fio: pid=18588, err=1/"): kept as printed under "fio"; a job that printed its
     * head and then only such lines is kept as a FioJob without results.
     */
    private static final Pattern FIO_ERROR = Pattern.compile(CLIENT_HOST + "fio: (.+)");
    /**
     * fio --client's probe reply from each server (client.c handle_probe): "hostname=rhel7.5-4, be=0, 64-bit, os=Linux,
     * arch=x86-64, fio=fio-3.6, flags=1"; the server's version is the run's.
     */
    private static final Pattern CLIENT_PROBE = Pattern.compile(
            "hostname=\\S+, be=\\d+, \\d+-bit, os=\\S+, arch=\\S+, fio=fio-(\\S+), flags=\\d+");

    public FioTextParser() {
        super("fio", "fio");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        // a paste cut inside a job may begin at its "write: IOPS=…, BW=…(…/…msec)" line
        return in.matches(JOB_LINE, i) || wrappedJobLine(in, i) != null || in.matches(RESULT, i) || in.matches(DIR, i)
                || in.matches(DIR2, i)
                || FioRunStatus.startsAt(in, i) || in.matches(CLIENT_PROBE, i);
    }

    /** Line i joined with the next when together they are a job line a mail wrapped; else null. */
    private static Matcher wrappedJobLine(Lines in, int i) {
        if (i + 1 >= in.size() || !in.matches(JOB_HEAD, i) || in.matches(JOB_LINE, i)) {
            return null;
        }
        Matcher m = JOB_LINE.matcher(in.get(i) + " " + in.get(i + 1));
        return m.matches() ? m : null;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String job = null;
        String rw = null;
        String bs = null;
        String engine = null;
        Integer depth = null;
        Integer jobs = null;
        Current cur = null;
        String pctUnit = null;
        String pctPrinted = null; // the table head's unit as fio printed it ("msec")
        String version = null;
        Map<String, Matcher> heads = new LinkedHashMap<>(); // each job's head line by its name: several heads come before the results
        Map<String, Integer> headLines = new HashMap<>();
        Integer group = null;
        int description = -1;
        boolean results = false; // a job's "read: IOPS=…" line was read
        boolean failed = false; // fio printed an error line
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            String s = in.get(i);
            Matcher m;
            if ((m = in.match(JOB_LINE, i)) != null || (m = wrappedJobLine(in, i)) != null) {
                heads.putIfAbsent(m.group(1).strip(), m);
                headLines.putIfAbsent(m.group(1).strip(), i);
                rw = m.group(2);
                bs = m.group(3);
                engine = m.group(4);
                depth = UnitWords.integer(m.group(5));
                if (!in.matches(JOB_LINE, i)) {
                    b.use(i++);
                }
                b.use(i);
            } else if ((m = in.match(CLIENT_PROBE, i)) != null) {
                version = "fio-" + m.group(1);
                b.printed(i, "hostname", in.get(i).substring("hostname=".length())); // each server's probe line, as printed
                b.use(i);
            } else if ((m = in.match(VERSION, i)) != null || (!heads.isEmpty() && (m = in.match(OLD_VERSION, i)) != null)) {
                version = "fio-" + m.group(1);
                b.printed(i, "version", version); // kept in the job's record too, as printed
                b.use(i);
            } else if ((m = in.match(RESULT, i)) != null) {
                flush(b, cur, version, FioMeasurements.target(in.command()), in, description);
                cur = null;
                description = -1;
                job = m.group(1).strip();
                jobs = m.group(2) == null ? null : UnitWords.integer(m.group(2));
                Matcher head = heads.containsKey(job) ? heads.get(job) : headAbove(in, i, job);
                if (head != null) {
                    rw = head.group(2);
                    bs = head.group(3);
                    engine = head.group(4);
                    depth = UnitWords.integer(head.group(5));
                } else {
                    Integer below = depthBelow(in, i);
                    depth = below != null ? below : depth;
                }
                b.use(i);
            } else if (in.matches(DESCRIPTION, i)) {
                description = i;
                b.use(i);
            } else if ((m = in.match(DIR, i)) != null || (m = in.match(DIR2, i)) != null) {
                boolean fio3 = m.pattern() == DIR;
                flush(b, cur, version, FioMeasurements.target(in.command()), in, description);
                if (job == null && heads.size() == 1) {
                    job = heads.keySet().iterator().next(); // one job line and its read/write lines, no result head pasted
                }
                cur = new Current(job, m.group(1), rw, bs, depth, jobs, engine, in.source(i));
                results = true;
                cur.iops = fio3 ? iops(m.group(2), m.group(3)) : m.group(4) == null ? null : iops(m.group(4), m.group(5));
                cur.bw = fio3 ? Quantity.bitsPerSecond(bytes(m.group(4), m.group(5)) * 8, "BW=" + m.group(4) + m.group(5) + "/s")
                        : Quantity.bitsPerSecond(binaryBytes(m.group(2), m.group(3)) * 8, printedBw(s));
                String millis = m.group(fio3 ? 8 : 6);
                cur.runtime = Quantity.micros(UnitWords.number(millis) * 1000, millis + "msec");
                pctUnit = null;
                b.use(i);
            } else if (cur != null && (m = in.match(LAT, i)) != null) {
                // raw: the average as printed in the unit the line's "(nsec)" names, as perftest's cells carry their head's
                Quantity avg = Quantity.micros(UnitWords.micros(UnitWords.number(m.group(3)), unit(m.group(2))),
                        m.group(3) + " " + m.group(2));
                if (m.group(1) == null) {
                    cur.lat = avg;
                } else if (m.group(1).equals("c")) {
                    cur.clat = avg;
                }
                b.use(i);
            } else if (cur != null && (m = in.match(PCT_HEAD, i)) != null) {
                pctUnit = unit(m.group(1));
                pctPrinted = m.group(1);
                b.use(i);
            } else if ((m = in.match(SYNC, i)) != null) {
                pctUnit = null; // the sync table's rows are no clat percentiles
                if (m.group(1) != null) {
                    b.printed(i, "sync (" + m.group(1) + ")", m.group(2).strip());
                }
                b.use(i);
            } else if ((m = in.match(FioRunStatus.HEAD, i)) != null) {
                group = UnitWords.integer(m.group(1));
                b.use(i);
            } else if (in.matches(FioRunStatus.LINE, i)) {
                FioRunStatus.read(b, in, i, group);
            } else if (in.matches(FioRunStatus.DISK_HEAD, i)) {
                b.use(i);
            } else if ((m = in.match(DISK, i)) != null) {
                disk(b, in, i, m);
            } else if (in.matches(OTHER, i)) {
                if (cur != null && pctUnit != null && s.startsWith("|")) {
                    Matcher p = PCT.matcher(s);
                    while (p.find()) {
                        // raw: the cell in the unit its table head printed ("116 msec"), as the lat lines' averages
                        Quantity q = Quantity.micros(UnitWords.micros(UnitWords.number(p.group(2)), pctUnit),
                                p.group(2) + " " + pctPrinted);
                        // fio prints the rank with two decimals, but --percentile_list with the decimals given ("99.9th")
                        switch (String.format(Locale.ROOT, "%.2f", UnitWords.number(p.group(1)))) {
                            case "50.00" -> cur.p50 = q;
                            case "99.00" -> cur.p99 = q;
                            case "99.90" -> cur.p999 = q;
                            default -> { }
                        }
                    }
                }
                b.use(i);
            } else if ((m = in.match(FIO_ERROR, i)) != null) {
                failed = true;
                b.printed(i, "fio", m.group(1).strip());
                b.use(i);
            } else {
                break;
            }
        }
        flush(b, cur, version, FioMeasurements.target(in.command()), in, description);
        if (!results && failed) {
            // the jobs fio set up and then failed on (an engine that could not start): their heads, no results
            heads.forEach((name, head) -> b.add(new FioJob(name, null, head.group(2), head.group(3), UnitWords.integer(head.group(5)),
                    null, head.group(4), null, null, null, null, null, null, null, null, null, null, null, in.source(headLines.get(name)))));
        }
        return b.done(i);
    }

    /** How far above a result {@link #headAbove} looks for its job's head. */
    private static final int HEAD_LOOKBACK = 200;

    /**
     * The head line of job {@code job} above result line {@code i} in the same paste, when lines no parser reads stood
     * between (fio --client interleaving two servers' heads mid-line, src/test/resources/parse/fio/fio-3.6-client-*);
     * null when a result of that job comes first (an earlier run's) or none is found.
     */
    /**
     * The queue depth a job's result block prints last (stat.c, latency target: "latency   : target=0, window=0,
     * percentile=100.00%, depth=32"), for a paste that starts at the result line without the job line; null when the
     * block ends (the next job's result line, "Run status group") first.
     */
    private static Integer depthBelow(Lines in, int i) {
        for (int k = i + 1; k < in.size(); k++) {
            Matcher m = in.match(LATENCY_DEPTH, k);
            if (m != null) {
                return UnitWords.integer(m.group(1));
            }
            if (in.matches(RESULT, k) || in.get(k).startsWith("Run status group")) {
                return null;
            }
        }
        return null;
    }

    private static Matcher headAbove(Lines in, int i, String job) {
        for (int k = i - 1; k >= Math.max(0, i - HEAD_LOOKBACK); k--) {
            Matcher m = in.match(JOB_LINE, k);
            if (m != null && m.group(1).strip().equals(job)) {
                return m;
            }
            Matcher r = in.match(RESULT, k);
            if (r != null && r.group(1).strip().equals(job)) {
                return null;
            }
        }
        return null;
    }

    /** A device's line of "Disk stats" (DISK matched at i) as a record, every field kept as printed. */
    private static void disk(ParseBuilder b, Lines in, int i, Matcher m) {
        Map<String, String> fields = FioRunStatus.fields(in.get(i).substring(in.get(i).indexOf(':') + 1));
        String aggr = fields.getOrDefault("aggrutil", "").replace("%", "");
        FioDiskUtil d = new FioDiskUtil(m.group(1), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                m.group(4) == null ? null : Long.parseLong(m.group(4)), UnitWords.number(m.group(5)),
                aggr.matches("[\\d.]+") ? Double.valueOf(UnitWords.number(aggr)) : null, in.source(i));
        b.use(i).add(d);
        fields.forEach((name, value) -> b.printedBeside(d, i, name, value)); // beside the generic "DEV": "ios=…" reading
    }

    private static String unit(String fioUnit) {
        return fioUnit.replace("sec", "s");
    }

    /** Bytes of "41.3" "MiB" (binary) or "43.3" "MB" / "kB" (decimal). */
    static double bytes(String number, String unit) {
        double v = UnitWords.number(number);
        boolean binary = unit.contains("i");
        double f = switch (unit.charAt(0)) {
            case 'K', 'k' -> binary ? 1024.0 : 1e3;
            case 'M' -> binary ? 1024.0 * 1024 : 1e6;
            case 'G' -> binary ? 1024.0 * 1024 * 1024 : 1e9;
            case 'T' -> binary ? 1024.0 * 1024 * 1024 * 1024 : 1e12;
            default -> 1;
        };
        return v * f;
    }

    /** IOPS with fio's decimal suffix: "29.7k" (fio 3), "1713.3K" (fio 2); the raw is that token as printed. */
    private static Quantity iops(String number, String suffix) {
        double f = switch (suffix) {
            case "k", "K" -> 1e3;
            case "M" -> 1e6;
            case "G" -> 1e9;
            default -> 1.0;
        };
        return Quantity.of(UnitWords.number(number) * f, "1/s", number + suffix);
    }

    /** fio 2's "bw=…/s" as printed on line {@code s} ("bw=116279KB/s", fio 2.0's "bw=618740 B/s"). */
    private static String printedBw(String s) {
        int at = s.indexOf("bw=");
        return s.substring(at, s.indexOf("/s", at) + 2);
    }

    /** fio 2's "KB", "MB": 1024-based. */
    static double binaryBytes(String number, String unit) {
        return unit.equals("B") ? UnitWords.number(number) : bytes(number, unit.charAt(0) + "iB");
    }

    /** Adds the job read so far; its measurement names the fio {@code version} printed above it, if any, and the command's target. */
    private static void flush(ParseBuilder b, Current c, String version, String target, Lines in, int description) {
        if (c == null) {
            return;
        }
        FioJob j = new FioJob(c.job, c.dir, c.rw, c.bs, c.depth, c.jobs, c.engine, c.iops, c.bw, c.lat, c.clat, c.p50, c.p99,
                c.p999, null, null, null, c.runtime, c.source);
        b.add(j).measurement(FioMeasurements.of(j, version, target));
        if (description >= 0) {
            b.printed(j, description, "Description", "[" + in.match(DESCRIPTION, description).group(1) + "]"); // as printed
        }
    }

    private static final class Current {
        final String job;
        final String dir;
        final String rw;
        final String bs;
        final Integer depth;
        final Integer jobs;
        final String engine;
        final Source source;
        Quantity iops;
        Quantity bw;
        Quantity lat;
        Quantity clat;
        Quantity p50;
        Quantity p99;
        Quantity p999;
        Quantity runtime;

        Current(String job, String dir, String rw, String bs, Integer depth, Integer jobs, String engine, Source source) {
            this.job = job;
            this.dir = dir;
            this.rw = rw;
            this.bs = bs;
            this.depth = depth;
            this.jobs = jobs;
            this.engine = engine;
            this.source = source;
        }
    }
}
