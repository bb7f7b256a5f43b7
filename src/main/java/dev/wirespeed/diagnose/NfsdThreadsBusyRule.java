package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.host.NfsRpcCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * /proc/net/rpc/nfsd's "th" line: threads, then how many times every thread was busy at once (fs/nfsd/stats.c
 * th_fullcnt). Only kernels before 2.6.29 count that second number ("knfsd: remove the nfsd thread busy histogram"
 * stopped it; Red Hat's solution 327133 says the same for RHEL 6), so a positive count is a server that ran out of
 * threads and a 0 tells nothing: no finding then. The count is since the server started; the line cannot say whether
 * more threads would help a server bound by its disk or CPUs, so the finding says to look there too.
 */
final class NfsdThreadsBusyRule implements LogRule {
    static final String ID = "nfsd-threads-all-busy";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "/proc/net/rpc/nfsd: every nfsd thread was busy at once (th line, kernels before 2.6.29)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (NfsRpcCounters c : log.all(NfsRpcCounters.class)) {
            if (!"nfsd".equals(c.file()) || c.threads() == null || c.threadsAllBusy() == null || c.threadsAllBusy() <= 0) {
                continue;
            }
            out.add(new Finding(ID, Severity.WARN, "nfsd", String.format(Locale.ROOT,
                    "all %d nfsd threads were busy at once %d times since the server started (the th line's second number,"
                            + " which only kernels before 2.6.29 count): requests waited for a free thread; the count"
                            + " cannot tell whether the threads were short or were waiting on the disk",
                    c.threads(), c.threadsAllBusy()),
                    List.of(new Evidence("/proc/net/rpc/nfsd, line " + line(c).line(), line(c).text().strip())), null,
                    Fix.action("raise the thread count: rpc.nfsd N at once, and for the next start RPCNFSDCOUNT=N in"
                            + " /etc/sysconfig/nfs (Red Hat) or USE_KERNEL_NFSD_NUMBER=N (SUSE), [nfsd] threads=N in"
                            + " /etc/nfs.conf with nfs-utils 2; if the server's disk (iostat -x) or CPUs are saturated"
                            + " instead, more threads will not help")));
        }
        return out;
    }

    /** The th line when the record kept it, else the file's first line. */
    private static Source line(NfsRpcCounters c) {
        return c.threadsLine() != null ? c.threadsLine() : c.source();
    }
}
