package dev.wirespeed.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which pairs a mesh tests: {@code all-pairs}, {@code ring}, {@code star:HOST}, {@code pairs:FILE},
 * {@code incast:HOST} (issue 29: every sender into one receiver at the same moment).
 */
public sealed interface MeshPattern {
    /** As the user wrote it, for the report. */
    String text();

    /** The rounds for these hosts. Throws {@link HostListException} when the pattern names an unknown host. */
    List<Round> rounds(List<Endpoint> hosts) throws IOException;

    record AllPairs() implements MeshPattern {
        public String text() {
            return "all-pairs";
        }

        public List<Round> rounds(List<Endpoint> hosts) {
            return Schedule.allPairs(hosts.size());
        }
    }

    record Ring() implements MeshPattern {
        public String text() {
            return "ring";
        }

        public List<Round> rounds(List<Endpoint> hosts) {
            return Schedule.rounds(hosts.size(), Schedule.ringPairs(hosts.size()));
        }
    }

    record Star(String centre) implements MeshPattern {
        public String text() {
            return "star:" + centre;
        }

        public List<Round> rounds(List<Endpoint> hosts) {
            return Schedule.rounds(hosts.size(), Schedule.starPairs(hosts.size(), indexOf(hosts, centre, "star")));
        }
    }

    /**
     * N senders into {@code receiver} at once, in one round (issue 29 point 3): the receiver's port
     * is the bottleneck on purpose, so its pairs are not judged against each other (no outliers, no
     * re-tests) but summed and compared for fairness ({@link Incast}).
     *
     * @param fanIn how many senders, the first in host-list order; null = every other host
     */
    record IncastTo(String receiver, Integer fanIn) implements MeshPattern {
        public static final String PREFIX = "incast:";

        public String text() {
            return PREFIX + receiver;
        }

        public List<Round> rounds(List<Endpoint> hosts) {
            int to = indexOf(hosts, receiver, "incast");
            int available = hosts.size() - 1;
            int senders = fanIn == null ? available : fanIn;
            if (senders < 1 || senders > available) {
                throw new HostListException("--fan-in " + senders + ": " + receiver + " has " + available
                        + (available == 1 ? " other host" : " other hosts") + " to send to it");
            }
            List<Pair> pairs = new ArrayList<>(senders);
            List<Integer> idle = new ArrayList<>();
            for (int i = 0; i < hosts.size(); i++) {
                if (i == to) {
                    continue;
                }
                if (pairs.size() < senders) {
                    pairs.add(new Pair(i, to));
                } else {
                    idle.add(i);
                }
            }
            // one round: every sender starts together, which Schedule.rounds would spread out
            return List.of(new Round(0, pairs, idle));
        }
    }

    /** True for the text of an incast pattern, as kept in a result's params. */
    static boolean isIncast(String patternText) {
        return patternText != null && patternText.startsWith(IncastTo.PREFIX);
    }

    /** A file of "client server" lines; '#' comments; hosts as in the host list. */
    record Pairs(Path file) implements MeshPattern {
        public String text() {
            return "pairs:" + file;
        }

        public List<Round> rounds(List<Endpoint> hosts) throws IOException {
            List<Pair> pairs = new ArrayList<>();
            Set<Pair> seen = new HashSet<>();
            List<String[]> lines = read(file);
            for (int i = 0; i < lines.size(); i++) {
                String[] names = lines.get(i);
                Pair p;
                try {
                    int a = indexOf(hosts, names[0], "pairs");
                    int b = indexOf(hosts, names[1], "pairs");
                    if (a == b) {
                        throw new HostListException("pairs " + names[0] + " with itself");
                    }
                    p = new Pair(a, b);
                } catch (HostListException e) {
                    throw new HostListException(file + " pair " + (i + 1) + ": " + e.getMessage());
                }
                if (!seen.add(p)) {
                    throw new HostListException(file + " pair " + (i + 1) + ": " + names[0] + " " + names[1]
                            + " is listed twice");
                }
                pairs.add(p);
            }
            return Schedule.rounds(hosts.size(), pairs);
        }

        /** The hosts the file names, in order of appearance (used when no host list is given). */
        public List<String> hostNames() throws IOException {
            Set<String> names = new LinkedHashSet<>();
            for (String[] line : read(file)) {
                names.add(line[0]);
                names.add(line[1]);
            }
            return List.copyOf(names);
        }

        static List<String[]> read(Path file) throws IOException {
            List<String[]> out = new ArrayList<>();
            for (Hosts.Line line : Hosts.lines(file, "pairs file")) {
                String[] fields = line.text().split("[\\s,]+");
                if (fields.length != 2) {
                    // the count, not the text: a file's lines are never echoed
                    throw new HostListException(file + " line " + line.number() + ": expected two hosts ('client server'), got "
                            + fields.length + (fields.length == 1 ? " field" : " fields"));
                }
                for (String host : fields) {
                    try {
                        Endpoint.parse(host, 1);
                    } catch (HostListException e) {
                        throw Hosts.notAHost(file, line);
                    }
                }
                out.add(fields);
            }
            if (out.isEmpty()) {
                throw new HostListException("pairs file " + file + " names no pairs");
            }
            return out;
        }
    }

    /** Parses the --pattern value. */
    static MeshPattern parse(String text) {
        if (text.equals("all-pairs")) {
            return new AllPairs();
        }
        if (text.equals("ring")) {
            return new Ring();
        }
        if (text.startsWith("star:") && text.length() > 5) {
            return new Star(text.substring(5));
        }
        if (text.startsWith("pairs:") && text.length() > 6) {
            return new Pairs(Path.of(text.substring(6)));
        }
        if (text.startsWith(IncastTo.PREFIX) && text.length() > IncastTo.PREFIX.length()) {
            return new IncastTo(text.substring(IncastTo.PREFIX.length()), null);
        }
        throw new HostListException("--pattern '" + text
                + "' is not one of all-pairs, ring, star:HOST, pairs:FILE, incast (with --to HOST), incast:HOST");
    }

    /** Finds a host by its label, or by its host name when that is unique. */
    static int indexOf(List<Endpoint> hosts, String name, String what) {
        for (int i = 0; i < hosts.size(); i++) {
            if (hosts.get(i).label().equals(name)) {
                return i;
            }
        }
        int found = -1;
        for (int i = 0; i < hosts.size(); i++) {
            if (hosts.get(i).host().equals(name)) {
                if (found >= 0) {
                    throw new HostListException(what + ": '" + name + "' matches several hosts; add the port");
                }
                found = i;
            }
        }
        if (found < 0) {
            throw new HostListException(what + ": '" + name + "' is not in the host list");
        }
        return found;
    }
}
