package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.limits.Framing;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Ethernet at 10 Gbit/s or more with an MTU below 9000: TCP keeps 94.1 % of the line at 1500
 * against 99.0 % at 9000, and needs six times the packets per second
 * (src/test/resources/parse/iperf/iperf2-client-97G-seed001.txt measured 97.9 Gbit/s on 100GbE at MTU 9000).
 */
final class EthernetMtuRule implements Rule {
    static final String ID = "ethernet-mtu";
    static final long MIN_SPEED_MBPS = 10_000;
    static final int JUMBO_MTU = 9000;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Ethernet link of 10 Gbit/s or more with MTU below 9000, with the TCP goodput it costs";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (NetInterface i : facts.interfaces()) {
            if (!i.isEthernet() || i.isVirtual() || !i.isLinkUp() || !i.speedMbps().isPresent() || !i.mtuBytes().isPresent()) {
                continue;
            }
            long speed = i.speedMbps().value();
            int mtu = i.mtuBytes().value();
            if (speed < MIN_SPEED_MBPS || mtu >= JUMBO_MTU || mtu < 576) {
                continue;
            }
            double line = speed * 1e6;
            double now = line * Framing.ethernetTcpGoodput(mtu);
            double jumbo = line * Framing.ethernetTcpGoodput(JUMBO_MTU);
            out.add(new Finding(ID, Severity.WARN, i.name(), String.format(Locale.ROOT,
                    "%s: %s link with MTU %d — TCP gets %.1f %% of the line instead of %.1f %% at MTU %d",
                    i.name(), Rate.format(line), mtu, Framing.ethernetTcpGoodput(mtu) * 100,
                    Framing.ethernetTcpGoodput(JUMBO_MTU) * 100, JUMBO_MTU),
                    Evidences.of(i.speedMbps(), i.mtuBytes()),
                    new Impact(now, jumbo, "TCP goodput " + Rate.format(now) + " instead of " + Rate.format(jumbo)),
                    Fix.command("raise the MTU on both ends and on the switch ports between them",
                            "ip link set " + i.name() + " mtu " + JUMBO_MTU)));
        }
        return out;
    }
}
