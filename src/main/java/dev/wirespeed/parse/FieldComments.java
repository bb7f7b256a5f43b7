package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A writer's comment line between two fields of a "Key: value" output (ethtool, ibstat, ibv_devinfo, flint):
 * "# section should display the actual port media type" above "Port: Twisted Pair" in a switch driver's doc
 * (parse/host README). The readers stop at a line that is not theirs, so the comment would end the block and
 * lose every field after it; none of these tools prints a line starting with "# " or "// ", so it goes. Only
 * between two field lines (the next one directly below, comments aside): nccl-tests' own "#" lines sit above and
 * below table rows, a root shell's "# ethtool -i eth0" is a command and stays; so do its head's "# Using devices" and
 * "#  Rank 0 … Pid …" lines between rccl-tests' "rccl-tests: Version …" and RCCL's "RCCL version : …" (NCCL_DEBUG=VERSION),
 * which look like fields around them.
 */
final class FieldComments {
    /** A comment a writer put on a line of its own: "# …", "// …" (with the line's indentation). */
    private static final Pattern COMMENT = Pattern.compile("\\s*(?:#|//)\\s+\\S.*");
    /** A field of a "Key: value" output, or a head ending in ":" ("Settings for sw1p1:", "Port 1:"). */
    private static final Pattern FIELD = Pattern.compile("\\s*[A-Za-z][\\w .()/'-]{0,60}:(?:\\s.*)?");

    private FieldComments() {
    }

    /**
     * The rows without comment lines between fields.
     *
     * @param isCommand whether a line is a command after a prompt ("# ethtool -i eth0"), which stays
     */
    static List<PasteRepair.Row> drop(List<PasteRepair.Row> rows, Predicate<String> isCommand) {
        List<PasteRepair.Row> out = null;
        for (int i = 0; i < rows.size(); i++) {
            if (!comment(rows.get(i).text(), isCommand)) {
                if (out != null) {
                    out.add(rows.get(i));
                }
                continue;
            }
            int next = i;
            while (next < rows.size() && comment(rows.get(next).text(), isCommand)) {
                next++;
            }
            boolean between = i > 0 && next < rows.size() && FIELD.matcher(rows.get(i - 1).text()).matches()
                    && FIELD.matcher(rows.get(next).text()).matches();
            if (between && out == null) {
                out = new ArrayList<>(rows.subList(0, i));
            }
            if (!between && out != null) {
                out.addAll(rows.subList(i, next));
            }
            i = next - 1;
        }
        return out == null ? rows : out;
    }

    private static boolean comment(String line, Predicate<String> isCommand) {
        return (line.indexOf('#') >= 0 || line.indexOf("//") >= 0) && COMMENT.matcher(line).matches() && !isCommand.test(line.strip())
                && !PasteRepair.NCCL_HEAD.matcher(line.strip()).lookingAt();
    }
}
