package dev.wirespeed.admission;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("hostile")
class AdmissionTest {
    final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    final List<String> log = new ArrayList<>();
    final List<SocketChannel> channels = new ArrayList<>();
    Admission admission;

    @AfterEach
    void closeAll() throws Exception {
        if (admission != null) {
            admission.close();
        }
        for (SocketChannel c : channels) {
            c.close();
        }
    }

    private Admission.Decision admit(String address) throws Exception {
        SocketChannel ch = SocketChannel.open();
        channels.add(ch);
        return admission.admit(ch, InetAddress.getByName(address), address + ":1");
    }

    private void start(ServerLimits limits) {
        admission = new Admission(limits, new RateLimitedLog(log::add, 1_000_000_000L, nanos::get), nanos::get);
    }

    @Test
    void aSourceAtItsCapIsRefusedWithTheCount() throws Exception {
        start(new ServerLimits(60_000, 3, 10, 250, 8, 1L << 30, 64, 8));
        for (int i = 0; i < 3; i++) {
            Admission.Decision d = admit("10.0.0.1");
            assertThat(d).isInstanceOf(Admission.Ticket.class);
            ((Admission.Ticket) d).openingArrived();
        }
        assertThat(admit("10.0.0.1")).isEqualTo(new Admission.Refusal("server busy: 3 handshakes pending from your address"));
        assertThat(admit("10.0.0.2")).as("another address").isInstanceOf(Admission.Ticket.class);
        assertThat(log).containsExactly("refused 10.0.0.1:1: server busy: 3 handshakes pending from your address");
    }

    @Test
    void aTricklingHandshakeMakesRoomForANewcomerOfTheSameSource() throws Exception {
        start(new ServerLimits(60_000, 2, 10, 250, 8, 1L << 30, 64, 8));
        admit("10.0.0.1");
        admit("10.0.0.1");
        assertThat(admit("10.0.0.1")).isInstanceOf(Admission.Ticket.class);
        assertThat(channels.getFirst().isOpen()).as("the oldest was dropped").isFalse();
        assertThat(channels.get(1).isOpen()).isTrue();
        assertThat(admission.pending()).isEqualTo(2);
    }

    @Test
    void aHandshakeWhoseOpeningCameAtOnceIsNotDroppedForANewcomer() throws Exception {
        start(new ServerLimits(60_000, 2, 10, 250, 8, 1L << 30, 64, 8));
        ((Admission.Ticket) admit("10.0.0.1")).openingArrived();
        Admission.Ticket late = (Admission.Ticket) admit("10.0.0.1");
        nanos.addAndGet(300_000_000L);
        late.openingArrived(); // 300 ms after accept: a trickle, not a client
        Admission.Decision third = admit("10.0.0.1");
        assertThat(third).as("the second, trickling one gives way").isInstanceOf(Admission.Ticket.class);
        assertThat(channels.get(0).isOpen()).isTrue();
        assertThat(channels.get(1).isOpen()).isFalse();
        ((Admission.Ticket) third).openingArrived();
        assertThat(admit("10.0.0.1")).isInstanceOf(Admission.Refusal.class);
    }

    @Test
    void theGlobalCapRefusesWhenEveryHandshakeOpenedAtOnce() throws Exception {
        start(new ServerLimits(60_000, 2, 3, 250, 8, 1L << 30, 64, 8));
        for (String a : new String[] {"10.0.0.1", "10.0.0.2", "10.0.0.3"}) {
            ((Admission.Ticket) admit(a)).openingArrived();
        }
        assertThat(admit("10.0.0.4")).isEqualTo(new Admission.Refusal("server busy: 3 handshakes pending"));
    }

    @Test
    void aFinishedHandshakeFreesItsSlotOnce() throws Exception {
        start(new ServerLimits(60_000, 1, 10, 250, 8, 1L << 30, 64, 8));
        Admission.Ticket t = (Admission.Ticket) admit("10.0.0.1");
        t.done();
        t.done();
        assertThat(admission.pending()).isZero();
        assertThat(admit("10.0.0.1")).isInstanceOf(Admission.Ticket.class);
        assertThat(admission.pending()).isEqualTo(1);
    }

    @Test
    void theDeadlineClosesAHandshakeThatDoesNotFinish() throws Exception {
        start(new ServerLimits(100, 4, 10, 250, 8, 1L << 30, 64, 8));
        Admission.Ticket t = (Admission.Ticket) admit("10.0.0.1");
        for (int i = 0; i < 100 && channels.getFirst().isOpen(); i++) {
            Thread.sleep(20);
        }
        assertThat(channels.getFirst().isOpen()).isFalse();
        assertThat(t.droppedBecause()).isEqualTo("handshake not finished within 100 ms");
        assertThat(admission.pending()).isZero();
    }

    @Test
    void aFloodIsLoggedOncePerInterval() {
        List<String> lines = new ArrayList<>();
        RateLimitedLog limited = new RateLimitedLog(lines::add, 1_000_000_000L, nanos::get);
        for (int i = 0; i < 500; i++) {
            limited.event("refused " + i);
        }
        nanos.addAndGet(1_000_000_000L);
        limited.event("refused last");
        assertThat(lines).containsExactly("refused 0", "refused last (499 more like it not logged)");
    }
}
