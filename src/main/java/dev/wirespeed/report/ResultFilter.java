package dev.wirespeed.report;

import dev.wirespeed.results.Measurement;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.units.Numbers;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Which stored results `results compare` and `results report` take: a test kind, a label, a host,
 * a date range, and whether results that did not end as done count. Null fields do not filter.
 *
 * @param test           a test name ("tcp-bw", "rdma-write-lat") or a short name ({@link #TEST_NAMES})
 * @param since          ISO-8601 instant or date (UTC midnight), inclusive
 * @param until          ISO-8601 instant or date (a date includes that whole day), exclusive of later
 * @param includePartial also interrupted, failed and incomplete results
 */
public record ResultFilter(String test, String label, String host, String since, String until,
                           boolean includePartial) implements Predicate<StoredResult> {

    /** Short names of --test, as the commands are called. */
    public static final Map<String, String> TEST_NAMES = Map.of("bw", Measurement.Tests.TCP_BW,
            "lat", Measurement.Tests.TCP_LAT, "udp", Measurement.Tests.UDP_BW, "udp-bw", Measurement.Tests.UDP_BW,
            "udp-lat", Measurement.Tests.UDP_LAT, "fio", Measurement.Tests.FIO);

    public static final ResultFilter FINISHED = new ResultFilter(null, null, null, null, null, false);

    public ResultFilter {
        sinceInstant(since);
        untilInstant(until);
    }

    /** The test name --test stands for. */
    public String testName() {
        return test == null ? null : TEST_NAMES.getOrDefault(test, test);
    }

    @Override
    public boolean test(StoredResult r) {
        if (!includePartial && !r.status().done()) {
            return false;
        }
        if (test != null && !r.measurement().test().equals(testName())) {
            return false;
        }
        if (label != null && !r.labels().contains(label)) {
            return false;
        }
        if (host != null && (r.host() == null || !host.equals(r.host().hostName()))) {
            return false;
        }
        Instant at = Instant.parse(r.createdAt());
        Instant from = sinceInstant(since);
        Instant to = untilInstant(until);
        return (from == null || !at.isBefore(from)) && (to == null || at.isBefore(to));
    }

    public List<StoredResult> apply(List<StoredResult> results) {
        return results.stream().filter(this).toList();
    }

    /** What was left out by status, for the note under a table ("2 interrupted results left out"). */
    public String leftOutNote(List<StoredResult> before) {
        if (includePartial) {
            return null;
        }
        ResultFilter any = new ResultFilter(test, label, host, since, until, true);
        long partial = before.stream().distinct().filter(any).filter(r -> !r.status().done()).count();
        return partial == 0 ? null : Numbers.count(partial, "result") + " not done (interrupted, "
                + "failed or incomplete) left out; --include-partial takes them";
    }

    /**
     * The kind of a result, which a comparison never mixes: its test, and whether it is a sweep
     * (a sweep's rows are compared size by size, a single figure against a single figure).
     */
    public static String kindOf(StoredResult r) {
        return r.measurement().test() + (ResultsText.isSweep(r.measurement()) ? " sweep" : "");
    }

    /** Distinct kinds, in first-seen order. */
    public static List<String> kinds(List<StoredResult> results) {
        List<String> out = new ArrayList<>();
        results.forEach(r -> {
            String k = kindOf(r);
            if (!out.contains(k)) {
                out.add(k);
            }
        });
        return out;
    }

    private static Instant sinceInstant(String text) {
        return text == null ? null : instant(text, false);
    }

    private static Instant untilInstant(String text) {
        return text == null ? null : instant(text, true);
    }

    private static Instant instant(String text, boolean endOfDay) {
        try {
            if (text.length() == 10) {
                LocalDate d = LocalDate.parse(text);
                return (endOfDay ? d.plusDays(1) : d).atStartOfDay(ZoneOffset.UTC).toInstant();
            }
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + text + "' is not a date (2026-03-01) or an ISO-8601 instant "
                    + "(2026-03-01T12:00:00Z)");
        }
    }
}
