package dev.wirespeed.cli;

import java.util.List;
import java.util.Map;

/**
 * Sections of a man page beyond what the picocli model holds (its options are one line each): a
 * test kind's figures, how they are made and what they need. Rendered by {@link ManPages} after
 * OPTIONS, by the page's name.
 */
final class ManSections {
    private ManSections() {}

    record Section(String title, List<String> paragraphs) {}

    static final Map<String, List<Section>> BY_PAGE = Map.of("wirespeed-bw", List.of(new Section(
            "ONE-WAY LATENCY (--trip-times)", List.of(
            "As iperf2's --trip-times: the client stamps the start of every TCP write (its CLOCK_REALTIME in "
                    + "nanoseconds, the write's length, a marker: 16 bytes) or the header of every UDP datagram "
                    + "(seconds and microseconds of the wall clock), and the server subtracts the stamp from its own "
                    + "wall clock at the read. It reports per interval and for the whole test the one-way latency at "
                    + "p50, p99 and p99.9 with min, mean and max: for TCP from a write's start to the read that "
                    + "brought its first bytes, and write-to-read, to the read that completed it (iperf2's burst "
                    + "latency); for UDP from a datagram's send to its arrival. In progress is Little's law "
                    + "(received rate times mean latency, iperf2's inP).",
            "The figures mean something only when the two clocks agree, so the handshake exchanges each side's "
                    + "boot id (/proc/sys/kernel/random/boot_id) and its kernel's NTP state (adjtimex(2), read "
                    + "only). Equal boot ids (loopback, another network namespace of the same host) are one kernel "
                    + "and one clock: the result says so. Two kernels must both be synchronised (no STA_UNSYNC); the "
                    + "sum of their maxerror is then printed beside every figure, and their esterror beside it. "
                    + "Otherwise bw exits 1 before any data with one line naming the side that is not synchronised; "
                    + "run chronyd or ntpd against a common source, or ptp4l with phc2sys, on that side.",
            "An upload only (not with -R or --bidir), not with -Z or --skip-rx-copy, writes of at least 16 bytes. "
                    + "An iperf3 server has no trip times: exit 2. JSON: schema wirespeed.trip-times/1; saved as the "
                    + "store's test tcp-trip or udp-trip; results report draws the rate and the one-way p50/p99 on "
                    + "one time axis.")), new Section("ISOCHRONOUS FRAMES (--isochronous)", List.of(
            "As iperf2's --isochronous[=fps:mean,stdev] (default 60:20m,0): the client sends whole frames at a "
                    + "fixed frame clock, FPS a second, each frame's size drawn from a log-normal whose mean and "
                    + "standard deviation are given as rates (a frame is MEAN/FPS bits on average). Rates are read "
                    + "as -b reads them, decimal bit/s with k/m/g in either case (iperf2 reads upper case as bytes); "
                    + "iperf2's p suffix (packets per frame) is refused. A frame is whole datagrams of -l bytes (at "
                    + "least 36), its size rounded with the remainder carried to the next frame, sent back to back "
                    + "when its tick comes; -b is refused, the frames set the rate.",
            "It implies --udp (iperf2 runs it over TCP unless -u; a TCP isochronous test is not carried out here). "
                    + "Each datagram carries, after the UDP header, its frame's id, its place in the frame, the "
                    + "frame's datagram count and the time its first datagram left. The client counts frames sent "
                    + "and slips (frame ticks it missed, still busy or asleep when the next was due: iperf2's "
                    + "slips). The server judges every frame: complete, incomplete (some datagrams lost), lost (no "
                    + "datagram: a gap in the ids) or late (it took more than one frame period from its first "
                    + "datagram's send to its last one's arrival, beyond the fastest frame when the clocks are not "
                    + "known to agree, so their offset cancels), with the RFC 3550 jitter of whole frames.",
            "Frame latency (first datagram sent to last received, p50/p99/max) needs the clocks to agree: add "
                    + "--trip-times, which checks them in the handshake as for one-way latency; without it the "
                    + "result says latency needs synchronised clocks. An upload only (not with -R or --bidir); an "
                    + "iperf3 server has no frames: exit 2. JSON: schema wirespeed.isochronous/1; saved as the "
                    + "store's test udp-isoch; results report draws complete, damaged and late frames per interval "
                    + "and, with --trip-times, the frame latency on one time axis."))));

    static List<Section> of(String page) {
        return BY_PAGE.getOrDefault(page, List.of());
    }
}
