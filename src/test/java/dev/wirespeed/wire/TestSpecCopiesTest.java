package dev.wirespeed.wire;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.lat.LatClientConfig;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Every field of the wide configs survives the wire and every copy path. A field added to a record
 * and forgotten in its builder fails {@link #everyComponentHasABuilderSetter()} or one of the
 * "no component left at its default" checks below.
 */
public class TestSpecCopiesTest {
    /** Every component set to something other than the builder's default. */
    static TestSpec full() {
        return TestSpec.latency(true).direction(Direction.BIDIR).streams(3).durationMillis(2_000).bytes(5_000)
                .omitMillis(1_000).intervalMillis(500).bufferBytes(1_400).windowBytes(1 << 20).congestion("bbr")
                .mssBytes(1_200).noDelay(true).sizesBytes(List.of(64, 1_024)).busyPoll(true)
                .rateBitsPerSecond(1_000_000).zeroCopy(true).skipRxCopy(true).serverCpu(1).tos(0x88).pacingBitsPerSecond(50_000_000)
                .dontFragment(true).tripTimes(true).isochronous(new Isochronous(30, 5_000_000, 1_000_000)).build();
    }

    /** Fails naming the first component that is null, 0 or false. */
    public static void assertNoComponentAtDefault(Record r) throws ReflectiveOperationException {
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            Object v = c.getAccessor().invoke(r);
            assertThat(v).as(c.getName()).isNotNull();
            if (v instanceof Number n) {
                assertThat(n.doubleValue()).as(c.getName()).isNotZero();
            }
            if (v instanceof Boolean b) {
                assertThat(b).as(c.getName()).isTrue();
            }
        }
    }

    public static void assertBuilderSetsEveryComponent(Class<? extends Record> record, Class<?> builder) {
        // a setter inherited from a generic base builder returns the base type (erasure)
        List<String> setters = Arrays.stream(builder.getMethods())
                .filter(m -> m.getReturnType() == builder || m.getReturnType() != Object.class
                        && m.getReturnType().isAssignableFrom(builder))
                .map(Method::getName).toList();
        for (RecordComponent c : record.getRecordComponents()) {
            assertThat(setters).as("builder setter for " + record.getSimpleName() + "." + c.getName())
                    .contains(c.getName());
        }
    }

    @Test
    void everyComponentHasABuilderSetter() {
        assertBuilderSetsEveryComponent(TestSpec.class, TestSpec.Builder.class);
        assertBuilderSetsEveryComponent(LatClientConfig.class, LatClientConfig.Builder.class);
    }

    @Test
    void theFullSpecSetsEveryField() throws ReflectiveOperationException {
        assertNoComponentAtDefault(full());
    }

    @Test
    void everyFieldCrossesTheWire() throws IOException {
        TestSpec spec = full();
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        new FrameCodec(new ByteArrayInputStream(new byte[0]), wire).write(new Message.TestRequest(spec));
        Message back = new FrameCodec(new ByteArrayInputStream(wire.toByteArray()), new ByteArrayOutputStream()).read();
        assertThat(back).isEqualTo(new Message.TestRequest(spec));
        assertThat(FrameCodec.MAPPER.readValue(FrameCodec.MAPPER.writeValueAsString(spec), TestSpec.class))
                .isEqualTo(spec);
    }

    /** The JSON a peer sees: the builder changed how specs are made, not what travels. */
    @Test
    void theWireFormatIsUnchanged() throws IOException {
        assertThat(FrameCodec.MAPPER.writeValueAsString(full())).isEqualTo("{\"mode\":\"udp-lat\","
                + "\"direction\":\"bidir\",\"streams\":3,\"durationMillis\":2000,\"bytes\":5000,\"omitMillis\":1000,"
                + "\"intervalMillis\":500,\"bufferBytes\":1400,\"windowBytes\":1048576,\"congestion\":\"bbr\","
                + "\"mssBytes\":1200,\"noDelay\":true,\"sizesBytes\":[64,1024],\"busyPoll\":true,"
                + "\"rateBitsPerSecond\":1000000,\"zeroCopy\":true,\"skipRxCopy\":true,\"serverCpu\":1,\"pacingBitsPerSecond\":50000000,\"tos\":136,"
                + "\"dontFragment\":true,\"tripTimes\":true,\"isochronous\":{\"framesPerSecond\":30,"
                + "\"meanBitsPerSecond\":5000000,\"stdevBitsPerSecond\":1000000}}");
        TestSpec tcp = TestSpec.tcpBandwidth().durationMillis(1_000).bufferBytes(1_024).build();
        assertThat(FrameCodec.MAPPER.writeValueAsString(tcp)).isEqualTo("{\"mode\":\"tcp-bw\","
                + "\"direction\":\"upload\",\"streams\":1,\"durationMillis\":1000,\"bytes\":0,\"omitMillis\":0,"
                + "\"intervalMillis\":0,\"bufferBytes\":1024,\"windowBytes\":0,\"mssBytes\":0,\"noDelay\":false,"
                + "\"busyPoll\":false,\"rateBitsPerSecond\":0}");
    }

    @Test
    void copiesKeepEveryFieldTheyDoNotChange() throws ReflectiveOperationException {
        TestSpec spec = full();
        assertThat(spec.toBuilder().build()).isEqualTo(spec);
        Map<String, UnaryOperator<TestSpec>> copies = Map.of(
                "streams", s -> s.withStreams(7),
                "direction", s -> s.withDirection(Direction.UPLOAD),
                "durationMillis", s -> s.withDurationMillis(9_000),
                "bufferBytes", s -> s.withBufferBytes(4_096),
                "intervalMillis", s -> s.withIntervalMillis(2_000));
        for (Map.Entry<String, UnaryOperator<TestSpec>> copy : copies.entrySet()) {
            TestSpec changed = copy.getValue().apply(spec);
            for (RecordComponent c : TestSpec.class.getRecordComponents()) {
                Object before = c.getAccessor().invoke(spec);
                Object after = c.getAccessor().invoke(changed);
                if (c.getName().equals(copy.getKey())) {
                    assertThat(after).as(copy.getKey()).isNotEqualTo(before);
                } else {
                    assertThat(after).as(copy.getKey() + " keeps " + c.getName()).isEqualTo(before);
                }
            }
        }
    }

    @Test
    void latencyClientConfigCopiesKeepEveryField() throws ReflectiveOperationException {
        BooleanSupplier stop = () -> true;
        LatClientConfig c = LatClientConfig.builder().host("h").port(1).udp(true).sizesBytes(List.of(64))
                .iterations(10L).secondsPerSize(1.5).warmupIterations(3).busyPoll(true).connectTimeoutMillis(100)
                .timeoutMillis(200).interrupted(stop).bindAddress(InetAddress.getLoopbackAddress()).cpu(1)
                .serverCpu(2).build();
        assertNoComponentAtDefault(c);
        assertThat(c.toBuilder().build()).isEqualTo(c);
        LatClientConfig moved = c.toBuilder().host("other").port(2).build();
        assertThat(moved).isEqualTo(new LatClientConfig("other", 2, true, List.of(64), 10L, 1.5, 3, true, 100, 200,
                stop, InetAddress.getLoopbackAddress(), 1, 2));
    }
}
