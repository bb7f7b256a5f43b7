package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.Mount;
import dev.wirespeed.host.NfsRdma;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A fio result over NFS judged against the link it crossed (issue 26,
 * src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt: "the bandwidth is capped at 2800 MiB/s for large
 * block sizes and deep IO depths", on a 25GbE link), naming what bounded it when the facts tell. Facts: the
 * fio run's file or directory (its typed {@code --filename}/{@code --directory}), the NFS mount holding it on
 * the same host (nfsstat -m, mount, /proc/mounts: server, export, proto), the host's link ({@link
 * LinkCeiling}: the fastest active port or interface, and its PCIe link), and, from any host of the paste, an
 * export of that path with the file system under it (see {@link NfsExportNotTmpfsRule}).
 *
 * <ul>
 *   <li>at {@value #AT_LINK_PERCENT} % of the link or more: the link bounded it (NFS's RPC and RoCE's or TCP's
 *       headers take the rest: src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt's 2800 MiB/s is
 *       94 % of 25 Gbit/s);</li>
 *   <li>below, with the export on a disk: the disk may have;</li>
 *   <li>below, with the export on tmpfs: neither; the I/O in flight (bs × iodepth × numjobs) per round trip;</li>
 *   <li>below, with the export's storage not shown: unknown, and how to find out.</li>
 * </ul>
 * A fio run not under an NFS mount (a local disk) is not a network result and is not judged here.
 */
final class FioLinkBoundRule implements LogRule {
    static final String ID = "fio-link-bound";
    static final int AT_LINK_PERCENT = 90;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "a fio result over NFS against the link it crossed: bounded by the link, the export's disk, or unknown";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (Facts host : log.hosts()) {
            for (Measurement m : host.measurements()) {
                String target = m.params().get("target");
                double bps = m.metric(Measurement.Metrics.BITS_PER_SECOND).map(Measurement.Metric::value).orElse(0.0);
                if (!m.tool().equals("fio") || target == null || bps <= 0) {
                    continue;
                }
                Mount nfs = NfsExportNotTmpfsRule.holder(target, host.mounts(), true);
                Optional<LinkCeiling> ceiling = nfs == null ? Optional.empty() : LinkCeiling.of(host, m);
                if (ceiling.isPresent()) {
                    out.add(judge(log, m, bps, nfs, ceiling.get()));
                }
            }
        }
        return out;
    }

    private static Finding judge(LogFacts log, Measurement m, double bps, Mount nfs, LinkCeiling c) {
        String proto = nfs.proto().isPresent() ? nfs.proto().value() : "an unknown transport";
        double percent = 100 * bps / c.bitsPerSecond();
        String head = String.format(Locale.ROOT, "fio %s %s over NFS (%s on %s, proto=%s): %s (%.0f MiB/s) = %.0f %% of the %s",
                m.params().getOrDefault("rw", ""), m.params().getOrDefault("direction", ""), nfs.mountPoint(), nfs.device(),
                proto, Rate.format(bps), bps / 8 / (1 << 20), percent, c.describe()).replace("fio  ", "fio ");
        List<Evidence> evidence = new ArrayList<>();
        evidence.add(new Evidence("fio " + m.params().getOrDefault("job", ""), Rate.format(bps) + " on " + m.params().get("target")));
        evidence.add(nfs.evidence());
        evidence.addAll(c.evidence());
        if (percent >= AT_LINK_PERCENT) {
            return new Finding(ID, Severity.INFO, nfs.mountPoint(), head + ": the link bounded it (NFS's RPC headers and the"
                    + " transport's framing take the rest), not the disk nor fio's options", evidence,
                    new Impact(bps, c.bitsPerSecond(), null),
                    Fix.action("nothing to tune on this link: only a faster link, or more links (a bond, or NFS session trunking"
                            + " over several addresses), raises it; compare proto=rdma and proto=tcp at small block sizes,"
                            + " where the transport, not the link, sets the rate"));
        }
        Holder holder = exportHolder(log, nfs);
        if (holder != null && !NfsExportNotTmpfsRule.RAM.contains(holder.fs().fsType())) {
            evidence.add(holder.export().evidence());
            evidence.add(holder.fs().evidence());
            String type = holder.fs().fsType().isEmpty() ? "a block device" : holder.fs().fsType();
            return new Finding(ID, Severity.INFO, nfs.mountPoint(), head + "; the server exports " + holder.export().device()
                    + " from " + type + " (" + holder.fs().device() + "): the disk, not the link, may have bounded it",
                    evidence, new Impact(bps, c.bitsPerSecond(), null),
                    Fix.action("to measure the link, export a tmpfs and run fio again (nfs-export-not-tmpfs says how);"
                            + " the facts cannot tell the disk's own rate: fio on the server's file system shows it"));
        }
        if (holder != null) {
            evidence.add(holder.export().evidence());
            evidence.add(holder.fs().evidence());
            String inFlight = m.params().getOrDefault("bs", "?") + " × iodepth " + m.params().getOrDefault("iodepth", "?")
                    + " × numjobs " + m.params().getOrDefault("numjobs", "?");
            return new Finding(ID, Severity.INFO, nfs.mountPoint(), head + "; the export " + holder.export().device()
                    + " is a tmpfs, so neither the link nor a disk bounded it: the I/O in flight (" + inFlight
                    + ") per round trip did", evidence, new Impact(bps, c.bitsPerSecond(), null),
                    // parse/seeds/000_a2147e746c8b34a4.txt: the NFS campaign reaches its cap only at large blocks and deep queues
                    Fix.action("more I/O in flight reaches the link: larger --bs and deeper --iodepth (a tmpfs export"
                            + " reaches the link's cap only at large blocks and deep queues), more --numjobs; over TCP, nconnect=N"));
        }
        return new Finding(ID, Severity.INFO, nfs.mountPoint(), head + "; what bounded it is unknown: the paste does not show"
                + " what the server's export is stored on", evidence, new Impact(bps, c.bitsPerSecond(), null),
                Fix.action("on the server, 'findmnt -T EXPORT' or 'df -T EXPORT' shows the file system under the export (tmpfs:"
                        + " the I/O pattern bounded it; a disk: the disk may have); larger --bs and --iodepth show whether the"
                        + " rate can rise to the link"));
    }

    record Holder(DeviceSetting export, Mount fs) {}

    /**
     * An export of the mount's server path ("192.168.23.1:/tmp" → "/tmp", or a path under an exported one) on a
     * host of the paste, with the local file system under it; null when none is shown. The paste does not say
     * that host is the mount's server: an export of the same path is taken as it.
     */
    private static Holder exportHolder(LogFacts log, Mount nfs) {
        int colon = nfs.device().lastIndexOf(":/");
        if (colon < 0) {
            return null;
        }
        String remote = nfs.device().substring(colon + 1);
        for (Facts host : log.hosts()) {
            for (DeviceSetting s : host.settings()) {
                if (!s.name().equals(NfsRdma.EXPORT)) {
                    continue;
                }
                boolean same = remote.equals(s.device()) || remote.startsWith(s.device().endsWith("/") ? s.device() : s.device() + "/");
                Mount fs = same ? NfsExportNotTmpfsRule.holder(remote, host.mounts()) : null;
                if (fs != null && NfsExportNotTmpfsRule.known(fs)) {
                    return new Holder(s, fs);
                }
            }
        }
        return null;
    }
}
