package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * A command line with its output's first line glued to it, the newline between them lost in a paste:
 * "sudo ethtool eth0Settings for eth0:", "lsmodModule                  Size  Used by", "lspci -nnk | grep -iA2
 * net03:00.0 Network controller …" (parse/host README, an Ubuntu Forums post), "ibstatCA 'mlx5_0'". Split inside a
 * word, where what follows starts a format a parser of the command before it reads; the rest holds a blank, as
 * every glued first line does and a command's last word never does.
 */
final class GluedOutput {
    /** How many lines after the glued one a parser may look at to tell whether its format starts. */
    static final int LOOKAHEAD = 8;

    private GluedOutput() {
    }

    /**
     * {command, first output line} when the command text has its output's first line glued to it; else null.
     *
     * @param text      the command as typed after the prompt (null: no command here)
     * @param after     the lines after it
     * @param isCommand whether a part before the glue is a command line at all (after a bare "# ")
     * @param startsFor whether a parser that reads the command starts its format at the first of some lines
     */
    static String[] split(String text, List<String> after, Predicate<String> isCommand, BiPredicate<Command, List<String>> startsFor) {
        if (text == null) {
            return null;
        }
        String cmd = text.strip();
        int lastBlank = cmd.lastIndexOf(' ');
        for (int p = 1; p < cmd.length() && p < lastBlank; p++) {
            if (!Character.isLetterOrDigit(cmd.charAt(p - 1)) || !Character.isLetterOrDigit(cmd.charAt(p))) {
                continue; // inside a word, between two letters or digits ("-q 2" is an option and its value)
            }
            String before = cmd.substring(0, p);
            String rest = cmd.substring(p);
            if (rest.indexOf(' ') < 0 || !isCommand.test(before)) {
                continue;
            }
            Command command = Command.of(before);
            List<String> lines = new ArrayList<>(after.size() + 1);
            lines.add(rest);
            lines.addAll(after);
            if (startsFor.test(command, lines)) {
                return new String[] {before, rest};
            }
        }
        return null;
    }
}
