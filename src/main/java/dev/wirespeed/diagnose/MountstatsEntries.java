package dev.wirespeed.diagnose;

import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.host.NfsMount;
import dev.wirespeed.parse.host.NfsMountStats;
import dev.wirespeed.parse.host.NfsOpStats;
import dev.wirespeed.parse.host.NfsTransport;
import java.util.ArrayList;
import java.util.List;

/**
 * The entries of a pasted /proc/self/mountstats, regrouped from the log's records in paste order: each "device …"
 * head with the opts line (an NfsMount), "xprt:" lines and per-op rows that follow it. Transport lines or op rows
 * pasted without their head (a grep) form an entry with no head.
 */
record MountstatsEntries(NfsMountStats head, NfsMount options, List<NfsTransport> transports, List<NfsOpStats> ops) {
    /** Where the entry was mounted, else "nfs mount" for rows pasted without their head. */
    String label() {
        return head != null ? head.mountPoint() : options != null ? options.mountPoint() : "nfs mount";
    }

    /** The transport the rows ran over: the xprt line's, else the opts line's proto=, else null. */
    String transport() {
        if (!transports.isEmpty()) {
            return transports.getFirst().transport();
        }
        return options == null ? null : options.transport();
    }

    /**
     * Over TCP, what to say about more connections: nconnect= exists since Linux 5.3 and allows up to 16
     * (fs/nfs/fs_context.c, NFS_MAX_CONNECTIONS), so none at 16 already, a higher one below it.
     */
    String moreConnections() {
        String n = options == null ? null : options.options().get("nconnect");
        if (n == null) {
            return "more connections (nconnect=N, Linux 5.3 and later, umount and mount)";
        }
        return n.equals("16") ? "" : "a higher nconnect= than " + n + " (16 at most; umount and mount)";
    }

    static List<MountstatsEntries> of(LogFacts log) {
        List<MountstatsEntries> out = new ArrayList<>();
        NfsMountStats head = null;
        NfsMount options = null;
        List<NfsTransport> transports = new ArrayList<>();
        List<NfsOpStats> ops = new ArrayList<>();
        for (LogInput r : log.records()) {
            if (r instanceof NfsMountStats h) {
                add(out, head, options, transports, ops);
                head = h;
                options = null;
                transports = new ArrayList<>();
                ops = new ArrayList<>();
            } else if (r instanceof NfsMount m && head != null && options == null && transports.isEmpty() && ops.isEmpty()) {
                options = m; // the opts line right after its head
            } else if (r instanceof NfsTransport t) {
                transports.add(t);
            } else if (r instanceof NfsOpStats o) {
                ops.add(o);
            }
        }
        add(out, head, options, transports, ops);
        return out;
    }

    private static void add(List<MountstatsEntries> out, NfsMountStats head, NfsMount options, List<NfsTransport> transports,
                            List<NfsOpStats> ops) {
        if (head != null || !transports.isEmpty() || !ops.isEmpty()) {
            out.add(new MountstatsEntries(head, options, transports, ops));
        }
    }
}
