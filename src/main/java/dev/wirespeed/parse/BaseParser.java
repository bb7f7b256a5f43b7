package dev.wirespeed.parse;

import java.util.Set;
import java.util.regex.Pattern;

/** Name and programs of a parser, and small helpers most parsers share. */
public abstract class BaseParser implements Parser {
    private final String format;
    private final Set<String> programs;

    protected BaseParser(String format, String... programs) {
        this.format = format;
        this.programs = Set.of(programs);
    }

    @Override
    public final String format() {
        return format;
    }

    @Override
    public final Set<String> programs() {
        return programs;
    }

    protected ParseBuilder builder(Lines in, int from) {
        return new ParseBuilder(format, in, from);
    }

    /** "Key: value" with a key of letters, digits, spaces, dots, dashes or underscores. */
    protected static final Pattern KEY_VALUE = Pattern.compile("([A-Za-z][\\w .()/#*-]*?)\\s*:\\s*(.*)");

    @Override
    public String toString() {
        return format;
    }
}
