package dev.wirespeed.parse.mlx;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ofed_info -s} (MLNX_OFED): one line "MLNX_OFED_LINUX-24.10-3.2.5.0:", the release and a
 * colon, which is also the first line of plain {@code ofed_info} (there with " (OFED-…)" before the
 * colon, as mlnx_tune's "Driver Status" prints the release). DOCA-OFED names itself
 * "OFED-internal-25.10-1.7.1:". On Debian the plain form goes on with "Installed Packages:", a rule
 * and dpkg's "ii  name  version  arch  description" rows, read as part of the block.
 */
public final class OfedInfoParser extends BaseParser {
    private static final Pattern RELEASE = Pattern.compile("(MLNX_OFED_LINUX|OFED-internal)-(\\d[\\w.-]*?)(?:\\s+\\(OFED-[\\w.-]+\\))?:");
    /** The MLNX_OFED installer's own line (src/test/resources/parse/mlx/mlnxofedinstall-seed001.txt l.13: "Starting MLNX_OFED_LINUX-4.6-1.0.1.1 installation ..."). */
    private static final Pattern INSTALLER = Pattern.compile("Starting (MLNX_OFED_LINUX)-(\\d[\\w.-]*?) installation\\s*\\.*");
    private static final Pattern PACKAGES = Pattern.compile("Installed Packages:|-+|ii\\s+\\S+\\s+\\S+.*");

    public OfedInfoParser() {
        super("ofed_info", "ofed_info");
    }

    /** ofed_info, and the installer whose "Starting MLNX_OFED_LINUX-… installation" line this reads too. */
    @Override
    public boolean reads(Command command) {
        return command != null && (command.program().equals("ofed_info") || command.program().endsWith("mlnxofedinstall"));
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(RELEASE, i) || in.matches(INSTALLER, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Matcher m = in.match(RELEASE, from);
        if (m == null && (m = in.match(INSTALLER, from)) != null) {
            b.use(from).add(new OfedVersion(m.group(1), m.group(2), in.source(from)));
            return b.done(from + 1);
        }
        if (m != null) {
            b.use(from).add(new OfedVersion(m.group(1), m.group(2), in.source(from)));
        }
        int i = from + 1;
        while (m != null && i < in.size() && in.matches(PACKAGES, i)) {
            b.use(i++);
        }
        return b.done(m == null ? from : i);
    }
}
