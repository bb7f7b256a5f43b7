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
 * Output of a command that reads or writes /proc/fs/nfsd/portlist (nfsd(7)): "rdma 20049" and
 * "tcp 2049" lines, or the shell's "echo: write error: Protocol not supported". Recognised after
 * such a command, or without one as a run of two or more listener lines where one is nfsd's port
 * (2049, or 20049 for RDMA): a single bare "tcp 2049" says too little on its own.
 */
public final class NfsdPortlistParser extends BaseParser {
    static final String PORTLIST = "/proc/fs/nfsd/portlist";
    private static final Pattern PORT = Pattern.compile("(rdma|tcp6?|udp6?)\\s+(\\d{1,5})");
    private static final Pattern REFUSED = Pattern.compile("(?i).*write error:\\s*protocol not supported.*");
    private static final Pattern WRITE = Pattern.compile("echo\\s+[\"']?([a-z0-9]+\\s+\\d{1,5})[\"']?\\s*>>?\\s*" + PORTLIST + ".*");

    public NfsdPortlistParser() {
        super("nfsd-portlist");
    }

    @Override
    public boolean reads(Command command) {
        return command != null && command.text().contains(PORTLIST);
    }

    private static boolean afterPortlistCommand(Lines in) {
        return in.command() != null && in.command().text().contains(PORTLIST);
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (afterPortlistCommand(in)) {
            return in.matches(PORT, i) || in.matches(REFUSED, i);
        }
        if (!in.matches(PORT, i) || !in.matches(PORT, i + 1) || (i > 0 && in.matches(PORT, i - 1))) {
            return false;
        }
        for (int j = i; j < in.size() && in.matches(PORT, j); j++) {
            if (in.get(j).matches("\\S+\\s+20?049")) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Matcher w = afterPortlistCommand(in) ? WRITE.matcher(in.command().text().strip()) : null;
        String written = w != null && w.matches() ? w.group(1).replaceAll("\\s+", " ") : null;
        List<String> ports = new ArrayList<>();
        boolean refused = false;
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m;
            if ((m = in.match(PORT, i)) != null) {
                ports.add(m.group(1) + " " + m.group(2));
                b.use(i);
            } else if (in.matches(REFUSED, i)) {
                refused = true;
                b.use(i);
            } else {
                break;
            }
        }
        b.add(new NfsdPortlist(written == null ? ports : List.of(), written, refused, in.source(from)));
        return b.done(i);
    }
}
