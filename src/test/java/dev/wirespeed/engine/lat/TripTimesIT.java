package dev.wirespeed.engine.lat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.session.TripClocks;
import dev.wirespeed.engine.session.TripTimesRefusal;
import dev.wirespeed.engine.tcp.BwClient;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.engine.udp.UdpBwClientConfig;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.results.TripTimesResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.testing.InProcessServer;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * {@code bw --trip-times} on loopback against an in-process server: one clock (one kernel), every
 * write and datagram measured once, one-way figures positive and below a round trip of the same
 * path; the clocks' refusal and the two-kernel path by the handshake's test hooks (never the
 * host's clock). Isolated: the hooks are system properties of this JVM.
 */
@Isolated
class TripTimesIT {
    @RegisterExtension
    static final InProcessServer server = new InProcessServer();

    static TripTimesResult tcp(TestSpec spec) throws IOException {
        BwClientConfig c = BwClientConfig.builder().host("127.0.0.1").port(server.port()).spec(spec).build();
        return TripTimesClient.tcp(c, TestListener.none(), new TripTimesClientListener() {});
    }

    static TripTimesResult udp(TestSpec spec) throws IOException {
        UdpBwClientConfig c = UdpBwClientConfig.builder().host("127.0.0.1").port(server.port()).spec(spec).build();
        return TripTimesClient.udp(c, TestListener.none(), new TripTimesClientListener() {});
    }

    static TestSpec tcpSpec(long bytes) {
        return TestSpec.tcpBandwidth().bytes(bytes).bufferBytes(64 << 10).intervalMillis(200).tripTimes(true).build();
    }

    @Test
    void everyTcpWriteIsMeasuredOnceOnOneClock() throws IOException {
        // -n 64 MiB in writes of 64 KiB: exactly 1024 writes, each stamped once and read once
        TripTimesResult r = tcp(tcpSpec(64L << 20));
        assertThat(r.outcome().status()).isEqualTo(OutcomeStatus.OK);
        assertThat(r.clocks().agreement()).isEqualTo(TripTimesResult.Clocks.ONE_KERNEL);
        assertThat(r.clocks().errorBoundMicros()).isZero();
        assertThat(r.clocks().client().bootId()).isEqualTo(r.clocks().server().bootId());
        assertThat(r.oneWay().count()).isEqualTo(1024);
        assertThat(r.writeToRead().count()).isEqualTo(1024);
        assertThat(r.oneWay().belowZero()).isZero();
        assertThat(r.oneWay().minMicros()).isPositive();
        // a write's last byte is read no earlier than its first
        assertThat(r.writeToRead().p50Micros()).isGreaterThanOrEqualTo(r.oneWay().p50Micros());
        assertThat(r.bandwidth().dataPath().server().receive()).isEqualTo("read");
        assertThat(r.timeline()).isNotEmpty();
        assertThat(r.timeline().stream().filter(i -> i.oneWay() != null).mapToLong(i -> i.oneWay().count()).sum())
                .isEqualTo(1024);
        assertThat(r.inProgressBytes()).isPositive();
    }

    @Test
    void everyUdpDatagramIsMeasuredAndOneWayIsBelowTheRoundTrip() throws IOException {
        TestSpec spec = TestSpec.udpBandwidth().bufferBytes(1_200).rateBitsPerSecond(20_000_000).durationMillis(2_000)
                .intervalMillis(500).tripTimes(true).build();
        TripTimesResult r = udp(spec);
        assertThat(r.outcome().status()).isEqualTo(OutcomeStatus.OK);
        UdpResult.UdpReceiverSummary received = r.udpBandwidth().directions().getFirst().receiverSummary();
        // every datagram counted after the warm-up is measured once (no warm-up here)
        assertThat(r.oneWay().count()).isEqualTo(received.packets());
        assertThat(r.oneWay().minMicros()).isPositive();
        assertThat(r.writeToRead()).isNull();

        // the same path's round trip, measured right after: a one-way trip is shorter than there and back
        LatClientConfig c = LatClientConfig.builder().host("127.0.0.1").port(server.port()).udp(true)
                .sizesBytes(List.of(1_200)).iterations(2_000L).warmupIterations(100).busyPoll(false)
                .connectTimeoutMillis(5_000).timeoutMillis(5_000).build();
        LatResult lat = new LatClient(c).run(TestListener.none());
        // the fastest trip each way: a UDP bw receiver wakes per datagram of a paced sender, so its median
        // carries a wake-up a ping-pong's does too, but not always at the same moment (p50 measured 15.9 us
        // one-way against 13.5 us round trip on this 2-core host); the fastest ones are the path's own
        double rttMin = lat.rows().getFirst().roundTripMicros().min();
        assertThat(r.oneWay().minMicros()).as("fastest one-way against lat's fastest round trip %s us", rttMin)
                .isLessThan(rttMin);
        System.out.printf("trip times on loopback: UDP one-way min %.1f us p50 %.1f us; lat UDP round trip min %.1f"
                + " us p50 %.1f us%n", r.oneWay().minMicros(), r.oneWay().p50Micros(), rttMin,
                lat.rows().getFirst().roundTripMicros().p50());
    }

    @Test
    void anUnsynchronisedServerClockRefusesTheTestBeforeData() throws IOException {
        System.setProperty(TripClocks.SERVER_HOOK, "unsynchronised");
        System.setProperty(TripClocks.CLIENT_HOOK, "synchronised");
        // its own server: the refused test's reservation stays there until its data connections'
        // deadline (the client closes after test-accepted), and the other tests must not wait for it
        try (Server own = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 5000,
                line -> { }))) {
            own.serveInBackground();
            BwClientConfig c = BwClientConfig.builder().host("127.0.0.1").port(own.port()).spec(tcpSpec(8L << 20))
                    .build();
            assertThatThrownBy(() -> TripTimesClient.tcp(c, TestListener.none(), new TripTimesClientListener() {}))
                    .isInstanceOf(TripTimesRefusal.class)
                    .hasMessageContaining("127.0.0.1:" + own.port() + "'s clock is not")
                    .hasMessageContaining("STA_UNSYNC").hasMessageContaining("chronyd");
        } finally {
            System.clearProperty(TripClocks.SERVER_HOOK);
            System.clearProperty(TripClocks.CLIENT_HOOK);
        }
    }

    @Test
    void twoSynchronisedClocksRunWithTheirErrorBound() throws IOException {
        System.setProperty(TripClocks.SERVER_HOOK, "synchronised");
        System.setProperty(TripClocks.CLIENT_HOOK, "synchronised");
        TripTimesResult r;
        try {
            r = tcp(tcpSpec(8L << 20));
        } finally {
            System.clearProperty(TripClocks.SERVER_HOOK);
            System.clearProperty(TripClocks.CLIENT_HOOK);
        }
        assertThat(r.clocks().agreement()).isEqualTo(TripTimesResult.Clocks.SYNCHRONISED);
        assertThat(r.clocks().errorBoundMicros()).isEqualTo(3_000);
        assertThat(r.clocks().text()).contains("±3000 us");
        assertThat(r.oneWay().count()).isEqualTo(128);
    }

    @Test
    void aPlainTestStillReadsAsBefore() throws IOException {
        // without trip times the header's clock counts from the sender's start and nothing is stamped
        BwResult r = new BwClient(BwClientConfig.builder().host("127.0.0.1").port(server.port())
                .spec(TestSpec.tcpBandwidth().bytes(8L << 20).bufferBytes(64 << 10).build()).build())
                .run(TestListener.none());
        assertThat(r.outcome().status()).isEqualTo(OutcomeStatus.OK);
        assertThat(r.directions().getFirst().receiverSummary().bytes()).isEqualTo(8L << 20);
    }
}
