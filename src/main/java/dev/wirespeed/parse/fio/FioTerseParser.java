package dev.wirespeed.parse.fio;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.UnitWords;
import java.util.regex.Pattern;

/**
 * fio's terse output, version 3 ({@code --minimal} or {@code --output-format=terse}; fio's HOWTO, "Terse output"):
 * one line per job, fields at ';': 1 terse version "3", 2 fio version, 3 job name, 4 group, 5 error, then per
 * direction (read from field 6, write from 47, trim from 88) 41 fields: I/O in KiB, bandwidth in KiB/s, IOPS,
 * runtime in ms, slat min/max/mean/dev, clat min/max/mean/dev (usec), 20 clat percentiles as "P%=usec", lat
 * min/max/mean/dev (usec), bw min/max/agg%/mean/dev. The head line of names that fio's documentation gives
 * is no output. Job options (rw, bs, iodepth) are not in the line.
 */
public final class FioTerseParser extends BaseParser {
    private static final Pattern LINE = Pattern.compile("3;fio-[^;]*;[^;]*;\\d+;\\d+;\\d+;.*");
    private static final int FIELDS_PER_DIRECTION = 41;
    private static final int FIRST_DIRECTION = 5; // 0-based index of read_kb
    private static final String[] DIRECTIONS = {"read", "write", "trim"};

    public FioTerseParser() {
        super("fio-terse", "fio");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(LINE, i) && in.get(i).split(";", -1).length > FIRST_DIRECTION + 2 * FIELDS_PER_DIRECTION;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        for (; i < in.size() && startsAt(in, i); i++) {
            String[] f = in.get(i).split(";", -1);
            b.use(i);
            for (int d = 0; d < DIRECTIONS.length; d++) {
                int at = FIRST_DIRECTION + d * FIELDS_PER_DIRECTION;
                if (at + FIELDS_PER_DIRECTION > f.length || !f[at].matches("\\d+") || Long.parseLong(f[at]) == 0) {
                    continue; // no I/O in this direction
                }
                FioJob j = new FioJob(f[2], DIRECTIONS[d], null, null, null, null, null,
                        number(f[at + 2]) == null ? null : Quantity.of(number(f[at + 2]), "1/s", f[at + 2]),
                        number(f[at + 1]) == null ? null : Quantity.bitsPerSecond(number(f[at + 1]) * 1024 * 8, f[at + 1] + " KiB/s"),
                        micros(f[at + 34]), micros(f[at + 10]), percentile(f, at, "50.000000"),
                        percentile(f, at, "99.000000"), percentile(f, at, "99.900000"), null, null, null,
                        number(f[at + 3]) == null ? null : Quantity.micros(number(f[at + 3]) * 1000, f[at + 3] + " ms"),
                        in.source(i));
                b.add(j).measurement(FioMeasurements.of(j, f[1], FioMeasurements.target(in.command())));
            }
        }
        return b.done(i);
    }

    /** The clat percentile "P%=usec" of the direction at {@code at} whose P is {@code pct}; null when fio printed none. */
    private static Quantity percentile(String[] f, int at, String pct) {
        for (int k = at + 12; k < at + 32; k++) {
            if (f[k].startsWith(pct + "%=")) {
                return micros(f[k].substring(pct.length() + 2));
            }
        }
        return null;
    }

    private static Quantity micros(String usec) {
        Double v = number(usec);
        return v == null ? null : Quantity.micros(v, usec + " usec");
    }

    private static Double number(String text) {
        return text.matches("\\d+(?:\\.\\d+)?") ? Double.valueOf(UnitWords.number(text)) : null;
    }
}
