package dev.wirespeed.engine.server;

import dev.wirespeed.engine.lat.CrrClient;
import dev.wirespeed.engine.lat.CrrClientConfig;
import dev.wirespeed.engine.lat.CrrPlane;
import dev.wirespeed.engine.lat.LatClient;
import dev.wirespeed.engine.lat.LatClientConfig;
import dev.wirespeed.engine.lat.LatPlane;
import dev.wirespeed.engine.session.ClientPlane;
import dev.wirespeed.engine.session.ClientSession;
import dev.wirespeed.engine.session.ClientTarget;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.tcp.BwClient;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.engine.tcp.TcpBwPlane;
import dev.wirespeed.engine.udp.UdpBwClient;
import dev.wirespeed.engine.udp.UdpBwClientConfig;
import dev.wirespeed.engine.udp.UdpBwPlane;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.CrrResult;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.TestMode;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The client's plane of each test mode, twin of {@link ServerPlanes}: adding a mode adds one line
 * here and one there ({@code ClientPlanesTest} fails on a mode without one). An entry's factory
 * makes the plane from the entry point's config and listener; {@link Entry#run} runs it in a
 * {@link ClientSession}. The entry points ({@link BwClient}, {@link UdpBwClient}, {@link LatClient},
 * {@link CrrClient}) sit below this registry, beside their planes, which take their listener types:
 * each makes its plane itself, so the planes' packages need not reach up to this registry.
 */
public final class ClientPlanes {
    /** Makes one mode's plane from its entry point's config and listener. */
    @FunctionalInterface
    public interface Factory<C extends ClientTarget, L, R> {
        ClientPlane<?, R> open(C config, L listener);
    }

    /** The plane of {@code modes}, for the entry point whose config is {@code C} and listener {@code L}. */
    public record Entry<C extends ClientTarget, L, R>(Set<TestMode> modes, Factory<C, L, R> factory) {
        /** Runs one test: the plane in a client session to the config's server. */
        public R run(C config, L listener, Consumer<String> warnings) throws IOException {
            return ClientSession.run(config, factory.open(config, listener), warnings);
        }
    }

    public static final Entry<BwClientConfig, TestListener<BwResult.BwParams, BwResult.IntervalReport>, BwResult> TCP_BW =
            new Entry<>(EnumSet.of(TestMode.TCP_BW), TcpBwPlane::new);
    public static final Entry<UdpBwClientConfig, TestListener<TestSpec, UdpResult.UdpInterval>, UdpResult> UDP_BW =
            new Entry<>(EnumSet.of(TestMode.UDP_BW), UdpBwPlane::new);
    public static final Entry<LatClientConfig, TestListener<LatResult.LatParams, LatResult.LatRow>, LatResult> LATENCY =
            new Entry<>(EnumSet.of(TestMode.TCP_LAT, TestMode.UDP_LAT), LatPlane::new);

    public static final Entry<CrrClientConfig, TestListener<CrrResult.Params, Void>, CrrResult> CONNECTION_RATE =
            new Entry<>(EnumSet.of(TestMode.TCP_CRR), CrrPlane::new);

    private static final List<Entry<?, ?, ?>> ALL = List.of(TCP_BW, UDP_BW, LATENCY, CONNECTION_RATE);

    private ClientPlanes() {}

    /** The entry of {@code mode}, or null when this client has no plane for it. */
    public static Entry<?, ?, ?> forMode(TestMode mode) {
        for (Entry<?, ?, ?> e : ALL) {
            if (e.modes().contains(mode)) {
                return e;
            }
        }
        return null;
    }
}
