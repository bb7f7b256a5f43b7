package dev.wirespeed.parse.host;

import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code df} (coreutils): the header "Filesystem [Type] 1K-blocks|Size Used Avail|Available Use%
 * Mounted on" and a row per file system, each a {@link Filesystem} (with -T its type; without it only
 * "tmpfs"/"devtmpfs" sources say theirs). A source name too long for its column is printed alone with
 * the rest on the next line; both are read as one row.
 */
public final class DfParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile("Filesystem\\s+(Type\\s+)?(?:1K-blocks|1k-blocks|\\d+[KMG]?-blocks|Size)\\s+Used\\s+Avail(?:able)?\\s+(?:Use|Capacity)%\\s+Mounted on");
    /** The columns after the source: [type] size used avail use% mount point. */
    private static final Pattern TYPED = Pattern.compile("(\\S+)\\s+([\\w.+-]+)\\s+\\S+\\s+\\S+\\s+\\S+\\s+(?:\\d+%|-)\\s+(/.*)");
    private static final Pattern UNTYPED = Pattern.compile("(\\S+)\\s+\\S+\\s+\\S+\\s+\\S+\\s+(?:\\d+%|-)\\s+(/.*)");
    private static final Pattern SOURCE_ALONE = Pattern.compile("\\S+");

    public DfParser() {
        super(HEAD, "df", "df");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Matcher head = in.match(HEAD, from);
        if (head == null) {
            return b.done(from);
        }
        boolean typed = head.group(1) != null;
        b.use(from);
        int i = from + 1;
        while (i < in.size() && !in.blank(i)) {
            String line = in.get(i);
            Source src = in.source(i);
            int used = 1;
            if (in.matches(SOURCE_ALONE, i) && i + 1 < in.size() && !in.blank(i + 1)) {
                line = line + " " + in.get(i + 1); // a long source name wrapped by df
                used = 2;
            }
            Matcher m = (typed ? TYPED : UNTYPED).matcher(line);
            if (!m.matches()) {
                break;
            }
            String device = m.group(1);
            String type = typed ? m.group(2) : device.equals("tmpfs") || device.equals("devtmpfs") ? device : null;
            String mountPoint = m.group(typed ? 3 : 2).strip();
            b.add(new Filesystem(device, mountPoint, type, null, "df", src));
            for (int k = 0; k < used; k++) {
                b.use(i + k);
            }
            i += used;
        }
        return b.done(i);
    }
}
