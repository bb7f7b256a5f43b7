package dev.wirespeed.parse;

import java.util.regex.Pattern;

/**
 * A parser whose output begins at one head line ("FEC parameters for eth0:", "device  node GUID"):
 * it starts where its head matches and nowhere else.
 */
public abstract class HeadedParser extends BaseParser {
    private final Pattern head;

    protected HeadedParser(Pattern head, String format, String... programs) {
        super(format, programs);
        this.head = head;
    }

    @Override
    public final boolean startsAt(Lines in, int i) {
        return in.matches(head, i);
    }
}
