package dev.wirespeed.parse.fio;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.JsonBlock;
import dev.wirespeed.parse.LenientJson;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.UnitWords;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * fio {@code --output-format=json}: "fio version", then jobs[] with "job options" and per direction
 * io_bytes, bw (KiB/s; bw_bytes when only that was pasted), iops, runtime (ms), lat_ns.mean and clat_ns.percentile (ns; lat_ns.percentile
 * with --lat_percentiles=1), as fio's
 * stat.c writes them; fio before 3.0 wrote lat and clat in usec. Options missing from a job come
 * from "global options". The top-level disk_util[] gives each device's busy share (FioDiskUtil). One job's
 * object pasted alone (an element of jobs[], "{" then "jobname", a forum answer's excerpt) is read as that job.
 * A document cut before its end (a comment's excerpt stopping inside clat_ns: axboe/fio#1627's json+) is read
 * as far as it goes ({@link LenientJson}); a figure the cut took stays absent, never zero.
 */
public final class FioJsonParser extends BaseParser {

    public FioJsonParser() {
        super("fio-json", "fio");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.get(i).startsWith("{") && i + 1 < in.size() && (in.get(i + 1).contains("\"fio version\"")
                || in.get(i + 1).startsWith("\"jobname\""));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        JsonBlock block = JsonBlock.read(in, from);
        JsonNode root = block.node();
        int end = block.end();
        if (root == null && end == from) { // the braces never balance: the paste stops inside the document
            List<JsonNode> pieces = LenientJson.read(block.text());
            root = pieces.isEmpty() ? null : pieces.getFirst();
            end = in.size();
        }
        boolean oneJob = root != null && root.has("jobname");
        if (root == null || !root.has("jobs") && !oneJob) {
            b.note("the JSON document is incomplete or invalid; nothing was read from it");
            return b.done(from);
        }
        if (block.node() == null) {
            b.note("the JSON document is cut before its end: read as far as it goes");
        }
        for (int k = from; k < end; k++) {
            b.use(k);
        }
        String version = root.path("fio version").asString(null);
        JsonNode global = root.path("global options");
        Iterable<JsonNode> jobs = oneJob ? List.of(root) : root.path("jobs");
        for (JsonNode job : jobs) {
            JsonNode opts = job.path("job options");
            for (String dir : new String[] {"read", "write"}) {
                JsonNode d = job.path(dir);
                if (d.path("io_bytes").asLong(0) <= 0) {
                    continue;
                }
                JsonNode pct = d.path("clat_ns").path("percentile");
                JsonNode latPct = d.path("lat_ns").path("percentile"); // --lat_percentiles=1
                FioJob j = new FioJob(job.path("jobname").asString(null), dir, option(opts, global, "rw"),
                        option(opts, global, "bs"), UnitWords.integer(option(opts, global, "iodepth")),
                        UnitWords.integer(option(opts, global, "numjobs")), option(opts, global, "ioengine"),
                        d.path("iops").isNumber() ? Quantity.of(d.path("iops").asDouble(), "1/s", "iops " + d.path("iops").asString("")) : null,
                        bandwidth(d),
                        mean(d, "lat"), mean(d, "clat"), nanos(pct.path("50.000000"), "clat p50"),
                        nanos(pct.path("99.000000"), "clat p99"), nanos(pct.path("99.900000"), "clat p99.9"),
                        nanos(latPct.path("50.000000"), "lat p50"), nanos(latPct.path("99.000000"), "lat p99"),
                        nanos(latPct.path("99.900000"), "lat p99.9"),
                        d.path("runtime").isNumber() ? Quantity.micros(d.path("runtime").asDouble() * 1000, "runtime " + d.path("runtime").asString("") + " ms") : null,
                        in.source(from));
                String target = option(opts, global, "filename") != null ? option(opts, global, "filename")
                        : option(opts, global, "directory");
                b.add(j).measurement(FioMeasurements.of(j, version,
                        target != null ? target.split(":")[0] : FioMeasurements.target(in.command())));
            }
        }
        for (JsonNode disk : root.path("disk_util")) {
            b.add(new FioDiskUtil(disk.path("name").asString(null), count(disk.path("read_ios")),
                    count(disk.path("write_ios")), count(disk.path("in_queue")),
                    disk.path("util").isNumber() ? disk.path("util").asDouble() : null,
                    null, in.source(from))); // aggr_util (an md device's members): no real sample read yet
        }
        return b.done(end);
    }

    private static String option(JsonNode opts, JsonNode global, String name) {
        JsonNode v = opts.has(name) ? opts.path(name) : global.path(name);
        return v.isMissingNode() || v.isNull() ? null : v.asString();
    }

    /** bw (KiB/s), else bw_bytes (bytes/s, fio 3) when a cut took bw; absent when the paste has neither. */
    private static Quantity bandwidth(JsonNode d) {
        if (d.path("bw").isNumber()) {
            return Quantity.bitsPerSecond(d.path("bw").asDouble() * 1024 * 8, "bw " + d.path("bw").asString("") + " KiB/s");
        }
        return d.path("bw_bytes").isNumber()
                ? Quantity.bitsPerSecond(d.path("bw_bytes").asDouble() * 8, "bw_bytes " + d.path("bw_bytes").asString("")) : null;
    }

    private static Long count(JsonNode n) {
        return n.isNumber() ? n.asLong() : null;
    }

    /** The mean of lat_ns/clat_ns (fio 3), else of lat/clat in usec (fio 2). */
    private static Quantity mean(JsonNode direction, String name) {
        JsonNode ns = direction.path(name + "_ns").path("mean");
        if (ns.isNumber()) {
            return nanos(ns, name + "_ns.mean");
        }
        JsonNode us = direction.path(name).path("mean");
        return us.isNumber() ? Quantity.micros(us.asDouble(), name + ".mean " + us.asString() + " usec") : null;
    }

    private static Quantity nanos(JsonNode n, String raw) {
        return n.isNumber() ? Quantity.micros(n.asDouble() / 1000, raw + " " + n.asString() + " ns") : null;
    }
}
