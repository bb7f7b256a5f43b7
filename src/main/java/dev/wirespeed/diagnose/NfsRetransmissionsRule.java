package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.NfsStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * nfsstat's client RPC table counts the calls the client sent again because no reply came within
 * its timeout ("retrans": nfsstat(8), and the Solaris/AIX pages: "Number of times a call had to be
 * retransmitted due to a timeout while waiting for a reply from the server"). Above 5 % of the
 * calls the requests are not reaching the server or its replies are lost (the threshold the
 * administration guides give: "If retrans > 5% of total calls, then requests are not reaching the
 * server", fixture parse/host/nfsstat-c-solaris-connectionless-retrans-oracle-doc.txt's source and
 * its neighbours); below it a count since boot is noise.
 */
final class NfsRetransmissionsRule implements LogRule {
    static final String ID = "nfs-retransmissions";
    /** Share of calls retransmitted above which the path or the server is named. */
    static final double SHARE_PERCENT = 5.0;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "nfsstat: the NFS client retransmitted more than 5 % of its RPC calls";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (NfsStats s : log.all(NfsStats.class)) {
            Long calls = s.count("calls");
            Long retrans = s.count("retrans");
            if (!"client".equals(s.side()) || calls == null || retrans == null || calls <= 0) {
                continue;
            }
            double percent = 100.0 * retrans / calls;
            if (percent <= SHARE_PERCENT) {
                continue;
            }
            out.add(new Finding(id(), Severity.WARN, "nfs client",
                    String.format(Locale.ROOT, "%d of %d RPC calls retransmitted (%.1f %%, %s): the requests are not reaching"
                            + " the server or its replies are lost or late", retrans, calls, percent, s.title()),
                    List.of(new Evidence("nfsstat, line " + s.source().line(), s.source().text().strip())), null,
                    Fix.action("look for drops on the path to the server (ethtool -S, ip -s link, netstat -s) and at the"
                            + " server's load; over UDP mount with proto=tcp; raise timeo= if the server is only slow")));
        }
        return out;
    }
}
