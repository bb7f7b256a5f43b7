package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.IpoibMode;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.limits.Framing;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * IPoIB in datagram mode at the 2044-byte MTU (seed 003: "ib0: … mtu 2044"): every 2 KiB is a
 * packet and an interrupt, so TCP over IPoIB stays far below the link. Connected mode allows
 * 65520; mlx5's enhanced IPoIB is datagram-only but allows 4092, so datagram at 4092 is not flagged.
 */
final class IpoibDatagramRule implements Rule {
    static final String ID = "ipoib-datagram";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "IPoIB interface in datagram mode at MTU 2044 or less";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (NetInterface i : facts.interfaces()) {
            if (!i.isIpoib() || !i.isLinkUp() || !i.mtuBytes().isPresent()) {
                continue;
            }
            int mtu = i.mtuBytes().value();
            boolean datagram = i.ipoibMode().isPresent() ? i.isIpoibMode(IpoibMode.DATAGRAM)
                    : mtu <= Framing.IPOIB_DATAGRAM_MTU;
            if (!datagram || mtu > Framing.IPOIB_DATAGRAM_MTU) {
                continue;
            }
            String message = String.format(Locale.ROOT,
                    "%s: IPoIB in datagram mode with MTU %d — TCP gets %.1f %% of the data rate per packet, at a packet every 2 KiB",
                    i.name(), mtu, Framing.ipoibTcpGoodput(false, Math.max(mtu, 576)) * 100);
            out.add(new Finding(ID, Severity.WARN, i.name(), message, Evidences.of(i.ipoibMode(), i.mtuBytes()),
                    Impact.text("per-packet cost at 2 KiB packets; connected mode at MTU 65520 carries "
                            + String.format(Locale.ROOT, "%.1f %%", Framing.ipoibTcpGoodput(true, Framing.IPOIB_CONNECTED_MTU) * 100)
                            + " of the data rate in 64 KiB packets"),
                    Fix.command("use connected mode with a 65520 MTU (on mlx5 enhanced IPoIB, datagram only: raise the MTU to 4092)",
                            "echo connected > /sys/class/net/" + i.name() + "/mode && ip link set " + i.name() + " mtu 65520")));
        }
        return out;
    }

}
