package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The libibverbs ping-pong examples (ibv_rc_pingpong, ibv_uc_pingpong, ibv_ud_pingpong,
 * ibv_srq_pingpong, ibv_xsrq_pingpong; rdma-core libibverbs/examples): their queue pairs' address
 * lines ({@link PingpongAddress}), the two result lines ({@link PingpongResult}) and their failure
 * lines ({@link PingpongError}). The address and result lines are the examples' own printf formats
 * (commas between LID, QPN and PSN: perftest 2.x and later print none; perftest 1.x printed these
 * same lines, and its reader takes them inside its own block), so they start a block anywhere; a failure line starts one only under a ping-pong command, or when it is one
 * only these examples print ("Couldn't get local LID", "parse WC failed").
 */
public final class PingpongParser extends BaseParser {
    private static final Pattern ADDRESS = Pattern.compile(
            "(local|remote) address:\\s+LID 0x([0-9a-fA-F]+), QPN (0x[0-9a-fA-F]+), PSN (0x[0-9a-fA-F]+)(?:[,:] GID (\\S+))?");
    private static final Pattern BYTES = Pattern.compile("(\\d+) bytes in (\\d+(?:\\.\\d+)?) seconds = (\\d+(?:\\.\\d+)?) Mbit/sec");
    private static final Pattern ITERS = Pattern.compile("(\\d+) iters in (\\d+(?:\\.\\d+)?) seconds = (\\d+(?:\\.\\d+)?) usec/iter");
    private static final Pattern QP = Pattern.compile("Failed to modify QP to (?:INIT|RTR|RTS)|Couldn't connect to remote QP");
    private static final Pattern LID = Pattern.compile("Couldn't get local LID");
    private static final Pattern GID = Pattern.compile("Couldn't get local gid for gid index \\d+|[Cc]ould not get gid for port \\d+, index \\d+");
    private static final Pattern CONNECT = Pattern.compile("Couldn't connect to \\S+|Couldn't (?:read|send) (?:local|remote) address|Couldn't read remote address");
    private static final Pattern DEVICE = Pattern.compile(
            "No IB devices found|IB device \\S+ not found|Couldn't get context for \\S+|Failed to get IB devices list.*");
    private static final Pattern STATUS = Pattern.compile("Failed status (.+?) \\((\\d+)\\) for wr_id \\d+");
    private static final Pattern COMPLETION = Pattern.compile("parse WC failed \\d+|Completion with error.*|[Pp]oll CQ failed \\d+");
    /** Only these examples print it: a block may start here without a command. */
    private static final Pattern OWN = Pattern.compile("Couldn't get local LID|parse WC failed \\d+");
    private static final Pattern OTHER = Pattern.compile("(?:Couldn't|Failed to) [a-z].*");

    public PingpongParser() {
        super("ibv-pingpong", "ibv_rc_pingpong", "ibv_uc_pingpong", "ibv_ud_pingpong", "ibv_srq_pingpong", "ibv_xsrq_pingpong");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(ADDRESS, i) || in.matches(BYTES, i) || in.matches(ITERS, i) || in.matches(OWN, i)
                || (reads(in.command()) && failure(in, i) != null);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Command c = in.command();
        String tool = reads(c) ? c.program() : null;
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m;
            if (in.blank(i)) {
                continue;
            }
            if ((m = in.match(ADDRESS, i)) != null) {
                b.use(i).add(new PingpongAddress(m.group(1), Integer.parseInt(m.group(2), 16), m.group(3), m.group(4),
                        m.group(5), in.source(i)));
            } else if (in.matches(BYTES, i) || in.matches(ITERS, i)) {
                i = result(in, i, tool, b);
            } else if (failure(in, i) != null) {
                Matcher s = in.match(STATUS, i);
                b.use(i).add(new PingpongError(tool, failure(in, i), s == null ? null : Integer.valueOf(s.group(2)),
                        in.get(i), in.source(i)));
            } else {
                break;
            }
        }
        return b.done(i);
    }

    /** The result at line i: a bytes line, an iterations line, or both in a row; returns the last line read. */
    private static int result(Lines in, int i, String tool, ParseBuilder b) {
        Matcher bytes = in.match(BYTES, i);
        int last = i;
        Matcher iters = bytes == null ? in.match(ITERS, i) : in.match(ITERS, i + 1);
        if (bytes != null && iters != null) {
            last = i + 1;
        }
        b.use(i).use(last);
        Double seconds = Double.valueOf((bytes != null ? bytes : iters).group(2));
        Quantity rate = bytes == null ? null : Quantity.bitsPerSecond(Double.parseDouble(bytes.group(3)) * 1e6,
                bytes.group(3) + " Mbit/sec");
        Quantity per = iters == null ? null : Quantity.micros(Double.parseDouble(iters.group(3)), iters.group(3) + " usec/iter");
        b.add(new PingpongResult(tool, bytes == null ? null : Long.valueOf(bytes.group(1)), seconds, rate,
                iters == null ? null : Integer.valueOf(iters.group(1)), per, in.source(i)));
        return last;
    }

    /** The kind of failure line i is ({@link PingpongError}), or null. */
    private String failure(Lines in, int i) {
        if (in.matches(QP, i)) {
            return "qp";
        } else if (in.matches(LID, i)) {
            return "lid";
        } else if (in.matches(GID, i)) {
            return "gid";
        } else if (in.matches(CONNECT, i)) {
            return "connect";
        } else if (in.matches(DEVICE, i)) {
            return "device";
        } else if (in.matches(STATUS, i) || in.matches(COMPLETION, i)) {
            return "completion";
        }
        return reads(in.command()) && in.matches(OTHER, i) ? "other" : null;
    }
}
