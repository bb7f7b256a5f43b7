package dev.wirespeed.parse;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines of one piece of a paste, with the command typed before them (null when there was no
 * prompt) and the number of the first line in the whole input. Immutable; parsers read it.
 */
public final class Lines {
    private final List<String> text;
    private final int firstLine;
    private final Command command;

    public Lines(List<String> text, int firstLine, Command command) {
        this.text = List.copyOf(text);
        this.firstLine = firstLine;
        this.command = command;
    }

    /** Lines of a whole text, numbered from 1, with no command. */
    public static Lines of(String text) {
        return new Lines(split(text), 1, null);
    }

    /** Splits on \n, \r\n or \r; drops one trailing empty line. */
    public static List<String> split(String text) {
        List<String> lines = new java.util.ArrayList<>(List.of(text.split("\\r?\\n|\\r", -1)));
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
        return text.get(i).strip();
    }

    public boolean blank(int i) {
        return text.get(i).isBlank();
    }

    /** A line that only decorates: rules of -, =, *, #, or a "* Waiting for client *" banner. */
    public boolean decoration(int i) {
        String s = get(i);
        return s.isEmpty() || s.matches("[-=*#_~.\\s]{3,}") || s.matches("\\*.*\\*");
    }

    public Command command() {
        return command;
    }

    /** 1-based line number of line i in the whole input. */
    public int lineNumber(int i) {
        return firstLine + i;
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

    /** True when {@code p} matches the whole stripped line i. */
    public boolean matches(Pattern p, int i) {
        return match(p, i) != null;
    }

    /** A copy with the given command and first line number, keeping lines [from, to). */
    public Lines slice(int from, int to) {
        return new Lines(text.subList(from, to), firstLine + from, command);
    }
}
