package dev.wirespeed.parse.mlx;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Fields;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.regex.Matcher;

/**
 * {@code flint -d DEV query} / {@code mstflint -d DEV q} (firmware burning tools): "Image type:",
 * "FW Version:", "PSID:", GUIDs and MACs as "key: value" lines; continuation lines (a second
 * "Rom Info" entry) are indented.
 */
public final class FlintQueryParser extends BaseParser {

    public FlintQueryParser() {
        super("flint", "flint", "mstflint");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.get(i).startsWith("Image type:") && i + 1 < in.size()
                && (in.get(i + 1).startsWith("FW Version:") || in.get(i + 2 < in.size() ? i + 2 : i).startsWith("FW Version:"));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Fields f = new Fields();
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                break;
            }
            Matcher m = in.match(KEY_VALUE, i);
            if (m != null && !Character.isWhitespace(in.raw(i).charAt(0))) {
                f.put(m.group(1), m.group(2), in.source(i));
                b.use(i);
            } else if (Character.isWhitespace(in.raw(i).charAt(0))) {
                b.use(i);
            } else {
                break;
            }
        }
        Command c = in.command();
        b.add(new MlxDevice(c == null ? null : c.after("-d"), null, null, null, f.text("psid"), null,
                f.text("fw version"), null, null, f.first()));
        return b.done(i);
    }
}
