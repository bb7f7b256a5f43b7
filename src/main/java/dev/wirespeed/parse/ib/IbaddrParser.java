package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ibaddr [-g|-l] [LID|GUID]} (infiniband-diags ibaddr.c): "GID fe80::10:4 LID start 0x4 end
 * 0x4", the GID alone with {@code -g}, "LID start 0x4 end 0x4" with {@code -l}. One {@link IbAddress} a
 * line.
 */
public final class IbaddrParser extends BaseParser {
    private static final Pattern LINE = Pattern.compile(
            "(?:GID ([0-9a-fA-F:]*:[0-9a-fA-F:]*))?\\s*(?:LID start (0x[0-9a-fA-F]+) end (0x[0-9a-fA-F]+))?");

    public IbaddrParser() {
        super("ibaddr", "ibaddr");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        Matcher m = in.match(LINE, i);
        return m != null && (m.group(1) != null || m.group(2) != null);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        Matcher m;
        while (i < in.size() && (m = in.match(LINE, i)) != null && (m.group(1) != null || m.group(2) != null)) {
            b.use(i).add(new IbAddress(m.group(1), m.group(2), m.group(3), in.source(i)));
            i++;
        }
        return b.done(i);
    }
}
