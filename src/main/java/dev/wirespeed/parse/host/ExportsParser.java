package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NFS exports (exports(5)): the lines of /etc/exports ({@code cat /etc/exports}) and of
 * {@code exportfs -v}/{@code -s}: a path, then clients each with "(options)"; exportfs puts a long path
 * alone on its line and its client on the next, indented. Comments (#) and a line's trailing comment
 * are passed over. Without the command, a line is an export only when a client carries options
 * ("/tmp *(rw,…)"), so a bare path in prose is not one.
 */
public final class ExportsParser extends BaseParser {
    /** A client spec: host, network, wildcard, @netgroup or exportfs's &lt;world&gt;, with or without "(options)". */
    private static final String CLIENT = "(?:[\\w.*?:/@\\[\\]<>-]*\\([^()\\s]*\\)|[\\w.*?:/@\\[\\]<>-]+)";
    private static final Pattern LINE = Pattern.compile("(/\\S*|\"/[^\"]*\")\\s+(" + CLIENT + "(?:\\s+" + CLIENT + ")*)\\s*(?:#.*)?");
    private static final Pattern WITH_OPTIONS = Pattern.compile("(/\\S*)\\s+[\\w.*?:/@\\[\\]<>-]*\\([\\w,=:/.@-]*\\).*");
    private static final Pattern PATH_ALONE = Pattern.compile("/\\S*");
    private static final Pattern INDENTED_CLIENTS = Pattern.compile("\\s+(" + CLIENT + "(?:\\s+" + CLIENT + ")*)");
    private static final Pattern CLIENT_ITEM = Pattern.compile(CLIENT);

    public ExportsParser() {
        super("exports", "exportfs");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (in.matches(WITH_OPTIONS, i)) {
            return true;
        }
        return exportsCommand(in.command()) && (in.matches(LINE, i) || in.matches(PATH_ALONE, i) && i + 1 < in.size()
                && in.raw(i + 1).matches(INDENTED_CLIENTS.pattern()));
    }

    /** exportfs, or a command that shows /etc/exports (cat, less, grep … /etc/exports). */
    private static boolean exportsCommand(Command c) {
        return c != null && (c.program().equals("exportfs") || c.args().stream().anyMatch(a -> a.startsWith("/etc/exports")));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String tool = in.command() != null && in.command().program().equals("exportfs") ? "exportfs" : "exports";
        int i = from;
        int end = from;
        while (i < in.size()) {
            if (in.blank(i) || in.get(i).startsWith("#")) {
                if (in.get(i).startsWith("#")) {
                    b.use(i);
                }
                i++;
                continue;
            }
            Matcher m = in.match(LINE, i);
            if (m != null) {
                b.use(i).add(new NfsExport(unquote(m.group(1)), clients(m.group(2)), tool, in.source(i)));
                end = ++i;
                continue;
            }
            Matcher next = i + 1 < in.size() ? INDENTED_CLIENTS.matcher(in.raw(i + 1)) : null;
            if (in.matches(PATH_ALONE, i) && next != null && next.matches()) {
                b.use(i).use(i + 1).add(new NfsExport(in.get(i), clients(next.group(1)), tool, in.source(i)));
                i += 2;
                end = i;
                continue;
            }
            break;
        }
        return b.done(end);
    }

    private static String unquote(String path) {
        return path.startsWith("\"") ? path.substring(1, path.length() - 1) : path;
    }

    private static List<String> clients(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = CLIENT_ITEM.matcher(text);
        while (m.find()) {
            if (!m.group().isEmpty()) {
                out.add(m.group());
            }
        }
        return out;
    }
}
