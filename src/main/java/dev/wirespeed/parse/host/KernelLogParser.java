package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import dev.wirespeed.parse.mlx.MlxDevice;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kernel messages about a PCI device, as {@code dmesg}, {@code dmesg -T}, {@code journalctl -k} or
 * syslog print them ("[   10.64] mlx5_core 0004:01:00.0: …", "… kernel: [ 3.02] pci 0003:01:00.0: …"):
 * the PCIe bandwidth line of pcie_print_link_status() ("63.008 Gb/s available PCIe bandwidth
 * (8.0 GT/s PCIe x8 link)", or "…, limited by 5.0 GT/s PCIe x4 link at BDF (capable of …)"),
 * link up/down ("enp1s0f0np0: Link up", "NIC Link is Down"), mlx5's "Port module event" lines, its
 * "firmware version: 16.35.4030" at probe (an MlxDevice) and its health buffer (HealthEvent).
 * The block is a run of kernel lines. Every line of it is kept as printed (issue 31: a user searches
 * for "DDP package", "VF is not trusted", a QPLIB status), under its device ("ice 0000:65:00.0") or
 * the subsystem before its first ": " ("bond0", "nvme nvme2"), beside the record read from it if any.
 */
public final class KernelLogParser extends BaseParser {

    public KernelLogParser() {
        super("kernel-log", "dmesg", "journalctl");
    }

    /** A run of this many timestamped kernel lines is a kernel log even with no event in it. */
    static final int QUIET_RUN_LINES = 3;

    /** The messages after a device prefix that are events of their own. */
    private static final Pattern[] EVENTS = {KernelPcieLines.PCIE, KernelPcieLines.AER, KernelPcieLines.INTEL_PCIE,
        KernelPcieLines.PROBE_PCIE, KernelLinkLines.LINK, KernelLinkLines.MODULE, KernelLinkLines.PHY_CAPS,
        KernelLinkLines.I40E_PHY_CAPS, KernelLinkLines.UNSUPPORTED_MODULE, KernelLinkLines.SFP_DETECTED,
        KernelLinkLines.VF_NOT_TRUSTED, KernelLinkLines.VF_RESET, KernelLinkLines.VF_REQUEST_REFUSED,
        KernelLinkLines.PF_REFUSED_VF, KernelLinkLines.SRIOV_ENABLE, KernelLinkLines.SRIOV_MMIO,
        KernelHealthLines.HWRM_ERROR, KernelHealthLines.HEALTH, KernelHealthLines.FIRMWARE,
        KernelHealthLines.INTEL_FIRMWARE, KernelHealthLines.PROBE, KernelHealthLines.FIRMWARE_LOAD,
        KernelHealthLines.NIC_HEALTH, KernelHealthLines.HEALTH_COMPROMISED, KernelHealthLines.COMMAND_TIMEOUT,
        KernelHealthLines.COMMAND_FAILED, KernelHealthLines.COMMAND_NO_SLOT, KernelHealthLines.EQ_RECOVERED,
        KernelHealthLines.COMMAND_RECOVERED, KernelRdmaLines.EN_CQE,
        KernelHealthLines.TEMPERATURE, KernelRdmaLines.QPLIB, KernelTxLines.WATCHDOG, KernelTxLines.TX_TIMEOUT,
        KernelTxLines.ENA_LOST_TX, KernelTxLines.ENA_KEEP_ALIVE, KernelTxLines.ENA_TRIGGER, KernelTxLines.UNIT_HANG,
        KernelTxLines.TX_RESETTING};

    /**
     * What each line of the last input asked about is (kernel line, event), so that the reader's
     * question at every line costs one look each, not a scan of the next 200 lines (issue 26: an
     * ordinary 341-line dmesg took 2 s). Lines are immutable; a new input replaces the cache.
     */
    private volatile Scan scan;

    private Scan scan(Lines in) {
        Scan s = scan;
        if (s == null || s.in != in) {
            s = new Scan(in);
            scan = s;
        }
        return s;
    }

    private static final class Scan {
        final Lines in;
        /** 0 not looked at, 1 yes, 2 no. */
        final byte[] kernel;
        final byte[] event;

        Scan(Lines in) {
            this.in = in;
            this.kernel = new byte[in.size()];
            this.event = new byte[in.size()];
        }

        boolean kernel(int i) {
            if (kernel[i] == 0) {
                kernel[i] = (byte) (kernelLine(in, i) ? 1 : 2);
            }
            return kernel[i] == 1;
        }

        boolean event(int i) {
            if (event[i] == 0) {
                event[i] = (byte) (KernelLogParser.event(in, i) ? 1 : 2);
            }
            return event[i] == 1;
        }
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        // a run of kernel lines starts here when one of its first 200 lines is an event we read, or when it
        // is a dmesg/journal run of its own (an ordinary kernel log: "no network or RDMA events")
        Scan s = scan(in);
        if (!s.kernel(i)) {
            return false;
        }
        int j = i;
        for (; j < Math.min(in.size(), i + 200) && (s.kernel(j) || in.blank(j)); j++) {
            if (!in.blank(j) && s.event(j)) {
                return true;
            }
        }
        // a quiet run starts a log, not the tail of one whose events another block read
        int before = i - 1;
        while (before >= 0 && in.blank(before)) {
            before--;
        }
        if (before >= 0 && s.kernel(before)) {
            return false;
        }
        int run = 0;
        int devices = 0;
        for (int k = i; k < j && run < QUIET_RUN_LINES && devices < QUIET_DEVICE_LINES; k++) {
            run += !in.blank(k) && in.matches(KernelLineForms.OTHER_KERNEL, k) ? 1 : 0;
            Matcher d = in.blank(k) ? null : in.match(KernelLineForms.LINE, k);
            devices += d != null && d.group(2) != null ? 1 : 0;
        }
        return run >= QUIET_RUN_LINES || devices >= QUIET_DEVICE_LINES;
    }

    /**
     * Lines that name a driver and a PCI address ("gve 0000:00:04.0: Driver is running with GQI QPL queue format.") are a
     * kernel log even without a timestamp when this many come together: a mail or a note quotes them bare (round 15).
     */
    static final int QUIET_DEVICE_LINES = 2;

    /** A device line, an RDMA device line, the old watchdog line, or any timestamped/syslog kernel line. */
    private static boolean kernelLine(Lines in, int i) {
        return in.matches(KernelLineForms.LINE, i) || in.matches(KernelLineForms.BSD_LINE, i)
                || in.matches(KernelLineForms.ILLUMOS_LINE, i) || in.matches(KernelLineForms.VIRTIO_LINE, i)
                || in.matches(KernelLineForms.PLATFORM_LINE, i) || in.matches(KernelLineForms.NAMED_LINE, i) || in.matches(KernelLineForms.NETDEV_LINE, i)
                || in.matches(KernelLineForms.IB_LINE, i) || in.matches(KernelLineForms.WATCHDOG_OLDEST, i)
                || in.matches(KernelLineForms.WATCHDOG_OLD, i) || in.matches(KernelLineForms.PROBE_OLD, i)
                || in.matches(KernelLineForms.PAGE_ALLOC, i) || in.matches(KernelLineForms.STALL, i)
                || in.matches(KernelLineForms.OTHER_KERNEL, i)
                || in.matches(KernelLineForms.BANNER, i) || neighbour(in, i);
    }

    /** Whether line i is an event this parser has a record for. */
    private static boolean event(Lines in, int i) {
        if (in.matches(KernelLineForms.WATCHDOG_OLD, i) || in.matches(KernelLineForms.WATCHDOG_OLDEST, i)
                || in.matches(KernelLineForms.PROBE_OLD, i) || in.matches(KernelLineForms.PAGE_ALLOC, i)
                || in.matches(KernelLineForms.STALL, i) || neighbour(in, i)) {
            return true;
        }
        Matcher ib = in.match(KernelLineForms.IB_LINE, i);
        if (ib != null) {
            return KernelRdmaLines.CQE.matcher(ib.group(3)).matches();
        }
        Matcher m = device(in, i);
        if (m == null) {
            return bareAer(in, i) != null;
        }
        String message = m.group(4);
        for (Pattern p : EVENTS) {
            if (p.matcher(message).matches()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        List<KernelLineOwners.Kept> kept = new ArrayList<>(); // given their records once all are known
        int i = from;
        KernelError open = null; // an KernelPcieLines.AER error or KernelRdmaLines.CQE whose detail lines may follow
        int openAt = -1;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            if (kernelLine(in, i)) {
                keep(b, in, i, kept);
            }
            Matcher m;
            if ((m = in.match(KernelLineForms.WATCHDOG_OLD, i)) != null) {
                b.add(new KernelError(m.group(2), null, m.group(1), KernelError.TX_TIMEOUT, UnitWords.integer(m.group(3)),
                        m.group(4) == null ? null : Long.parseLong(m.group(4)), null, null, null, null, null, in.source(i))).use(i);
                continue;
            }
            if ((m = in.match(KernelLineForms.WATCHDOG_OLDEST, i)) != null) {
                open = flush(b, open);
                open = new KernelError(null, null, m.group(1), KernelError.TX_TIMEOUT, null, null, null, null, null, null, null,
                        in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            if ((m = in.match(KernelLineForms.PROBE_OLD, i)) != null) {
                b.add(new KernelError(m.group(1), m.group(2), null, KernelError.PROBE_FAILED, null, null, null, null, null,
                        null, "error " + m.group(3), in.source(i))).use(i);
                continue;
            }
            if ((m = in.match(KernelLineForms.PAGE_ALLOC, i)) != null) {
                b.add(new KernelError(null, null, null, KernelError.PAGE_ALLOCATION_FAILURE, null, null, m.group(1), null,
                        null, null, m.group(2), in.source(i))).use(i);
                continue;
            }
            if ((m = in.match(KernelLineForms.STALL, i)) != null) {
                // the task and its stall only: a driver's line beside it does not prove the driver stalled it
                boolean lockup = m.group(1) == null;
                b.add(new KernelError(null, null, null, KernelError.TASK_STALLED, null,
                        Long.parseLong(lockup ? m.group(3) : m.group(2)) * 1000, lockup ? m.group(4) : m.group(1), null,
                        null, null, lockup ? "soft lockup" : "blocked", in.source(i))).use(i);
                continue;
            }
            KernelError near = neighbourEvent(in, i);
            if (near != null) {
                open = flush(b, open);
                b.add(near).use(i);
                continue;
            }
            if (i > from && reportLine(in, i)) {
                b.use(i); // a stall's or an error CQE's dump, a wrapped end: part of the log, no record of its own
                continue;
            }
            if ((m = in.match(KernelLineForms.IB_LINE, i)) != null) {
                Matcher c = KernelRdmaLines.CQE.matcher(m.group(3));
                Matcher s = KernelRdmaLines.CQE_SYNDROME.matcher(m.group(3));
                if (c.matches()) {
                    open = flush(b, open);
                    open = new KernelError(m.group(1), null, m.group(2), KernelError.CQE_ERROR, null, null, c.group(1),
                            null, null, null, null, in.source(i));
                    openAt = i;
                    b.use(i);
                } else if (open != null && open.event().equals(KernelError.RDMA_COMMAND_FAILED) && open.detail() == null
                        && KernelRdmaLines.HW_FAILED.matcher(m.group(3)).matches()) {
                    open = flush(b, open.with(m.group(3).strip(), open.syndrome(), open.vendorSyndrome()).on(m.group(2)));
                    b.use(i);
                } else if (s.matches() && open != null && open.event().equals(KernelError.CQE_ERROR)) {
                    int synd = Integer.decode(s.group(1));
                    open = open.with(KernelRdmaLines.CQE_SYNDROMES.get(synd), s.group(1), s.group(2));
                    open = flush(b, open);
                    b.use(i);
                }
                continue;
            }
            if (open != null && open.event().equals(KernelError.TX_TIMEOUT) && open.queue() == null && i - openAt <= 3) {
                Matcher p = in.match(KernelLineForms.PREFIXED, i);
                Matcher q = p == null ? null : KernelTxLines.HANG_QUEUE.matcher(p.group(1).strip());
                if (q != null && q.matches()) {
                    open = flush(b, open.withQueue(UnitWords.integer(q.group(1))));
                    b.use(i);
                    continue;
                }
            }
            if ((m = device(in, i)) == null) {
                Matcher bare = bareAer(in, i);
                if (bare != null) {
                    open = flush(b, open);
                    open = new KernelError(null, null, null, KernelError.PCIE_AER, null, null,
                            KernelPcieLines.kernelCase(bare.group(2).strip()), KernelPcieLines.kernelCase(bare.group(1).strip()),
                            null, null, null, in.source(i));
                    openAt = i;
                    b.use(i);
                    continue;
                }
                if (in.matches(KernelLineForms.OTHER_KERNEL, i) || in.matches(KernelLineForms.BANNER, i)) {
                    continue; // another kernel message inside the log (kept as printed above when it is a kernel line)
                }
                break;
            }
            Matcher cqe = KernelRdmaLines.EN_CQE.matcher(m.group(4));
            if (cqe.matches()) {
                open = flush(b, open);
                String synd = cqe.group(3);
                b.add(new KernelError(m.group(1), m.group(2), m.group(3), KernelError.CQE_ERROR, null, null,
                        KernelRdmaLines.cqeSide(cqe.group(2)), null, synd, cqe.group(4),
                        synd == null ? null : KernelRdmaLines.CQE_SYNDROMES.get(Integer.decode(synd)), in.source(i))).use(i);
                continue;
            }
            if (KernelRdmaLines.ERR_CQE_ON.matcher(m.group(4)).matches()) {
                b.use(i); // names the queue of the error CQE beside it
                continue;
            }
            Matcher eq = KernelHealthLines.EQ_RECOVERED.matcher(m.group(4));
            if (eq.matches()) {
                open = flush(b, open);
                open = new KernelError(m.group(1), m.group(2), m.group(3), KernelError.COMMAND_RECOVERED, null, null, null,
                        null, null, null, eq.group(1), in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            Matcher recovered = KernelHealthLines.COMMAND_RECOVERED.matcher(m.group(4));
            if (recovered.matches()) {
                boolean same = open != null && open.event().equals(KernelError.COMMAND_RECOVERED) && open.errorType() == null
                        && i - openAt <= 3 && Objects.equals(open.address(), m.group(2));
                KernelError e = same
                        ? new KernelError(open.driver(), open.address(), open.iface(), KernelError.COMMAND_RECOVERED, null,
                                null, recovered.group(1), null, null, null, open.detail(), open.source())
                        : new KernelError(m.group(1), m.group(2), m.group(3), KernelError.COMMAND_RECOVERED, null, null,
                                recovered.group(1), null, null, null, "recovered after timeout", in.source(i));
                open = flush(b, same ? null : open);
                b.add(e).use(i);
                continue;
            }
            Matcher compromised = KernelHealthLines.HEALTH_COMPROMISED.matcher(m.group(4));
            if (compromised.matches()) {
                open = flush(b, open);
                open = new KernelError(m.group(1), m.group(2), m.group(3), KernelError.FIRMWARE_HEALTH, null, null,
                        compromised.group(1), null, null, null, null, in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            Matcher dump = KernelHealthLines.HEALTH_DUMP.matcher(m.group(4));
            if (dump.matches() && open != null && open.event().equals(KernelError.FIRMWARE_HEALTH) && i - openAt <= 30
                    && Objects.equals(open.address(), m.group(2))) {
                open = healthValue(open, dump);
                if (!KernelHealthLines.HEALTH.matcher(m.group(4)).matches()) {
                    b.use(i);
                    continue;
                }
            }
            Matcher h = KernelHealthLines.HEALTH.matcher(m.group(4));
            if (h.matches()) {
                // a mail or narrow terminal puts each health value on the line after its prefix
                String value = h.group(1);
                b.use(i);
                if (value.isEmpty() && i + 1 < in.size() && !in.blank(i + 1) && !kernelLine(in, i + 1)) {
                    value = in.get(++i);
                    b.use(i);
                }
                Matcher synd = KernelHealthLines.SYNDROME.matcher(value);
                if (synd.matches()) {
                    b.add(new HealthEvent(m.group(1), m.group(2), synd.group(1), synd.group(2).strip(), in.source(i)));
                }
                continue;
            }
            Matcher aer = KernelPcieLines.AER.matcher(m.group(4));
            if (aer.matches()) {
                open = flush(b, open);
                open = new KernelError(m.group(1), m.group(2), m.group(3), KernelError.PCIE_AER, null, null,
                        KernelPcieLines.kernelCase(aer.group(2).strip()), KernelPcieLines.kernelCase(aer.group(1).strip()),
                        null, null, null, in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            Matcher bit = KernelPcieLines.AER_BIT.matcher(m.group(4).strip());
            if (bit.matches() && open != null && open.event().equals(KernelError.PCIE_AER) && i - openAt <= 40) {
                String name = bit.group(1).strip();
                open = open.with(open.detail() == null ? name : open.detail() + ", " + name, null, null);
                b.use(i);
                continue;
            }
            Matcher q = KernelRdmaLines.QPLIB.matcher(m.group(4));
            if (q.matches()) {
                open = flush(b, open);
                open = new KernelError(m.group(1), m.group(2), m.group(3), KernelError.RDMA_COMMAND_FAILED, null,
                        q.group(4) == null ? null : Long.parseLong(q.group(4)), command(q.group(2)), null,
                        q.group(3) != null ? "status " + q.group(3) : q.group(4) != null ? "timed out" : "send failed",
                        null, null, in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            if (open != null && open.event().equals(KernelError.RDMA_COMMAND_FAILED) && open.detail() == null
                    && i - openAt <= 3 && KernelRdmaLines.HW_FAILED.matcher(m.group(4)).matches()) {
                // "bnxt_en 0000:41:00.0 rocep65s0f0: Failed to create HW CQ" (ibdev_err names the RDMA device)
                KernelError e = open.with(m.group(4).strip(), open.syndrome(), open.vendorSyndrome());
                open = flush(b, m.group(3) == null ? e : e.on(m.group(3)));
                b.use(i);
                continue;
            }
            Matcher health = KernelHealthLines.NIC_HEALTH.matcher(m.group(4));
            if (health.matches()) {
                open = flush(b, open);
                String statement = health.group(1);
                boolean info = statement.startsWith("Underutilized") || statement.startsWith("Port speed is limited");
                open = new KernelError(m.group(1), m.group(2), m.group(3), KernelError.NIC_HEALTH, null, null, statement,
                        info ? "info" : "error", null, null, null, in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            if (open != null && open.event().equals(KernelError.NIC_HEALTH) && i - openAt <= 6
                    && Objects.equals(open.address(), m.group(2))) {
                Matcher solution = KernelHealthLines.HEALTH_SOLUTION.matcher(m.group(4));
                Matcher port = KernelHealthLines.HEALTH_PORT.matcher(m.group(4));
                if (solution.matches()) {
                    open = open.with(open.detail() == null ? solution.group(1) : open.detail() + " " + solution.group(1),
                            open.syndrome(), open.vendorSyndrome());
                    b.use(i);
                    continue;
                }
                if (port.matches()) {
                    open = flush(b, open.withQueue(UnitWords.integer(port.group(1))));
                    b.use(i);
                    continue;
                }
            }
            if (KernelTxLines.TX_RESETTING.matcher(m.group(4)).matches()) {
                // the watchdog's line before it named no driver: this one does; alone, it is the timeout itself
                boolean same = open != null && open.event().equals(KernelError.TX_TIMEOUT) && open.driver() == null
                        && i - openAt <= 3 && Objects.equals(open.iface(), m.group(3));
                KernelError e = same ? open.of(m.group(1)) : new KernelError(m.group(1), m.group(2), m.group(3),
                        KernelError.TX_TIMEOUT, null, null, null, null, null, null, null, in.source(i));
                open = flush(b, same ? null : open);
                b.add(e).use(i);
                continue;
            }
            Matcher follow = KernelLinkLines.LINK_FLOW_LINE.matcher(m.group(4));
            Matcher fec = KernelLinkLines.LINK_FEC_LINE.matcher(m.group(4));
            if ((follow.matches() || fec.matches()) && LinkDetail.amend(b.records(), m.group(2), m.group(3),
                    follow.matches() ? follow.group(1) : null, fec.matches() ? fec.group(1) : null)) {
                b.use(i);
                continue;
            }
            Matcher hang = KernelTxLines.UNIT_HANG.matcher(m.group(4));
            if (hang.matches()) {
                open = flush(b, open);
                open = new KernelError(m.group(1), m.group(2), m.group(3), KernelError.TX_TIMEOUT, null, null, hang.group(1),
                        null, null, null, null, in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            Matcher lost = KernelTxLines.ENA_LOST_TX.matcher(m.group(4));
            Matcher keepAlive = KernelTxLines.ENA_KEEP_ALIVE.matcher(m.group(4));
            if (lost.matches() || keepAlive.matches()) {
                open = flush(b, open);
                open = new KernelError(m.group(1), m.group(2), m.group(3), KernelError.DEVICE_RESET, null, null,
                        lost.matches() ? "lost tx completions" : "keep alive watchdog timeout", null, null, null,
                        lost.matches() ? lost.group(1) : null, in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            if (KernelTxLines.ENA_TRIGGER.matcher(m.group(4)).matches()) {
                // the reset the line before asked for, or one whose reason the paste left out
                boolean asked = open != null && open.event().equals(KernelError.DEVICE_RESET) && i - openAt <= 3;
                open = flush(b, open);
                if (!asked) {
                    b.add(new KernelError(m.group(1), m.group(2), m.group(3), KernelError.DEVICE_RESET, null, null,
                            "reset triggered", null, null, null, null, in.source(i)));
                }
                b.use(i);
                continue;
            }
            ParsedRecord r = record(m.group(1), m.group(2), m.group(3), m.group(4), in.source(i));
            if (r != null) {
                b.add(r).use(i);
            }
        }
        flush(b, open);
        if (b.records().stream().allMatch(r -> r instanceof NetdevRename)) {
            // an ordinary kernel log: read, and nothing in it about a network or RDMA device but names udev gave
            int lines = 0;
            for (int k = from; k < i; k++) {
                lines += in.blank(k) ? 0 : 1;
            }
            Set<String> devices = new LinkedHashSet<>();
            for (int k = from; k < i; k++) {
                Matcher d = in.blank(k) ? null : device(in, k);
                if (d != null) {
                    devices.add(d.group(2) == null ? d.group(3) : d.group(1) + " " + d.group(2));
                }
            }
            b.add(new KernelLogRead(lines, new ArrayList<>(devices), in.source(from)));
            for (int k = from; k < i; k++) {
                if (!in.blank(k)) {
                    b.use(k);
                }
            }
            b.note("kernel log: no network or RDMA events");
        }
        KernelLineOwners.assign(b, in, kept);
        return b.done(i);
    }

    /**
     * An AER report's header on a syslog or dmesg line without its device prefix, as a writer typed or retold it
     * ("ubuntu-gnome kernel: PCIe Bus Error: severity=Corrected, type=Data Link Layer, id=00e0 device [8086:a110] …",
     * round 17): the AER matcher on the message, or null. Its device is unknown.
     */
    private static Matcher bareAer(Lines in, int i) {
        if (!in.matches(KernelLineForms.OTHER_KERNEL, i)) {
            return null;
        }
        Matcher p = in.match(KernelLineForms.PREFIXED, i);
        Matcher aer = p == null ? null : KernelPcieLines.AER.matcher(p.group(1).strip());
        return aer != null && aer.matches() ? aer : null;
    }

    /** An NVMe or NVIDIA GPU driver's error line ({@link KernelNeighbourLines}). */
    private static boolean neighbour(Lines in, int i) {
        return in.matches(KernelNeighbourLines.NVME, i) || in.matches(KernelNeighbourLines.XID, i)
                || in.matches(KernelNeighbourLines.GPU_GONE, i);
    }

    /**
     * Line i as the event of a NIC's neighbour, with what it prints (the controller or GPU, the message), or null: an
     * NVMe controller down or an I/O timeout on it, an NVIDIA Xid/SXid, a GPU gone from the bus.
     */
    private static KernelError neighbourEvent(Lines in, int i) {
        Matcher m;
        if ((m = in.match(KernelNeighbourLines.NVME, i)) != null) {
            return m.group(2) != null
                    ? new KernelError("nvme", null, m.group(1), KernelError.NVME_CONTROLLER_DOWN, null, null, null, null, null,
                            null, m.group(2), in.source(i))
                    : new KernelError("nvme", null, m.group(1), KernelError.NVME_IO_TIMEOUT, UnitWords.integer(m.group(3)), null,
                            null, null, null, null, m.group(4), in.source(i));
        }
        if ((m = in.match(KernelNeighbourLines.XID, i)) != null) {
            return new KernelError(m.group(1), m.group(3), null, KernelError.GPU_ERROR, null, null, m.group(2) + " " + m.group(4),
                    null, null, null, m.group(5).isBlank() ? null : m.group(5).strip(), in.source(i));
        }
        if ((m = in.match(KernelNeighbourLines.GPU_GONE, i)) != null) {
            boolean first = m.group(1) != null;
            return new KernelError("NVRM", first ? m.group(1) : m.group(3), null, KernelError.GPU_ERROR, null, null, null, null,
                    null, null, first ? m.group(2) : m.group(4), in.source(i));
        }
        return null;
    }

    /** A line of a kernel report's body, of mlx5's CQE/WQE dump, or the wrapped end of mlx5's command timeout. */
    private static boolean reportLine(Lines in, int i) {
        if (in.matches(KernelLineForms.REPORT_BODY, i)) {
            return true;
        }
        Matcher p = in.match(KernelLineForms.PREFIXED, i);
        String text = p == null ? in.get(i).strip() : p.group(1).strip();
        return KernelRdmaLines.DUMP.matcher(text).matches() || KernelHealthLines.COMMAND_LEAK.matcher(text).matches();
    }

    /**
     * Keeps kernel line i as printed and marks it read: "driver BDF[ netdev]" → its message, "infiniband DEV" → its
     * message, else the words before the message's first ": " ("bonding: bond0", "nvme nvme2") → the rest, else
     * "kernel" → the whole message; in {@code kept}, given its record by {@link KernelLineOwners} once all are known.
     */
    private static void keep(ParseBuilder b, Lines in, int i, List<KernelLineOwners.Kept> kept) {
        String text = in.get(i);
        // a line without a PCI address ("tg3: eth0: Link is down.") is kept under the word before its first ": ", below
        Matcher m = in.match(KernelLineForms.LINE, i);
        m = m != null ? m : in.match(KernelLineForms.BSD_LINE, i);
        m = m != null ? m : in.match(KernelLineForms.ILLUMOS_LINE, i);
        if (m != null) {
            kept.add(new KernelLineOwners.Kept(i, m.group(2) == null ? m.group(3)
                    : m.group(1) + " " + m.group(2) + (m.group(3) == null ? "" : " " + m.group(3)), m.group(4).strip()));
        } else if ((m = KernelLineForms.PLATFORM_LINE.matcher(text)).matches()) {
            kept.add(new KernelLineOwners.Kept(i, text.substring(m.start(1), m.end(3)), m.group(4).strip())); // "airoha_eth 1fb50000.ethernet eth0"
        } else if ((m = KernelLineForms.IB_LINE.matcher(text)).matches()) {
            kept.add(new KernelLineOwners.Kept(i, m.group(1) + " " + m.group(2), m.group(3).strip()));
        } else {
            Matcher p = KernelLineForms.PREFIXED.matcher(text);
            String message = p.matches() ? p.group(1).strip() : text.strip();
            Matcher s = KernelLineForms.SUBSYSTEM.matcher(message);
            if (s.matches()) {
                kept.add(new KernelLineOwners.Kept(i, s.group(1), s.group(2).strip()));
            } else {
                kept.add(new KernelLineOwners.Kept(i, "kernel", message));
            }
        }
        b.use(i);
    }

    /** Line i as a device line: Linux's "driver BDF[ netdev]: message", FreeBSD's "unit: message" or illumos'; null if none. */
    private static Matcher device(Lines in, int i) {
        Matcher m = in.match(KernelLineForms.LINE, i);
        m = m != null ? m : in.match(KernelLineForms.BSD_LINE, i);
        m = m != null ? m : in.match(KernelLineForms.ILLUMOS_LINE, i);
        m = m != null ? m : in.match(KernelLineForms.VIRTIO_LINE, i);
        m = m != null ? m : in.match(KernelLineForms.PLATFORM_LINE, i);
        m = m != null ? m : in.match(KernelLineForms.NAMED_LINE, i);
        return m != null ? m : in.match(KernelLineForms.NETDEV_LINE, i);
    }

    /** A width the kernel prints as "x" and the lanes ("x16"; "Width x8"): the lanes, with that token. */
    private static Quantity lanes(String digits) {
        return Quantity.lanes(UnitWords.integer(digits), digits == null ? null : "x" + digits);
    }

    /** Adds the error still open, if any; returns null (nothing open). */
    private static KernelError flush(ParseBuilder b, KernelError open) {
        if (open != null) {
            b.add(open);
        }
        return null;
    }

    private static ParsedRecord record(String driver, String address, String netdev, String message, Source src) {
        Matcher m;
        if (netdev == null && (m = KernelLinkLines.NETDEV_FIRST.matcher(message)).matches()
                && KernelLinkLines.LINK.matcher(m.group(2)).matches()) {
            return record(driver, address, m.group(1), m.group(2), src); // older dev_printk: "r8169 0000:02:00.0: eth0: link up"
        }
        if ((m = KernelPcieLines.PCIE.matcher(message)).matches()) {
            boolean limited = m.group(2) != null;
            return new PcieBandwidthLine(driver, address, gbps(m.group(1)), limited ? m.group(4) : null,
                    gts(limited ? m.group(2) : m.group(8)), lanes(limited ? m.group(3) : m.group(9)),
                    limited ? gbps(m.group(5)) : null, limited ? gts(m.group(6)) : null,
                    limited ? lanes(m.group(7)) : null, src);
        }
        if ((m = KernelLinkLines.LINK.matcher(message)).matches()) {
            // tg3's and b44's sentences end in a full stop: "Link is down." has no detail
            String detail = m.group(2).isBlank() || m.group(2).strip().equals(".") ? null : m.group(2).strip();
            return LinkDetail.event(driver, address, netdev, m.group(1).equalsIgnoreCase("up"), detail, src);
        }
        if (netdev != null && (m = KernelLinkLines.RENAMED.matcher(message)).matches()) {
            return new NetdevRename(driver, address, netdev, m.group(1), src);
        }
        if ((m = KernelHealthLines.FIRMWARE.matcher(message)).matches()) {
            return new MlxDevice(address, null, null, null, null, address, m.group(1), null, null, src);
        }
        if ((m = KernelHealthLines.INTEL_FIRMWARE.matcher(message)).matches()) {
            return new NicFirmware(driver, address, m.group(1), m.group(2), m.group(3), src);
        }
        if ((m = KernelPcieLines.PROBE_PCIE.matcher(message)).matches()
                || (m = KernelPcieLines.INTEL_PCIE.matcher(message)).matches()) {
            // a driver's own PCIe line at probe (igb/e1000e's "(PCIe:…)", i40e's "PCI-Express: Speed …"): the link only
            return new PcieBandwidthLine(driver, address, null, null, gts(m.group(1)), lanes(m.group(2)), null,
                    null, null, src);
        }
        if ((m = KernelLinkLines.VF_RESET.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.DEVICE_RESET, null, null, "reset by the PF", null,
                    null, null, null, src);
        }
        if ((m = KernelLinkLines.VF_REQUEST_REFUSED.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.VF_REQUEST_FAILED, null, null, m.group(2), null,
                    m.group(1), null, "request " + m.group(3), src);
        }
        if ((m = KernelLinkLines.PF_REFUSED_VF.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.VF_REQUEST_FAILED, null, null, "error " + m.group(3),
                    null, m.group(3), null, "VF " + m.group(1) + ", opcode " + m.group(2), src);
        }
        if (KernelLinkLines.SRIOV_MMIO.matcher(message).matches()) {
            return new KernelError(driver, address, netdev, KernelError.SRIOV_ENABLE_FAILED, null, null,
                    "not enough MMIO resources", null, null, null, null, src);
        }
        if ((m = KernelHealthLines.HWRM_ERROR.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.FIRMWARE_COMMAND_FAILED, null, null,
                    "req_type " + m.group(1), null, m.group(2), null, null, src);
        }
        if ((m = KernelLinkLines.SRIOV_ENABLE.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.SRIOV_ENABLE_FAILED, null, null, "error " + m.group(1),
                    null, null, null, null, src);
        }
        if ((m = KernelTxLines.WATCHDOG.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.TX_TIMEOUT, UnitWords.integer(m.group(1)),
                    m.group(2) == null ? null : Long.parseLong(m.group(2)), null, null, null, null, null, src);
        }
        if ((m = KernelTxLines.TX_TIMEOUT.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.TX_TIMEOUT,
                    m.group(1) == null ? null : UnitWords.integer(m.group(1)),
                    m.group(2) != null ? Long.valueOf(Long.parseLong(m.group(2)) / 1000)
                            : m.group(3) != null ? Long.valueOf(Long.parseLong(m.group(3)) / 1000) : null,
                    null, null, null, null, null, src);
        }
        if ((m = KernelHealthLines.TEMPERATURE.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.TEMPERATURE_WARNING, null, null, m.group(1), null, null,
                    null, "sensors " + m.group(2), src);
        }
        if ((m = KernelHealthLines.COMMAND_FAILED.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.FIRMWARE_COMMAND_FAILED, null, null, m.group(1), null,
                    m.group(3), null, m.group(2).strip(), src);
        }
        if ((m = KernelHealthLines.COMMAND_NO_SLOT.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.COMMAND_TIMEOUT, null, null, m.group(1), null, null,
                    null, null, src);
        }
        if ((m = KernelHealthLines.COMMAND_TIMEOUT.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.COMMAND_TIMEOUT, null, null, m.group(1), null, null,
                    null, m.group(2), src);
        }
        if ((m = KernelHealthLines.PROBE.matcher(message)).matches()) {
            return new KernelError(m.group(1), address, netdev, KernelError.PROBE_FAILED, null, null, null, null, null, null,
                    "error " + m.group(2), src);
        }
        if ((m = KernelHealthLines.FIRMWARE_LOAD.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.FIRMWARE_LOAD_FAILED, null, null,
                    "error " + m.group(2), null, null, null, m.group(1), src);
        }
        if ((m = KernelLinkLines.PHY_CAPS.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.PHY_CAPABILITIES_FAILED, null, null,
                    m.group(1) == null ? null : "status " + m.group(1), null, null, null, message.strip(), src);
        }
        if ((m = KernelLinkLines.I40E_PHY_CAPS.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.PHY_CAPABILITIES_FAILED, null, null, m.group(1), null,
                    m.group(2), null, message.strip(), src);
        }
        if ((m = KernelLinkLines.UNSUPPORTED_MODULE.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.UNSUPPORTED_MODULE, null, null, m.group(2), null, null,
                    null, m.group(1).startsWith("Rx/Tx") ? "Rx/Tx disabled" : "driver not loaded", src);
        }
        if ((m = KernelLinkLines.VF_NOT_TRUSTED.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.VF_NOT_TRUSTED, null, null,
                    m.group(1) != null ? m.group(1) : m.group(3), null, null, null, m.group(2) == null ? null : "VF " + m.group(2), src);
        }
        if ((m = KernelLinkLines.SFP_DETECTED.matcher(message)).matches()) {
            int type = Integer.parseInt(m.group(1));
            String name = type < KernelLinkLines.IXGBE_SFP_TYPES.length ? " (" + KernelLinkLines.IXGBE_SFP_TYPES[type] + ")" : "";
            return new ModuleEvent(driver, address, null, message.strip() + name, false, src);
        }
        if ((m = KernelLinkLines.MODULE.matcher(message)).matches()) {
            return new ModuleEvent(driver, address, UnitWords.integer(m.group(2)), m.group(3).strip(), m.group(1) != null, src);
        }
        return null;
    }

    /** A firmware-health error with one dump line's value: the syndrome and its name, ext_synd, the firmware version. */
    private static KernelError healthValue(KernelError open, Matcher dump) {
        if (dump.group(1) != null) {
            String name = dump.group(3).isBlank() ? null : dump.group(3).strip();
            // the "Health issue observed" line may have named it already
            String detail = open.detail() == null ? name
                    : name == null || open.detail().equals(name) || open.detail().startsWith(name + "; ") ? open.detail()
                    : name + "; " + open.detail();
            return open.with(detail, dump.group(2), open.vendorSyndrome());
        }
        if (dump.group(4) != null) {
            return open.with(open.detail(), open.syndrome(), dump.group(4));
        }
        if (dump.group(6) != null && open.detail() == null && !dump.group(6).isBlank()) {
            return open.with(dump.group(6).strip(), open.syndrome(), open.vendorSyndrome()); // the synd line may be cut off
        }
        if (dump.group(5) != null && !dump.group(5).startsWith("65535.")) { // all ones: the device no longer answers reads
            String fw = "fw_ver " + dump.group(5);
            return open.with(open.detail() == null ? fw : open.detail() + "; " + fw, open.syndrome(), open.vendorSyndrome());
        }
        return open;
    }

    /** "0x15" → "CREATE_AH (0x15)", an opcode bnxt_re's table does not name → "opcode 0x15". */
    private static String command(String opcode) {
        String name = KernelRdmaLines.BNXT_OPCODES.get(Integer.decode(opcode));
        return name == null ? "opcode " + opcode : name + " (" + opcode + ")";
    }

    private static Quantity gbps(String text) {
        if (text == null) {
            return null; // a bandwidth notice cut before "(capable of …)"
        }
        return Quantity.bitsPerSecond(UnitWords.number(text) * 1e9, text + " Gb/s");
    }

    private static Quantity gts(String text) {
        double v = UnitWords.number(text);
        return Double.isNaN(v) ? null : new Quantity(v, "GT/s", text + " GT/s");
    }
}
