package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.UnitWords;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A UDP bandwidth run that lost more than {@value #THRESHOLD_PERCENT} % of what it sent (issue 26):
 * iperf's Lost/Total (the receiver's count of sequence gaps), or qperf udp_bw's send_bw against
 * recv_bw. Above that share the received rate is no measure of the path: something dropped a
 * datagram in twenty. The likely causes, each named from the facts that point to it: the receiver's
 * CPU (one receiving thread near a full core, qperf's recv_cpus_used), its socket buffer
 * (UdpRcvbufErrors counted on the host, or nothing else seen), or a rate above the path (the
 * sender's rate above the link the host's facts show). When the paste shows none of those facts the
 * finding names all three and how to tell them apart.
 */
final class UdpLossRule implements Rule {
    static final String ID = "udp-loss";
    /** Percent of the datagrams sent; docs/EXPLAIN.md and docs/UDP.md state it. */
    static final double THRESHOLD_PERCENT = 1.0;
    /** A receiving thread this busy is the limit (percent of one core). */
    private static final double BUSY_CPU_PERCENT = 90;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "UDP run lost more than " + (int) THRESHOLD_PERCENT
                + " % of what it sent, with the likely cause (receiver CPU, socket buffer, a rate above the path)";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (Measurement m : facts.measurements()) {
            if (!Measurement.Tests.UDP_BW.equals(m.test())) {
                continue;
            }
            Double lost = lostPercent(m);
            if (lost == null || lost <= THRESHOLD_PERCENT) {
                continue;
            }
            out.add(finding(facts, m, lost));
        }
        return out;
    }

    /** iperf's loss percentage, else qperf's 1 − received/sent. */
    static Double lostPercent(Measurement m) {
        Optional<Measurement.Metric> loss = m.metric(Metrics.LOSS_PERCENT);
        if (loss.isPresent()) {
            return loss.get().value();
        }
        Optional<Measurement.Metric> sent = m.metric(Metrics.SENT_BITS_PER_SECOND);
        Optional<Measurement.Metric> got = m.metric(Metrics.BITS_PER_SECOND);
        if (sent.isPresent() && got.isPresent() && sent.get().value() > 0) {
            return 100 * (1 - got.get().value() / sent.get().value());
        }
        return null;
    }

    private static Finding finding(Facts facts, Measurement m, double lost) {
        String what = m.tool() + " udp-bw";
        Optional<Measurement.Metric> sent = m.metric(Metrics.SENT_BITS_PER_SECOND);
        Optional<Measurement.Metric> got = m.metric(Metrics.BITS_PER_SECOND);
        String amounts = sent.isPresent() && got.isPresent()
                ? "sent " + Rate.format(sent.get().value()) + ", received " + Rate.format(got.get().value())
                : m.metric(Metrics.LOST_PACKETS).isPresent() && m.metric(Metrics.TOTAL_PACKETS).isPresent()
                        ? String.format(Locale.ROOT, "%,.0f of %,.0f datagrams", m.metric(Metrics.LOST_PACKETS).get().value(),
                                m.metric(Metrics.TOTAL_PACKETS).get().value())
                        : "";
        String message = String.format(Locale.ROOT, "%s lost %.1f %% of what it sent%s (above %s %%): the received rate"
                + " is not the path's", what, lost, amounts.isEmpty() ? "" : " (" + amounts + ")", UnitWords.trim(THRESHOLD_PERCENT));
        List<String> causes = new ArrayList<>();
        List<Evidence> evidence = new ArrayList<>();
        // the receiver's CPU: qperf's recv_cpus_used (cpuServerPercent), iperf3 -V's remote/receiver
        Optional<Measurement.Metric> rxCpu = m.metric(Metrics.CPU_SERVER_PERCENT);
        if (rxCpu.isPresent() && rxCpu.get().value() >= BUSY_CPU_PERCENT) {
            causes.add(String.format(Locale.ROOT, "the receiver's CPU (it used %.0f %% of a CPU): receive on more threads"
                    + " (-P with iperf 2, or iperf3 ≥ 3.16), on cores of the NIC's NUMA node, with nothing else on them",
                    rxCpu.get().value()));
        }
        Optional<Long> rcvbuf = facts.counters(Counters.Scope.HOST, Counters.HOST_SUBJECT)
                .flatMap(c -> c.value("UdpRcvbufErrors")).filter(v -> v > 0);
        if (rcvbuf.isPresent()) {
            causes.add(String.format(Locale.ROOT, "the receive socket buffer (UdpRcvbufErrors %,d on this host, host-wide):"
                    + " raise net.core.rmem_max and ask for a bigger buffer (iperf -w 4M / iperf3 -w 4M)", rcvbuf.get()));
        }
        Optional<LinkCeiling> ceiling = LinkCeiling.of(facts, m);
        double offered = sent.map(Measurement.Metric::value).orElse(Double.NaN);
        if (ceiling.isPresent() && !Double.isNaN(offered) && offered > ceiling.get().bitsPerSecond()) {
            causes.add("a rate above the path: " + Rate.format(offered) + " sent into the " + ceiling.get().describe()
                    + "; ask for less with -b");
            evidence.addAll(ceiling.get().evidence());
        }
        String fix;
        if (causes.isEmpty()) {
            fix = "the output does not show which: the receiver's CPU (top or -V shows one core near 100 %), its socket"
                    + " buffer (UdpRcvbufErrors in nstat or netstat -su rises; raise net.core.rmem_max and -w), or a rate"
                    + " above the path (lower -b until the loss stops: that rate is what the path carries)";
        } else {
            fix = "likely " + String.join("; or ", causes);
        }
        return new Finding(ID, Severity.WARN, what, message, evidence, null, Fix.action(fix));
    }
}
