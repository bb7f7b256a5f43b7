package dev.wirespeed.explain;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The host a prompt names: "root@r86s-01:~#" → "r86s-01", "[root@m02 ~]#" → "m02", "zabulon:~ #" → "zabulon",
 * "[schwarzgerat](0) $" → "schwarzgerat"; null when it names none.
 */
final class Prompts {
    private Prompts() {}

    private static final Pattern USER_AT_HOST = Pattern.compile(".*?[\\w.-]+@([\\w.-]+).*");
    /** openSUSE's root prompt, the host before the working directory: "zabulon:~ #". */
    private static final Pattern SUSE_ROOT = Pattern.compile("([\\w.-]+):[~/]\\S* #");
    /** A host in brackets, then the last exit status: "[schwarzgerat](0) $". */
    private static final Pattern BRACKETED = Pattern.compile("\\[([\\w.-]+)\\](?:\\(\\d+\\))?\\s*\\$");

    static String host(String prompt) {
        if (prompt == null) {
            return null;
        }
        if (prompt.startsWith("MDCLI")) {
            return "MD-CLI device";
        }
        for (Pattern p : new Pattern[] {USER_AT_HOST, SUSE_ROOT, BRACKETED}) {
            Matcher m = p.matcher(prompt);
            if (m.matches()) {
                return m.group(1);
            }
        }
        return null;
    }
}
