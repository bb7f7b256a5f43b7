package dev.wirespeed.parse.mlx;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The "-E- …" lines an NVIDIA/Mellanox firmware tool prints when it fails (mtcr's "Cannot open
 * Device", "Failed to open device", "Unsupported device", …), under a command of one of those
 * tools; where a tool's own reader keeps them (mlxconfig's tail, mlxlink's sections) they stay there.
 */
public final class MftErrorParser extends BaseParser {
    private static final Pattern ERROR = Pattern.compile("-E- (.+)");

    public MftErrorParser() {
        super("mft-error", "flint", "mstflint", "mlxconfig", "mstconfig", "mlxfwmanager", "mstfwmanager", "mlxup",
                "mlxfwreset", "mstfwreset", "mlxlink", "mstlink", "mlxburn", "mlxreg", "mstreg", "mst");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(ERROR, i) && reads(in.command());
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Command c = in.command();
        String d = c == null ? null : c.after("-d") != null ? c.after("-d") : c.after("--device");
        String device = d == null || d.contains("$") ? null : d;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m = in.match(ERROR, i);
            if (m == null) {
                break;
            }
            b.use(i).add(MftError.of(c == null ? null : c.program(), device, m.group(1).strip(), in.source(i)));
        }
        return b.done(i);
    }
}
