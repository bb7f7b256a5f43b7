package dev.wirespeed.parse.host;

import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.ParsedRecord;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which record of a kernel log keeps each line as printed (issue 31 round 17b). By default a line goes to the last
 * record at or before it, so a GPU's or a disk's lines after an mlx5 event landed in the mlx5 record's "printed" (ROCm
 * issue 4454: amdgpu's "get invalid ip discovery binary signature" under "mlx5_core 0000:9e:00.0"). A line that names
 * a device or driver other than that record's goes to a record of its own device (the same driver and address),
 * else of its own driver, the last at or before it, else the first after it; a line no record of its own names, or
 * whose record's device is not known, stays with the default.
 */
final class KernelLineOwners {
    private KernelLineOwners() {}

    /** A kernel line kept as printed: its index, the device or subsystem it is kept under, its message. */
    record Kept(int line, String name, String value) {}

    static void assign(ParseBuilder b, Lines in, List<Kept> kept) {
        List<ParsedRecord> records = b.records();
        Map<Integer, String> deviceAt = new HashMap<>(); // a kept line's number → its device
        for (Kept k : kept) {
            deviceAt.put(in.lineNumber(k.line()), device(k.name()));
        }
        for (Kept k : kept) {
            int number = in.lineNumber(k.line());
            String device = device(k.name());
            int fallback = fallback(records, number);
            String owners = fallback < 0 || records.get(fallback) instanceof KernelLogRead ? null
                    : deviceAt.get(records.get(fallback).source().line());
            ParsedRecord own = device == null || owners == null || owners.equals(device) ? null
                    : own(records, deviceAt, device, number);
            if (own == null) {
                b.printed(k.line(), k.name(), k.value());
            } else {
                b.printed(own, k.line(), k.name(), k.value());
            }
        }
    }

    /** The record PrintedFields gives a line by default: the last at or before it, else the first; -1 when none. */
    private static int fallback(List<ParsedRecord> records, int number) {
        int best = -1;
        int first = -1;
        for (int r = 0; r < records.size(); r++) {
            int line = records.get(r).source().line();
            if (line <= number && (best < 0 || line > records.get(best).source().line())) {
                best = r;
            }
            if (first < 0 || line < records.get(first).source().line()) {
                first = r;
            }
        }
        return best >= 0 ? best : first;
    }

    /** The record of the line's own device, else of its driver: the last at or before it, else the first after; or null. */
    private static ParsedRecord own(List<ParsedRecord> records, Map<Integer, String> deviceAt, String device, int number) {
        String driver = driver(device);
        ParsedRecord sameDevice = nearest(records, deviceAt, number, device, false);
        return sameDevice != null ? sameDevice : nearest(records, deviceAt, number, driver, true);
    }

    private static ParsedRecord nearest(List<ParsedRecord> records, Map<Integer, String> deviceAt, int number, String name,
                                        boolean byDriver) {
        ParsedRecord before = null;
        ParsedRecord after = null;
        for (ParsedRecord r : records) {
            String d = deviceAt.get(r.source().line());
            if (d == null || r instanceof KernelLogRead || !(byDriver ? driver(d).equals(name) : d.equals(name))) {
                continue;
            }
            int line = r.source().line();
            if (line <= number && (before == null || line > before.source().line())) {
                before = r;
            } else if (line > number && (after == null || line < after.source().line())) {
                after = r;
            }
        }
        return before != null ? before : after;
    }

    /**
     * The device a kept line's name gives: "mlx5_core 0000:9e:00.0" of "mlx5_core 0000:9e:00.0 enp158s0np0" (a netdev
     * renamed later is the same device), the subsystem ("amdgpu", "[drm]", "scsi") otherwise; null for "kernel".
     */
    static String device(String name) {
        if (name.equals("kernel")) {
            return null;
        }
        String[] words = name.split(" ");
        if (words.length >= 2 && words[1].matches(".*\\d.*") && words[1].matches(".*[:.].*")) {
            return words[0] + " " + words[1];
        }
        return words[0].endsWith(":") ? words[0].substring(0, words[0].length() - 1) : words[0];
    }

    private static String driver(String device) {
        int blank = device.indexOf(' ');
        return blank < 0 ? device : device.substring(0, blank);
    }
}
