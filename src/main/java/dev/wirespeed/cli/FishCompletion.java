package dev.wirespeed.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The fish completion script, from the same picocli model as bash's (fish's `complete` builtin, fish-shell
 * doc "Writing your own completions"): each command offered where no command was typed yet, each option
 * where its command was, with its first description line and, for enumerated values, the values.
 */
final class FishCompletion {
    private FishCompletion() {}

    static String script(CommandLine root) {
        StringBuilder b = new StringBuilder();
        b.append("# fish completion for wirespeed, generated from its command model ('wirespeed completion fish')\n");
        b.append("complete -c wirespeed -e\n");
        commands(b, root, List.of());
        return b.toString();
    }

    private static void commands(StringBuilder b, CommandLine cmd, List<String> path) {
        CommandSpec spec = cmd.getCommandSpec();
        List<String> subs = new ArrayList<>();
        for (var e : cmd.getSubcommands().entrySet()) {
            if (e.getKey().equals(e.getValue().getCommandName()) && !e.getValue().getCommandSpec().usageMessage().hidden()) {
                subs.add(e.getKey());
            }
        }
        String here = condition(path, subs);
        for (String sub : subs) {
            CommandSpec s = cmd.getSubcommands().get(sub).getCommandSpec();
            b.append("complete -c wirespeed -f -n ").append(quote(here)).append(" -a ").append(quote(sub))
                    .append(" -d ").append(quote(summary(s.usageMessage().header()))).append('\n');
        }
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) {
                continue;
            }
            b.append("complete -c wirespeed -n ").append(quote(here));
            for (String name : o.names()) {
                if (name.startsWith("--")) {
                    b.append(" -l ").append(name.substring(2));
                } else if (name.length() == 2) {
                    b.append(" -s ").append(name.substring(1));
                } else {
                    b.append(" -o ").append(name.substring(1));
                }
            }
            List<String> values = new ArrayList<>();
            if (o.completionCandidates() != null) {
                o.completionCandidates().forEach(values::add);
            }
            if (!values.isEmpty()) {
                b.append(" -x -a ").append(quote(String.join(" ", values)));
            } else if (o.arity().max() > 0) {
                b.append(" -r");
            }
            b.append(" -d ").append(quote(summary(o.description()))).append('\n');
        }
        for (String sub : subs) {
            List<String> deeper = new ArrayList<>(path);
            deeper.add(sub);
            commands(b, cmd.getSubcommands().get(sub), deeper);
        }
    }

    /** Where a line completes at {@code path}: each of its commands typed, none of {@code subs} yet. */
    private static String condition(List<String> path, List<String> subs) {
        List<String> parts = new ArrayList<>();
        if (path.isEmpty()) {
            parts.add("__fish_use_subcommand");
        } else {
            for (String p : path) {
                parts.add("__fish_seen_subcommand_from " + p);
            }
            if (!subs.isEmpty()) {
                parts.add("not __fish_seen_subcommand_from " + String.join(" ", subs));
            }
        }
        return String.join("; and ", parts);
    }

    /** The first sentence of a help text, placeholders removed, short enough for fish's pager. */
    private static String summary(String[] text) {
        String s = text == null || text.length == 0 ? "" : String.join(" ", text);
        s = s.replaceAll("\\$\\{[^}]*}", "").replaceAll("@\\|[a-z,]+ ([^|]*)\\|@", "$1").strip();
        int stop = s.indexOf(". ");
        if (stop > 0) {
            s = s.substring(0, stop);
        }
        if (s.endsWith(".")) {
            s = s.substring(0, s.length() - 1);
        }
        return s.length() > 90 ? s.substring(0, 87).stripTrailing() + "…" : s;
    }

    /** A fish single-quoted word: only \ and ' are special inside (fish doc "Quotes"). */
    static String quote(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
