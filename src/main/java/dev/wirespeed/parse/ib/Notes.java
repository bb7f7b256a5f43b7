package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.Lines;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A reader's note appended to a line of pasted output: guides and forum posts annotate ibstat,
 * ibstatus, ibv_devinfo or ibdev2netdev lines ("Rate: 40 # total rate, Gb/s", "mlx5_0 port 1 ==>
 * ibp26s0 (Down)  # CX-7 1/8 infiniband"). None of these tools prints " # " in a line, so a blank,
 * "#" and a blank start a note, which is left out before the line is read.
 */
final class Notes {
    private Notes() {}

    private static final Pattern NOTE = Pattern.compile("\\s+#\\s.*$");

    /** The stripped line i without its note. */
    static String line(Lines in, int i) {
        return NOTE.matcher(in.get(i)).replaceFirst("");
    }

    /** Matcher of {@code p} on line i without its note, when the whole of it matches; else null. */
    static Matcher match(Lines in, Pattern p, int i) {
        if (i < 0 || i >= in.size()) {
            return null;
        }
        Matcher m = p.matcher(line(in, i));
        return m.matches() ? m : null;
    }
}
