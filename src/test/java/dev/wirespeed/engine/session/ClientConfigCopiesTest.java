package dev.wirespeed.engine.session;

import static dev.wirespeed.wire.TestSpecCopiesTest.assertBuilderSetsEveryComponent;
import static dev.wirespeed.wire.TestSpecCopiesTest.assertNoComponentAtDefault;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.engine.udp.FrameCollector;
import dev.wirespeed.engine.udp.UdpBwClientConfig;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.net.InetAddress;
import java.util.BitSet;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

/**
 * The bandwidth clients' configs (issue 15 item 3): every field has a builder setter, survives
 * {@code toBuilder()}, and a copy that changes one field keeps every other.
 */
class ClientConfigCopiesTest {
    static final BooleanSupplier STOP = () -> true;
    static final LongPredicate DROP = n -> n % 2 == 0;
    static final FrameCollector FRAMES = new FrameCollector();

    static BitSet cpus(int... ids) {
        BitSet b = new BitSet();
        for (int id : ids) {
            b.set(id);
        }
        return b;
    }

    static BwClientConfig fullBw() throws Exception {
        return BwClientConfig.builder().host("h").port(1)
                .spec(TestSpec.tcpBandwidth().streams(2).durationMillis(3_000).tripTimes(true).build()).streamsChosenBy("rule")
                .connectTimeoutMillis(100).handshakeTimeoutMillis(200).interrupted(STOP)
                .bindAddress(InetAddress.getByName("127.0.0.1")).cpu(3).placeCpus(cpus(0, 1)).clientPort(5_000)
                .bindDevice("eth0").serverOutput(true).flowLabel(0x12345).mptcp(true).build();
    }

    static BwClientConfig otherBw() throws Exception {
        return BwClientConfig.builder().host("other").port(2)
                .spec(TestSpec.tcpBandwidth().direction(Direction.DOWNLOAD).build()).streamsChosenBy("option")
                .connectTimeoutMillis(300).handshakeTimeoutMillis(400).interrupted(() -> false)
                .bindAddress(InetAddress.getByName("127.0.0.2")).cpu(4).placeCpus(cpus(2)).clientPort(6_000)
                .bindDevice("eth1").flowLabel(7).build();
    }

    static UdpBwClientConfig fullUdp() throws Exception {
        return UdpBwClientConfig.builder().host("h").port(1)
                .spec(TestSpec.udpBandwidth().rateBitsPerSecond(1_000_000).tripTimes(true).build()).connectTimeoutMillis(100)
                .interrupted(STOP).receiveDrop(DROP).serverOutput(true).bindAddress(InetAddress.getByName("127.0.0.1"))
                .frames(FRAMES).build();
    }

    static UdpBwClientConfig otherUdp() throws Exception {
        return UdpBwClientConfig.builder().host("other").port(2)
                .spec(TestSpec.udpBandwidth().rateBitsPerSecond(2_000_000).build()).connectTimeoutMillis(300)
                .interrupted(() -> false).receiveDrop(n -> false).bindAddress(InetAddress.getByName("127.0.0.2"))
                .frames(new FrameCollector()).build();
    }

    @Test
    void everyComponentHasABuilderSetter() {
        assertBuilderSetsEveryComponent(BwClientConfig.class, BwClientConfig.Builder.class);
        assertBuilderSetsEveryComponent(UdpBwClientConfig.class, UdpBwClientConfig.Builder.class);
    }

    @Test
    void theFullConfigsSetEveryField() throws Exception {
        assertNoComponentAtDefault(fullBw());
        assertNoComponentAtDefault(fullUdp());
    }

    @Test
    void toBuilderKeepsEveryField() throws Exception {
        assertThat(fullBw().toBuilder().build()).isEqualTo(fullBw());
        assertThat(fullUdp().toBuilder().build()).isEqualTo(fullUdp());
    }

    @Test
    void aCopyThatChangesOneFieldKeepsEveryOther() throws Exception {
        assertOneFieldCopies(fullBw(), otherBw(), BwClientConfig.Builder.class);
        assertOneFieldCopies(fullUdp(), otherUdp(), UdpBwClientConfig.Builder.class);
    }

    @Test
    void timeoutMillisSetsBothTimeouts() throws Exception {
        BwClientConfig c = fullBw().toBuilder().timeoutMillis(700).build();
        assertThat(c.connectTimeoutMillis()).isEqualTo(700);
        assertThat(c.handshakeTimeoutMillis()).isEqualTo(700);
        assertThat(c.toBuilder().timeoutMillis(700).build()).isEqualTo(c);
    }

    @Test
    void unsetInterruptIsNeverRaised() {
        assertThat(BwClientConfig.builder().build().interrupted().getAsBoolean()).isFalse();
        assertThat(UdpBwClientConfig.builder().build().interrupted().getAsBoolean()).isFalse();
    }

    /**
     * For each component: {@code full.toBuilder().<component>(other's value).build()} differs from
     * {@code full} in that component only.
     */
    static void assertOneFieldCopies(Record full, Record other, Class<?> builderType) throws Exception {
        Method toBuilder = full.getClass().getMethod("toBuilder");
        Method build = builderType.getMethod("build");
        for (RecordComponent c : full.getClass().getRecordComponents()) {
            Object value = c.getAccessor().invoke(other);
            assertThat(value).as(c.getName()).isNotEqualTo(c.getAccessor().invoke(full));
            Object builder = toBuilder.invoke(full);
            builderType.getMethod(c.getName(), c.getType()).invoke(builder, value);
            Record copy = (Record) build.invoke(builder);
            for (RecordComponent k : full.getClass().getRecordComponents()) {
                Object expected = (k.getName().equals(c.getName()) ? other : full).getClass().getMethod(k.getName())
                        .invoke(k.getName().equals(c.getName()) ? other : full);
                assertThat(k.getAccessor().invoke(copy)).as("copy changing " + c.getName() + " keeps " + k.getName())
                        .isEqualTo(expected);
            }
        }
    }
}
