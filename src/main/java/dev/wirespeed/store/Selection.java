package dev.wirespeed.store;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What `results compare/export/report` read, as typed: "run:12" (a run, e.g. a campaign),
 * "12", "12,15", "12-20" (result ids), "label:X" or a bare label "nfs-rdma".
 */
public record Selection(String text, ResultStore.Query query) {
    private static final Pattern RUN = Pattern.compile("run:(\\d+)");
    private static final Pattern IDS = Pattern.compile("\\d+(?:-\\d+)?(?:,\\d+(?:-\\d+)?)*");
    private static final int MAX_RANGE = 100_000;

    public static Selection parse(String text) {
        Matcher m;
        if ((m = RUN.matcher(text)).matches()) {
            return new Selection(text, new ResultStore.Query(Long.parseLong(m.group(1)), null, null, null, null));
        }
        if (IDS.matcher(text).matches()) {
            List<Long> ids = new ArrayList<>();
            for (String part : text.split(",")) {
                String[] ab = part.split("-");
                long a = Long.parseLong(ab[0]);
                long b = ab.length > 1 ? Long.parseLong(ab[1]) : a;
                if (b < a || b - a > MAX_RANGE) {
                    throw new IllegalArgumentException("'" + part + "' is not a range of result ids (low-high, at most "
                            + MAX_RANGE + ")");
                }
                for (long id = a; id <= b; id++) {
                    ids.add(id);
                }
            }
            return new Selection(text, new ResultStore.Query(null, ids, null, null, null));
        }
        String label = text.startsWith("label:") ? text.substring("label:".length()) : text;
        if (label.isBlank()) {
            throw new IllegalArgumentException("'" + text + "' selects nothing: give run:N, result ids or a label");
        }
        return new Selection(text, new ResultStore.Query(null, null, label, null, null));
    }
}
