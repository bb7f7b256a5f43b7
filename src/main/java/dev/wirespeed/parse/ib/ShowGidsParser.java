package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.UnitWords;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show_gids} (mlnx-tools): a "DEV PORT INDEX GID IPv4 VER DEV" header and its rule, then one
 * tab-separated row per GID ("mlx5_0 1 3 0000:…:ffff:c0a8:0a02 192.168.10.2 v2 eth0"; the IPv4
 * column is empty for a link-local GID), then "n_gids_found=N". A writer who hid the MAC-derived half of a
 * link-local GID wrote "x" for each hex digit ("fe80:0000:0000:0000:xxxx:xxxx:xxxx:xxxx", a GB10 blog): the row is kept.
 */
public final class ShowGidsParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("DEV\\s+PORT\\s+INDEX\\s+GID\\s+IPv4\\s+VER\\s+DEV");
    private static final Pattern RULE = Pattern.compile("---\\s+----\\s+-----\\s+---.*");
    private static final Pattern ROW = Pattern.compile(
            "(\\S+)\\s+(\\d{1,3})\\s+(\\d{1,5})\\s+((?:[0-9a-fA-FxX]{4}:){7}[0-9a-fA-FxX]{4})"
                    + "(?:\\s+(\\d{1,3}(?:\\.\\d{1,3}){3}))?\\s+(v\\d)\\s*(\\S*)");
    private static final Pattern COUNT = Pattern.compile("n_gids_found=\\d+");

    public ShowGidsParser() {
        super("show_gids", "show_gids");
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
            if (in.matches(HEAD, i) || in.matches(RULE, i)) {
                b.use(i);
            } else if ((m = in.match(ROW, i)) != null) {
                b.use(i).add(new RdmaGid(m.group(1), UnitWords.integer(m.group(2)), UnitWords.integer(m.group(3)), m.group(4),
                        m.group(5), m.group(6), m.group(7).isEmpty() ? null : m.group(7), in.source(i)));
            } else if (in.matches(COUNT, i)) {
                b.use(i);
                i++;
                break;
            } else if (!in.blank(i)) {
                break;
            }
        }
        return b.done(i);
    }
}
