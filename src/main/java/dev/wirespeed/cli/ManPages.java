package dev.wirespeed.cli;

import dev.wirespeed.Version;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Writes one man page (troff, man(7) macros) per command from the picocli model: wirespeed.1,
 * wirespeed-bw.1, wirespeed-results-list.1, ... Run at build time by scripts/dist.sh.
 * picocli-codegen's ManPageGenerator writes AsciiDoc, which needs asciidoctor to become a man page;
 * the model is small enough to render directly.
 */
public final class ManPages {
    private ManPages() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1 && args.length != 3 && args.length != 4) {
            System.err.println("usage: ManPages MANDIR [BASH_COMPLETION_FILE ZSH_COMPLETION_FILE [FISH_COMPLETION_FILE]]");
            System.exit(ExitCode.USAGE);
        }
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        for (Path p : write(Main.model(), dir)) {
            System.out.println(p);
        }
        // the completions too: one JVM start for both at build time
        if (args.length == 4) {
            Files.writeString(Path.of(args[3]), CompletionCommand.script(CompletionCommand.Shell.fish), StandardCharsets.UTF_8);
        }
        if (args.length >= 3) {
            Files.writeString(Path.of(args[1]), CompletionCommand.script(CompletionCommand.Shell.bash), StandardCharsets.UTF_8);
            Files.writeString(Path.of(args[2]), CompletionCommand.script(CompletionCommand.Shell.zsh), StandardCharsets.UTF_8);
        }
    }

    /** Writes the page of {@code cmd} and of every subcommand below it; returns the files. */
    static List<Path> write(CommandLine cmd, Path dir) throws IOException {
        List<Path> written = new ArrayList<>();
        CommandSpec spec = cmd.getCommandSpec();
        if (!spec.usageMessage().hidden() && !"help".equals(spec.name())) {
            Path file = dir.resolve(pageName(spec) + ".1");
            Files.writeString(file, page(spec), StandardCharsets.UTF_8);
            written.add(file);
        }
        for (CommandLine sub : cmd.getSubcommands().values()) {
            if (sub.getCommandSpec().parent() == spec && sub.getCommandName().equals(sub.getCommandSpec().name())) {
                written.addAll(write(sub, dir));
            }
        }
        return written;
    }

    static String pageName(CommandSpec spec) {
        return spec.qualifiedName("-");
    }

    static String page(CommandSpec spec) {
        StringBuilder t = new StringBuilder();
        String name = pageName(spec);
        t.append(".TH \"").append(name.toUpperCase(Locale.ROOT)).append("\" 1 \"\" \"")
                .append(esc(Version.software())).append("\" \"wirespeed manual\"\n");
        t.append(".SH NAME\n").append(esc(name)).append(" \\- ").append(esc(format(summary(spec)))).append('\n');
        t.append(".SH SYNOPSIS\n.nf\n");
        Help help = new Help(spec, Help.defaultColorScheme(Help.Ansi.OFF));
        t.append(lines(help.synopsis(0).stripTrailing())).append(".fi\n");
        String[] description = spec.usageMessage().description();
        if (description.length > 0) {
            t.append(".SH DESCRIPTION\n");
            for (String line : description) {
                t.append(line.isBlank() ? ".PP\n" : esc(format(line)) + "\n");
            }
        }
        if (!spec.subcommands().isEmpty()) {
            t.append(".SH COMMANDS\n");
            for (var e : spec.subcommands().entrySet()) {
                CommandSpec sub = e.getValue().getCommandSpec();
                if (sub.usageMessage().hidden() || !e.getKey().equals(sub.name())) {
                    continue;
                }
                t.append(".TP\n\\fB").append(esc(e.getKey())).append("\\fR\n").append(esc(format(summary(sub))));
                if (!"help".equals(sub.name())) {
                    t.append(" See \\fB").append(esc(pageName(sub))).append("\\fR(1).");
                }
                t.append('\n');
            }
        }
        List<PositionalParamSpec> positionals = spec.positionalParameters();
        if (!positionals.isEmpty()) {
            t.append(".SH ARGUMENTS\n");
            for (PositionalParamSpec p : positionals) {
                if (p.hidden()) {
                    continue;
                }
                t.append(".TP\n\\fI").append(esc(p.paramLabel())).append("\\fR\n")
                        .append(esc(format(String.join(" ", p.description())))).append('\n');
            }
        }
        if (!spec.options().isEmpty()) {
            t.append(".SH OPTIONS\n");
            for (OptionSpec o : spec.options()) {
                if (o.hidden()) {
                    continue;
                }
                t.append(".TP\n");
                List<String> names = new ArrayList<>();
                for (String n : o.names()) {
                    String label = o.typeInfo().isBoolean() || o.arity().max() == 0 ? "" : "=\\fI" + esc(o.paramLabel()) + "\\fR";
                    names.add("\\fB" + esc(n) + "\\fR" + label);
                }
                t.append(String.join(", ", names)).append('\n');
                t.append(esc(format(String.join(" ", o.description()), o))).append('\n');
            }
        }
        for (ManSections.Section section : ManSections.of(name)) {
            t.append(".SH ").append(esc(section.title())).append('\n');
            for (String paragraph : section.paragraphs()) {
                t.append(".PP\n").append(esc(paragraph)).append('\n');
            }
        }
        String[] footer = spec.usageMessage().footer();
        if (footer.length > 0) {
            t.append(".SH NOTES\n.nf\n");
            for (String line : footer) {
                t.append(esc(format(line))).append('\n');
            }
            t.append(".fi\n");
        }
        if (spec.parent() == null) {
            t.append(files());
        }
        t.append(".SH SEE ALSO\n");
        CommandSpec parent = spec.parent();
        if (parent != null) {
            t.append("\\fB").append(esc(pageName(parent))).append("\\fR(1), ");
        }
        t.append("\\fBiperf3\\fR(1)\n");
        return t.toString();
    }

    /**
     * The root page's FILES: the documentation of this package ({@code -Dwirespeed.docs}, set by
     * scripts/dist.sh for each package: /usr/share/doc/wirespeed/docs for the .deb) and, when
     * {@code -Dwirespeed.units} names their folder, the systemd units.
     */
    static String files() {
        Path docs = Path.of(System.getProperty(Docs.PROPERTY, Docs.dir()));
        Path root = docs.getParent() == null ? docs : docs.getParent();
        StringBuilder t = new StringBuilder(".SH FILES\n");
        t.append(".TP\n\\fI").append(esc(root.toString())).append("\\fR\n")
                .append(root.isAbsolute() ? "" : "(In the folder the release was unpacked in.) ")
                .append("The documentation: README.md, CHANGELOG.md, the guides in ").append(esc(docs.toString()))
                .append(" (cluster.md, SECURITY.md, STORE.md, PLAN.md, EXPLAIN.md …), the JSON schemas of every --json "
                        + "output in ").append(esc(docs.resolve("json").toString())).append(", and examples/ (campaign "
                        + "plans, pasted tool outputs for explain, the Grafana dashboard and Prometheus configuration).\n");
        String units = System.getProperty("wirespeed.units");
        if (units != null) {
            t.append(".TP\n\\fI").append(esc(units)).append("/wirespeed-server.service\\fR, \\fI").append(esc(units))
                    .append("/wirespeed-agent.service\\fR\n")
                    .append("systemd units of the server and of the cluster agent, installed disabled: "
                            + "systemctl enable --now wirespeed-server. The agent reads its token from "
                            + "/etc/wirespeed/token (LoadCredential); see cluster.md.\n");
        }
        return t.toString();
    }

    /** The one-line summary: the header, or the description's first line. */
    static String summary(CommandSpec spec) {
        String[] header = spec.usageMessage().header();
        if (header.length > 0) {
            return header[0];
        }
        String[] d = spec.usageMessage().description();
        return d.length > 0 ? d[0] : "";
    }

    private static String format(String s) {
        try {
            return String.format(s);
        } catch (IllegalFormatException e) {
            return s;
        }
    }

    private static String format(String s, OptionSpec o) {
        String defaultValue = o.defaultValueString();
        return format(s.replace("${DEFAULT-VALUE}", defaultValue == null ? "" : defaultValue)
                .replace("${COMPLETION-CANDIDATES}", candidates(o)));
    }

    private static String candidates(OptionSpec o) {
        List<String> all = new ArrayList<>();
        if (o.completionCandidates() != null) {
            o.completionCandidates().forEach(all::add);
        }
        return String.join(", ", all);
    }

    private static String lines(String s) {
        StringBuilder b = new StringBuilder();
        for (String line : s.split("\n")) {
            b.append(esc(line)).append('\n');
        }
        return b.toString();
    }

    /** troff escapes: backslash, and a leading dot or quote that would read as a request. */
    static String esc(String s) {
        String e = s.replace("\\", "\\e").replace("-", "\\-");
        StringBuilder b = new StringBuilder();
        for (String line : e.split("\n", -1)) {
            if (b.length() > 0) {
                b.append('\n');
            }
            if (line.startsWith(".") || line.startsWith("'")) {
                b.append("\\&");
            }
            b.append(line);
        }
        return b.toString();
    }
}
