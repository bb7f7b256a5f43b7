package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines of one piece of a paste, with the command typed before them (null when there was no
 * prompt) and each line's number in the whole input: consecutive, or as given when the paste was
 * repaired ({@link PasteRepair} drops a double-spaced paste's blank lines and joins wrapped ones,
 * and a line keeps the number it had as pasted). Immutable as seen by parsers, which read it from
 * one thread; it remembers stripped lines and whole-line matches, because every parser tries every
 * line it is offered and many look ahead (a kernel log's 200 lines): without the memory a 10 MB
 * paste costs minutes (docs/PERFORMANCE.md, "explain of a large paste").
 */
public final class Lines {
    private final List<String> text;
    private final int firstLine;
    /** The number of each line, or null when they run on from {@code firstLine}. */
    private final int[] numbers;
    /** Lines that followed an elision mark the paste had ("<snip>", "..."), which {@link PasteRepair} dropped. */
    private final BitSet elided;
    private final Command command;
    private String[] stripped;
    /** Per pattern: bit 2i set when line i was tried, bit 2i+1 when it matched. */
    private final IdentityHashMap<Pattern, BitSet> matched = new IdentityHashMap<>();

    public Lines(List<String> text, int firstLine, Command command) {
        this(text, firstLine, null, new BitSet(), command);
    }

    /** Lines numbered as given ({@code numbers[i]} for line i, increasing); {@code elided} as {@link #elidedBefore}. */
    public Lines(List<String> text, int[] numbers, BitSet elided, Command command) {
        this(text, numbers.length == 0 ? 1 : numbers[0], numbers.clone(), (BitSet) elided.clone(), command);
        if (numbers.length != text.size()) {
            throw new IllegalArgumentException(numbers.length + " numbers for " + text.size() + " lines");
        }
    }

    private Lines(List<String> text, int firstLine, int[] numbers, BitSet elided, Command command) {
        this.text = List.copyOf(text);
        this.firstLine = firstLine;
        this.numbers = numbers;
        this.elided = elided;
        this.command = command;
    }

    /** Lines of a whole text, numbered from 1, with no command. */
    public static Lines of(String text) {
        return new Lines(split(text), 1, null);
    }

    /** Splits on \n, \r\n or \r; drops one trailing empty line. */
    public static List<String> split(String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("\\r?\\n|\\r", -1)));
        if (!lines.isEmpty() && lines.getLast().isEmpty()) {
            lines.removeLast();
        }
        return lines;
    }

    public int size() {
        return text.size();
    }

    /** The line as printed (trailing blanks removed). */
    public String raw(int i) {
        return text.get(i).stripTrailing();
    }

    /** The line with surrounding blanks removed: what most parsers read. */
    public String get(int i) {
        if (stripped == null) {
            stripped = new String[text.size()];
        }
        String s = stripped[i];
        if (s == null) {
            s = stripped[i] = text.get(i).strip();
        }
        return s;
    }

    public boolean blank(int i) {
        return text.get(i).isBlank();
    }

    /** A line that only decorates: rules of -, =, *, #, or a "* Waiting for client *" banner. */
    public boolean decoration(int i) {
        String s = get(i);
        return s.isEmpty() || (s.length() >= 3 && RULE.matcher(s).matches()) || (s.length() >= 2 && s.charAt(0) == '*'
                && s.charAt(s.length() - 1) == '*');
    }

    /** A ruler line ("-----", "=== = ==="); compiled once: this runs on every line of a paste. */
    private static final Pattern RULE = Pattern.compile("[-=*#_~.\\s]{3,}");

    public Command command() {
        return command;
    }

    /** 1-based line number of line i in the whole input. */
    public int lineNumber(int i) {
        if (numbers == null || numbers.length == 0) {
            return firstLine + i;
        }
        return i < numbers.length ? numbers[i] : numbers[numbers.length - 1] + i - numbers.length + 1;
    }

    public Source source(int i) {
        return new Source(lineNumber(i), raw(i));
    }

    /** Matcher of {@code p} on the stripped line i when the whole line matches, else null. */
    public Matcher match(Pattern p, int i) {
        if (i < 0 || i >= text.size()) {
            return null;
        }
        Matcher m = p.matcher(get(i));
        return m.matches() ? m : null;
    }

    /** True when {@code p} matches the whole stripped line i (remembered: parsers ask again as they look ahead). */
    public boolean matches(Pattern p, int i) {
        if (i < 0 || i >= text.size()) {
            return false;
        }
        BitSet seen = matched.computeIfAbsent(p, k -> new BitSet());
        if (seen.get(2 * i)) {
            return seen.get(2 * i + 1);
        }
        boolean m = p.matcher(get(i)).matches();
        seen.set(2 * i);
        if (m) {
            seen.set(2 * i + 1);
        }
        return m;
    }

    /** A copy with the given command and first line number, keeping lines [from, to). */
    public Lines slice(int from, int to) {
        return new Lines(text.subList(from, to), lineNumber(from), numbers == null ? null : Arrays.copyOfRange(numbers, from, to),
                elided.get(from, Math.max(from, to)), command);
    }

    /**
     * True when the writer elided lines right before line i ("<snip>", "[...]", "..." on a line of
     * their own, dropped so the block reads on): a parser that counts rows (softnet_stat's CPUs)
     * knows the count breaks there.
     */
    public boolean elidedBefore(int i) {
        return elided.get(i);
    }
}
