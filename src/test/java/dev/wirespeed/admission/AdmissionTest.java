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
    /** Issue 32, break 7: five flooding addresses filled the pool and every other address was refused. */
    @Test
    void aFloodFromAFewAddressesLeavesRoomForOneThatIsNotFlooding() throws Exception {
        start(new ServerLimits(60_000, 4, 6, 250, 8, 1L << 30, 64, 8));
        for (int i = 0; i < 4; i++) {
            ((Admission.Ticket) admit("10.0.0.1")).openingArrived();
        }
        for (int i = 0; i < 2; i++) {
            ((Admission.Ticket) admit("10.0.0.2")).openingArrived();
        }
        Admission.Decision quiet = admit("10.0.0.3");
        assertThat(quiet).as("an address with nothing pending").isInstanceOf(Admission.Ticket.class);
        assertThat(channels.getFirst().isOpen()).as("the busiest address's oldest gave way").isFalse();
        assertThat(admission.pending()).isEqualTo(6);
        // the busiest now holds 3 and the second flooder 2: it does not get the busiest's place
        assertThat(admit("10.0.0.2")).isEqualTo(new Admission.Refusal("server busy: 6 handshakes pending"));
        assertThat(log).anyMatch(l -> l.contains("dropped to admit a connection from a less busy address"));
    }

    /** Issue 32, break 9: `bw -P 128 --bidir` lost its own 256 data connections to the per-address cap. */
    @Test
    void anAdmittedTestsDataConnectionsAreRoomOnTopOfTheCaps() throws Exception {
        start(new ServerLimits(60_000, 2, 3, 250, 8, 1L << 30, 64, 8));
        Admission.Ticket control = (Admission.Ticket) admit("10.0.0.1");
        control.openingArrived();
        Admission.Expectation expected = control.expect(5);
        List<Admission.Ticket> data = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Admission.Decision d = admit("10.0.0.1");
            assertThat(d).as("data connection %d", i + 1).isInstanceOf(Admission.Ticket.class);
            ((Admission.Ticket) d).openingArrived();
            data.add((Admission.Ticket) d);
        }
        Admission.Decision another = admit("10.0.0.1");
        assertThat(another).as("another client of the address, within its cap").isInstanceOf(Admission.Ticket.class);
        ((Admission.Ticket) another).openingArrived();
        assertThat(admit("10.0.0.1")).isEqualTo(new Admission.Refusal("server busy: 2 handshakes pending from your address"));
        for (Admission.Ticket t : data) {
            expected.arrived();
            t.done();
        }
        expected.close();
        control.done();
        assertThat(admission.pending()).isEqualTo(1);
        Admission.Decision after = admit("10.0.0.1");
        assertThat(after).isInstanceOf(Admission.Ticket.class);
        ((Admission.Ticket) after).openingArrived();
        assertThat(admit("10.0.0.1")).as("the room went with the test").isInstanceOf(Admission.Refusal.class);
    }

    @Test
    void atTheBudgetOfOpenFilesANewcomerOnlyTakesThePlaceOfOneThatGivesWay() throws Exception {
        start(new ServerLimits(60_000, 8, 16, 250, 8, 1L << 30, 64, 8));
        SocketChannel ch = SocketChannel.open();
        channels.add(ch);
        assertThat(admission.admit(ch, InetAddress.getByName("10.0.0.1"), "10.0.0.1:1", false))
                .isEqualTo(new Admission.Refusal("server busy: it is at its limit of open files"));
        admit("10.0.0.2"); // trickling: it gives way
        admit("10.0.0.2");
        SocketChannel next = SocketChannel.open();
        channels.add(next);
        assertThat(admission.admit(next, InetAddress.getByName("10.0.0.1"), "10.0.0.1:2", false))
                .isInstanceOf(Admission.Ticket.class);
        assertThat(admission.pending()).isEqualTo(2);
    }

    /** Issue 32, break 8: a --once server's admission closed under a connection being admitted threw. */
    @Test
    void aClosedAdmissionRefusesInsteadOfThrowing() throws Exception {
        start(ServerLimits.DEFAULT);
        admission.close();
        assertThat(admit("10.0.0.1")).isEqualTo(new Admission.Refusal("server shutting down"));
    }

    @Test
    void anIpv6SlashSixtyFourIsOneSourceAndMappedIpv4IsItsAddress() throws Exception {
        assertThat(Admission.sourceOf(InetAddress.getByName("2001:db8:1:2:aaaa:bbbb:cccc:dddd")))
                .isEqualTo(InetAddress.getByName("2001:db8:1:2::"));
        assertThat(Admission.sourceOf(InetAddress.getByName("::ffff:192.0.2.7")))
                .isEqualTo(InetAddress.getByName("192.0.2.7"));
        assertThat(Admission.sourceOf(InetAddress.getByName("192.0.2.7"))).isEqualTo(InetAddress.getByName("192.0.2.7"));
        start(new ServerLimits(60_000, 2, 10, 250, 8, 1L << 30, 64, 8));
        for (String a : new String[] {"2001:db8::1", "2001:db8::2:3"}) {
            ((Admission.Ticket) admit(a)).openingArrived();
        }
        assertThat(admit("2001:db8::ffff")).as("a third address of the same /64")
                .isEqualTo(new Admission.Refusal("server busy: 2 handshakes pending from your address"));
        assertThat(admit("2001:db8:0:1::1")).as("the next /64").isInstanceOf(Admission.Ticket.class);
    }

    @Test
    void aBurstIsLoggedWholeThenAtTheRate() {
        List<String> lines = new ArrayList<>();
        RateLimitedLog limited = new RateLimitedLog(lines::add, 3, 100_000_000L, nanos::get);
        for (int i = 0; i < 10; i++) {
            limited.event("test " + i);
        }
        nanos.addAndGet(100_000_000L);
        limited.event("test next");
        assertThat(lines).containsExactly("test 0", "test 1", "test 2", "test next (7 more like it not logged)");
    }
}
