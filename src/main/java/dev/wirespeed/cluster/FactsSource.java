package dev.wirespeed.cluster;

import dev.wirespeed.diagnose.Facts;
import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.Observed;
import java.io.IOException;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Collections;
import java.util.List;

/** Where an agent gets its host's doctor facts and findings. */
public interface FactsSource {
    Facts collect() throws IOException;

    default List<Finding> diagnose(Facts facts) {
        return RuleSet.standard().diagnose(facts);
    }

    /**
     * Interfaces and their MTU as the JDK sees them (java.net.NetworkInterface): the part of the
     * doctor's facts every platform has. The doctor's sysfs reader adds link rates, RDMA devices,
     * firmware and governors where it runs.
     */
    static FactsSource jdk() {
        return () -> {
            Facts.Builder b = Facts.builder("java.net.NetworkInterface");
            try {
                for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                    String source = "java.net.NetworkInterface " + n.getName();
                    NetInterface.Builder nb = NetInterface.builder(n.getName())
                            .adminUp(Observed.of(n.isUp(), null, source));
                    int mtu = n.getMTU();
                    if (mtu > 0) {
                        nb.mtuBytes(Observed.of(mtu, Integer.toString(mtu), source));
                    }
                    if (n.isLoopback()) {
                        nb.type(Observed.of(NetInterface.ARPHRD_LOOPBACK, null, source));
                    }
                    b.add(nb.build());
                }
            } catch (SocketException e) {
                throw new IOException("cannot list network interfaces: " + e.getMessage(), e);
            }
            return b.build();
        };
    }
}
