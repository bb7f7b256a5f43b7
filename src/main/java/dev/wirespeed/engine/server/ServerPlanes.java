package dev.wirespeed.engine.server;

import dev.wirespeed.engine.lat.CrrServerPlane;
import dev.wirespeed.engine.lat.LatencyServerPlane;
import dev.wirespeed.engine.session.ServerPlane;
import dev.wirespeed.engine.tcp.TcpBwServerPlane;
import dev.wirespeed.engine.udp.UdpBwServerPlane;
import dev.wirespeed.wire.TestMode;
import java.util.EnumMap;
import java.util.Map;

/** The server's data plane of each test mode: adding a mode adds one line here. */
final class ServerPlanes {
    private static final Map<TestMode, ServerPlane.Factory> PLANES = new EnumMap<>(TestMode.class);

    static {
        PLANES.put(TestMode.TCP_BW, TcpBwServerPlane::new);
        PLANES.put(TestMode.UDP_BW, UdpBwServerPlane::new);
        PLANES.put(TestMode.TCP_LAT, LatencyServerPlane::new);
        PLANES.put(TestMode.UDP_LAT, LatencyServerPlane::new);
        PLANES.put(TestMode.TCP_CRR, CrrServerPlane::new);
    }

    private ServerPlanes() {}

    /** The factory of {@code mode}, or null when this server does not serve it. */
    static ServerPlane.Factory forMode(TestMode mode) {
        return PLANES.get(mode);
    }
}
