package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.IpoibMode;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.NfsRdma;
import dev.wirespeed.host.Services;
import dev.wirespeed.limits.Framing;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IPoIB in datagram mode at the 2044-byte MTU (src/test/resources/parse/host/ip-addr-seed003.txt: "ib0: … mtu
 * 2044"): every 2 KiB is a packet and an interrupt, so TCP over IPoIB stays far below the link. Connected
 * mode allows 65520; mlx5's enhanced IPoIB is datagram-only but allows 4092, so datagram at 4092 is not
 * flagged. The fix follows the driver ({@link #fix}).
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
            List<Evidence> evidence = new ArrayList<>(Evidences.of(i.ipoibMode(), i.mtuBytes()));
            Optional<IpoibDriver> found = IpoibDriver.of(facts, i);
            found.ifPresent(d -> evidence.add(d.evidence()));
            // only mlx4, and mlx5 with MLNX_OFED's enhanced mode off, are known to keep connected mode; other
            // drivers may hand IPoIB an rdma_netdev too (hfi1's accelerated IPoIB since Linux 5.10): both ways
            Optional<IpoibDriver> driver = found.filter(d -> !d.driver().equals(IpoibDriver.OTHER));
            boolean connected = driver.isPresent() && (driver.get().driver().equals(IpoibDriver.MLX4)
                    || driver.get().driver().equals(IpoibDriver.MLX5) && enhancedOff(facts));
            out.add(new Finding(ID, Severity.WARN, i.name(), message, evidence,
                    Impact.text(connected || driver.isEmpty()
                            ? "per-packet cost at 2 KiB packets; connected mode at MTU 65520 carries "
                            + String.format(Locale.ROOT, "%.1f %%", Framing.ipoibTcpGoodput(true, Framing.IPOIB_CONNECTED_MTU) * 100)
                            + " of the data rate in 64 KiB packets"
                            : "per-packet cost at 2 KiB packets; at MTU 4092 (4 KiB IB packets) TCP gets "
                            + String.format(Locale.ROOT, "%.1f %%", Framing.ipoibTcpGoodput(false, MLX5_DATAGRAM_MTU) * 100)
                            + " of the data rate in half as many packets"),
                    fix(facts, i.name(), driver.orElse(null), connected)));
        }
        return out;
    }

    /** mlx5's enhanced IPoIB: datagram only, at most the 4096-byte IB MTU less IPoIB's 4-byte header. */
    static final int MLX5_DATAGRAM_MTU = 4092;

    /** MLNX_OFED's ib_ipoib with ipoib_enhanced=0: mlx5 runs the plain IPoIB, connected mode allowed. */
    private static boolean enhancedOff(Facts facts) {
        return NfsRdma.settings(facts.settings(), Services.STACK, Services.IPOIB_ENHANCED).stream()
                .anyMatch(s -> s.value().equals("0") || s.value().equalsIgnoreCase("N"));
    }

    /**
     * The fix by driver ({@link IpoibDriver}): connected mode at 65520 where the driver has it (mlx4,
     * other HCAs, mlx5 with MLNX_OFED's enhanced mode off); on mlx5's enhanced IPoIB the MTU is the
     * lever — 4092, which takes effect only up to the partition's MTU the subnet manager sets (the
     * kernel clamps the MTU to the broadcast group's: ipoib_change_mtu), 4096 with opensm's
     * partitions.conf "mtu=5"; both ways in one command when the driver is unknown (connected fails on
     * mlx5, then the MTU is raised).
     */
    static Fix fix(Facts facts, String name, IpoibDriver driver, boolean connected) {
        String toConnected = "echo connected > /sys/class/net/" + name + "/mode && ip link set " + name + " mtu 65520";
        String to4092 = "ip link set " + name + " mtu " + MLX5_DATAGRAM_MTU;
        if (driver == null) {
            return Fix.command("use connected mode with a 65520 MTU where the driver has it (mlx4/ConnectX-3); mlx5 "
                    + "(Connect-IB, ConnectX-4 and later) runs enhanced IPoIB, datagram only, where writing 'connected' "
                    + "fails: raise the MTU to 4092 there (up to the partition MTU the subnet manager sets); the driver is "
                    + "not known here, so the command tries connected mode first",
                    toConnected + " || " + to4092);
        }
        if (connected) {
            return Fix.command("use connected mode with a 65520 MTU (" + (driver.driver().equals(IpoibDriver.MLX5)
                    ? "mlx5 with MLNX_OFED's enhanced IPoIB turned off" : "mlx4 has connected mode") + ")", toConnected);
        }
        boolean oldOfed = Services.distribution(facts.settings()).map(d -> ofedUpTo58(d.value())).orElse(false);
        return Fix.command("raise the MTU to 4092: mlx5 runs enhanced IPoIB, which is datagram only (writing 'connected' to "
                + "the mode file fails with 'Invalid argument'); the MTU takes effect up to the partition's MTU the subnet "
                + "manager sets (4096 needs mtu=5 in opensm's partitions.conf, e.g. 'Default=0x7fff, ipoib, mtu=5 : ALL=full;')"
                + (oldOfed ? "; this MLNX_OFED can also load ib_ipoib with ipoib_enhanced=0 for connected mode at 65520" : ""),
                to4092);
    }

    /** "MLNX_OFED_LINUX 4.6-1.0.1.1" up to 5.8: the releases whose ib_ipoib has ipoib_enhanced. */
    static boolean ofedUpTo58(String distribution) {
        Matcher m = Pattern.compile("MLNX_OFED_LINUX (\\d+)\\.(\\d+)").matcher(distribution);
        if (!m.find()) {
            return false;
        }
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        return major < 5 || major == 5 && minor <= 8;
    }
}
