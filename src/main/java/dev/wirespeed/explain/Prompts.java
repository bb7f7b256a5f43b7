package dev.wirespeed.explain;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The host a prompt names: "root@r86s-01:~#" → "r86s-01", "[root@m02 ~]#" → "m02"; null when it names none. */
final class Prompts {
    private Prompts() {}

    private static final Pattern USER_AT_HOST = Pattern.compile(".*?[\\w.-]+@([\\w.-]+).*");

    static String host(String prompt) {
        if (prompt == null) {
            return null;
        }
        if (prompt.startsWith("MDCLI")) {
            return "MD-CLI device";
        }
        Matcher m = USER_AT_HOST.matcher(prompt);
        return m.matches() ? m.group(1) : null;
    }
}
