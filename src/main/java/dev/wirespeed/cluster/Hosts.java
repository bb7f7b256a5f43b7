package dev.wirespeed.cluster;

import dev.wirespeed.guard.BoundedRead;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Where the mesh's hosts come from: --hosts, --hostfile, or Slurm's allocation. */
public final class Hosts {
    /** Set by Slurm inside an allocation (sbatch, salloc, srun), e.g. "node[01-04,07]". */
    public static final String SLURM_NODELIST = "SLURM_JOB_NODELIST";
    /** A host file larger than this is not a host file. */
    static final long MAX_FILE_BYTES = 4L << 20;

    private Hosts() {}

    /**
     * The endpoints, in order, from the first source given: {@code expression}, else {@code file},
     * else {@code $SLURM_JOB_NODELIST}. Returns an empty list when none is given.
     */
    public static List<Endpoint> resolve(String expression, Path file, Map<String, String> env, int defaultPort)
            throws IOException {
        List<String> names;
        if (expression != null) {
            names = HostList.expand(expression);
        } else if (file != null) {
            names = readFile(file);
        } else if (env.get(SLURM_NODELIST) != null && !env.get(SLURM_NODELIST).isBlank()) {
            names = HostList.expand(env.get(SLURM_NODELIST));
        } else {
            return List.of();
        }
        return endpoints(names, defaultPort);
    }

    /** Parses names to endpoints and rejects a host given twice (it would be paired with itself). */
    public static List<Endpoint> endpoints(List<String> names, int defaultPort) {
        List<Endpoint> out = new ArrayList<>(names.size());
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            Endpoint e = Endpoint.parse(name, defaultPort);
            if (!seen.add(e.host() + ":" + e.port())) {
                throw new HostListException("host " + e.label() + " is listed twice");
            }
            out.add(e);
        }
        return out;
    }

    /**
     * A host file: one host, host:port or host list expression per line; '#' starts a comment;
     * anything after white space on a line is ignored (so OpenMPI's "node01 slots=8" works).
     */
    public static List<String> readFile(Path file) throws IOException {
        List<String> names = new ArrayList<>();
        for (Line line : lines(file, "host file")) {
            String first = line.text().split("\\s+", 2)[0];
            try {
                List<String> expanded = HostList.expand(first);
                expanded.forEach(n -> Endpoint.parse(n, 1));
                names.addAll(expanded);
            } catch (HostListException e) {
                throw notAHost(file, line);
            }
            if (names.size() > HostList.MAX_HOSTS) {
                throw new HostListException(file + ": more than " + HostList.MAX_HOSTS + " hosts");
            }
        }
        if (names.isEmpty()) {
            throw new HostListException("host file " + file + " names no hosts");
        }
        return names;
    }

    /** A line of a list file with its number (from 1), comment removed, not blank. */
    record Line(int number, String text) {}

    /**
     * A line that is not a host, named by its number only: a file's lines are never echoed
     * (`--hostfile /etc/shadow` must not print a password hash).
     */
    static HostListException notAHost(Path file, Line line) {
        return new HostListException(file + " line " + line.number()
                + " is not a host, host:port or host list such as node[01-04,07]:5301");
    }

    /**
     * The lines of a host or pairs file ({@code what} names it in errors): at most
     * {@link #MAX_FILE_BYTES} read from a regular file or a FIFO (a device such as /dev/zero is
     * refused before a byte is read), UTF-8, '#' comments, blanks skipped.
     */
    static List<Line> lines(Path file, String what) throws IOException {
        List<String> raw;
        try {
            raw = BoundedRead.utf8(BoundedRead.file(file, MAX_FILE_BYTES, what),
                    what + " " + file).lines().toList();
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(what + " " + file + " does not exist");
        }
        List<Line> out = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            String text = stripComment(raw.get(i)).strip();
            if (!text.isEmpty()) {
                out.add(new Line(i + 1, text));
            }
        }
        return out;
    }

    static String stripComment(String line) {
        int hash = line.indexOf('#');
        return hash < 0 ? line : line.substring(0, hash);
    }
}
