package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code lsmod}: "Module Size Used by" then "mlx5_ib 375821 0 [users]". Without the header (grep
 * output) two module lines in a row are needed before it says yes, as such lines are short.
 */
public final class LsmodParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("Module\\s+Size\\s+Used by");
    // a name may start with a digit ("8021q", the VLAN module; "6lowpan") but holds a letter or "_"
    private static final Pattern ROW = Pattern.compile("([0-9]*[a-z_][a-z0-9_]*)\\s+(\\d{1,10})\\s+(\\d{1,6})(?:\\s+([\\w,\\[\\]-]+,?))?");

    public LsmodParser() {
        super("lsmod", "lsmod");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(HEAD, i) || (in.matches(ROW, i) && in.matches(ROW, i + 1));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m;
            if (in.matches(HEAD, i)) {
                b.use(i);
            } else if ((m = in.match(ROW, i)) != null) {
                String users = m.group(4) == null || m.group(4).equals("-") ? "" : m.group(4);
                List<String> by = users.isEmpty() ? List.of()
                        : List.of(users.replaceAll("[\\[\\]]", "").split(",")).stream().filter(s -> !s.isEmpty()).toList();
                b.use(i).add(new KernelModule(m.group(1), Long.parseLong(m.group(2)), Integer.parseInt(m.group(3)), by,
                        in.source(i)));
            } else {
                break;
            }
        }
        return b.done(i);
    }
}
