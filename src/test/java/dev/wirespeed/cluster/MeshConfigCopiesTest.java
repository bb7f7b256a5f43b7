package dev.wirespeed.cluster;

import static dev.wirespeed.wire.TestSpecCopiesTest.assertBuilderSetsEveryComponent;
import static dev.wirespeed.wire.TestSpecCopiesTest.assertNoComponentAtDefault;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** MeshConfig's builder sets, and its copies keep, every field (as TestSpecCopiesTest for TestSpec). */
class MeshConfigCopiesTest {
    @Test
    void everyComponentHasABuilderSetter() {
        assertBuilderSetsEveryComponent(MeshConfig.class, MeshConfig.Builder.class);
    }

    @Test
    void meshConfigCopiesKeepEveryField() throws ReflectiveOperationException {
        BooleanSupplier stop = () -> true;
        MeshConfig c = MeshConfig.builder().hosts(List.of()).rounds(List.of()).pattern("all-pairs").engine(MeshEngine.TCP)
                .seconds(2).omitSeconds(1).streams(2).bidir(true).expectPercent(90)
                .perftest(new PerftestSpec("ib_write_bw", "mlx5_0", 65536, 2, 18515, 3))
                .token(Token.of("0123456789abcdef0123456789abcdef", "test")).insecure(true).connectTimeoutMillis(100)
                .interrupted(stop).build();
        assertNoComponentAtDefault(c);
        assertThat(c.toBuilder().build()).isEqualTo(c);
    }
}
