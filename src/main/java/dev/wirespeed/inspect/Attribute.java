package dev.wirespeed.inspect;

import dev.wirespeed.host.CpuList;
import dev.wirespeed.host.Observed;
import dev.wirespeed.io.Io;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.Locale;

/** Reads one sysfs/procfs attribute into an {@link Observed}: absent, unreadable, or parsed. */
final class Attribute {
    private final RootedFs fs;

    Attribute(RootedFs fs) {
        this.fs = fs;
    }

    /** Raw text, trimmed; null when the file is absent. A read error (sysfs EINVAL) is an {@link IOException}. */
    String raw(String path) throws IOException {
        try {
            return fs.readText(path).strip();
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    <T> Observed<T> read(String path, Observed.Parser<T> parser) {
        String raw;
        try {
            raw = raw(path);
        } catch (IOException e) {
            // sysfs answers EINVAL for e.g. speed and carrier of an interface that is down.
            return Observed.unknown(null, path, "the kernel refused to read it: " + Io.reasonAfterPath(e));
        }
        return Observed.parse(raw, path, parser);
    }

    Observed<String> text(String path) {
        return read(path, s -> s);
    }

    /** A CPU list, where an empty file is an empty list (a NUMA node without CPUs). */
    Observed<CpuList> cpuList(String path) {
        Observed<CpuList> o = read(path, CpuList::parse);
        if (o.isUnreadable() && o.raw() != null && o.raw().isEmpty()) {
            return Observed.of(CpuList.parse(""), "", path);
        }
        return o;
    }

    Observed<Integer> integer(String path) {
        return read(path, Attribute::parseInt);
    }

    /** A decimal number where the kernel's -1 means "unknown" (speed, numa_node). */
    Observed<Long> longOrUnknown(String path, String unknownNote) {
        Observed<Long> o = read(path, Attribute::parseLong);
        if (o.isPresent() && (o.value() == -1 || o.value() == 0xFFFF_FFFFL)) {
            return Observed.unknown(o.raw(), path, unknownNote);
        }
        return o;
    }

    Observed<Integer> intOrUnknown(String path, String unknownNote) {
        return longOrUnknown(path, unknownNote).map(Long::intValue);
    }

    static int parseInt(String s) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a whole number but was '" + s + "'");
        }
    }

    static long parseLong(String s) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a whole number but was '" + s + "'");
        }
    }

    /** "0x70" or "112" → 112 (sysfs lid and sm_lid are hex). */
    static int parseHexOrDecimal(String s) {
        String t = s.strip().toLowerCase(Locale.ROOT);
        try {
            return t.startsWith("0x") ? Integer.parseInt(t.substring(2), 16) : Integer.parseInt(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a number like 0x70 but was '" + s + "'");
        }
    }

    /** "0" / "1" → boolean. */
    static boolean parseFlag(String s) {
        return switch (s.strip()) {
            case "0" -> false;
            case "1" -> true;
            default -> throw new IllegalArgumentException("expected 0 or 1 but was '" + s + "'");
        };
    }
}
