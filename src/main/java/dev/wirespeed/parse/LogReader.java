package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a whole paste: splits it into chunks at prompts ({@link Splitter}), then finds blocks of
 * known formats in each chunk by content, preferring the parsers that read the typed command.
 * Lines outside every block are counted as unrecognized. A parser that throws (a bug) is treated
 * as not recognizing the block, so one bad parser cannot stop the rest of the log being read.
 */
public final class LogReader {
    private final List<Parser> parsers;
    private final Splitter splitter;

    public LogReader(List<Parser> parsers) {
        this.parsers = List.copyOf(parsers);
        Set<String> programs = new HashSet<>();
        parsers.forEach(p -> programs.addAll(p.programs()));
        this.splitter = new Splitter(programs, this::starts, this::startsFor, this::covered);
    }

    /**
     * Whether a parser that reads the command reads its format from the first of these lines: how the splitter
     * tells a command whose output was glued to it ("ethtool eth0Settings for eth0:") from one that ends so.
     */
    boolean startsFor(Command command, List<String> lines) {
        Lines in = new Lines(lines, 1, command);
        for (Parser p : parsers) {
            if (p.reads(command) && tryParse(p, in, 0) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * How many of these lines start a format some parser reads: how the splitter judges whether a
     * prefix on every line, or an output inside a JSON string, reads better repaired.
     */
    int starts(List<String> lines) {
        Lines in = new Lines(lines, 1, null);
        int n = 0;
        for (int i = 0; i < in.size(); i++) {
            if (in.blank(i) || in.decoration(i)) {
                continue;
            }
            for (Parser p : parsers) {
                if (startsSafely(p, in, i)) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }

    /**
     * How many non-blank lines of these lines the parsers' blocks take, read as one chunk without a command: how the
     * splitter tells whether two code fences hold one output ({@link SplitFences}).
     */
    int covered(List<String> lines) {
        Lines in = new Lines(lines, 1, null);
        boolean[] none = new boolean[parsers.size()];
        int n = 0;
        int i = 0;
        while (i < in.size()) {
            Parsed found = in.blank(i) || in.decoration(i) ? null : block(in, i, null, none, false);
            if (found == null) {
                i++;
                continue;
            }
            for (int k = i; k < found.end(); k++) {
                n += in.blank(k) ? 0 : 1;
            }
            i = found.end();
        }
        return n;
    }

    private static boolean startsSafely(Parser p, Lines in, int i) {
        try {
            return p.startsAt(in, i);
        } catch (RuntimeException e) {
            return false;
        }
    }

    public static LogReader standard() {
        return new LogReader(Parsers.all());
    }

    public List<Piece> read(String text) {
        return read(null, text, 1);
    }

    /** Pieces of one input, numbered from {@code firstIndex}, each naming {@code input}. */
    public List<Piece> read(String input, String text, int firstIndex) {
        List<Piece> pieces = new ArrayList<>();
        for (Chunk c : splitter.split(text)) {
            Piece p = readChunk(c, input, firstIndex + pieces.size());
            if (p != null) {
                pieces.add(p);
            }
        }
        return pieces;
    }

    /** One chunk; null when it has neither a command nor any non-blank line. */
    Piece readChunk(Chunk chunk, String input, int index) {
        Lines in = chunk.lines();
        Command cmd = chunk.command();
        List<Parsed> outputs = new ArrayList<>();
        int unrecognized = 0;
        Source firstUnrecognized = null;
        List<Piece.Range> ranges = new ArrayList<>();
        int firstLine = -1;
        int lastLine = -1;
        // which parsers the command names, once per chunk: block() asks for every line it tries
        boolean[] hinted = new boolean[parsers.size()];
        for (int p = 0; p < hinted.length; p++) {
            hinted[p] = parsers.get(p).reads(cmd);
        }
        int i = 0;
        while (i < in.size()) {
            if (in.blank(i) || in.decoration(i)) {
                i++;
                continue;
            }
            Parsed found = block(in, i, cmd, hinted, outputs.isEmpty());
            if (found != null) {
                outputs.add(found);
                firstLine = firstLine < 0 ? found.firstLine() : firstLine;
                lastLine = found.lastLine();
                i = found.end();
                continue;
            }
            unrecognized++;
            int n = in.lineNumber(i);
            if (!ranges.isEmpty() && ranges.getLast().lastLine() >= lastUnrecognizedBefore(in, i, ranges.getLast())) {
                ranges.set(ranges.size() - 1, new Piece.Range(ranges.getLast().firstLine(), n));
            } else {
                ranges.add(new Piece.Range(n, n));
            }
            firstUnrecognized = firstUnrecognized == null ? in.source(i) : firstUnrecognized;
            firstLine = firstLine < 0 ? in.lineNumber(i) : firstLine;
            lastLine = in.lineNumber(i);
            i++;
        }
        if (cmd == null && outputs.isEmpty() && unrecognized == 0) {
            return null;
        }
        if (firstLine < 0) {
            firstLine = in.lineNumber(0);
            lastLine = firstLine - 1;
        }
        return new Piece(index, input, chunk.prompt(), cmd == null ? null : cmd.text(), firstLine, lastLine, outputs,
                unrecognized == 0 ? null : new Piece.Unrecognized(unrecognized, firstUnrecognized, ranges));
    }

    /**
     * The line number a run must reach for line i to extend it: the previous line, or further back
     * over blank and decoration lines (they neither break nor start a run).
     */
    private static int lastUnrecognizedBefore(Lines in, int i, Piece.Range run) {
        int j = i - 1;
        while (j >= 0 && in.lineNumber(j) > run.lastLine() && (in.blank(j) || in.decoration(j))) {
            j--;
        }
        return in.lineNumber(j < 0 ? 0 : j);
    }

    private Parsed block(Lines in, int i, Command cmd, boolean[] hints, boolean first) {
        Parsed best = null;
        Parser bestParser = null;
        for (int pass = 0; pass < 2 && best == null; pass++) {
            for (int k = 0; k < parsers.size(); k++) {
                Parser p = parsers.get(k);
                if ((pass == 0) != hints[k]) {
                    continue;
                }
                Parsed r = tryParse(p, in, i);
                if (r != null) {
                    best = r;
                    bestParser = p;
                    break;
                }
            }
        }
        if (best != null && first && cmd != null && !bestParser.reads(cmd) && !cmd.program().isEmpty()) {
            for (int k = 0; k < parsers.size(); k++) {
                if (hints[k]) {
                    return best.withNote("the command is " + cmd.program() + ", but this is " + best.format()
                            + " output");
                }
            }
        }
        return best;
    }

    private static Parsed tryParse(Parser p, Lines in, int i) {
        try {
            if (!p.startsAt(in, i)) {
                return null;
            }
            Parsed r = p.parse(in, i);
            return r.isEmpty() || r.end() <= i ? null : r;
        } catch (RuntimeException e) {
            return null;
        }
    }
}
