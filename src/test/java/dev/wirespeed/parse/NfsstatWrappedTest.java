package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.host.NfsMount;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** nfsstat -m as a mail client sends it: the seed's real Flags line wrapped at 72 and at 40 columns. */
class NfsstatWrappedTest {
    private static String wrapped(int width) {
        List<String> out = new ArrayList<>();
        for (String line : Lines.split(Fixture.text("host/nfsstat-m-seed000.txt"))) {
            while (line.length() > width) {
                out.add(line.substring(0, width));
                line = line.substring(width);
            }
            out.add(line);
        }
        return String.join("\n", out) + "\n";
    }

    @Test
    void wrappedFlagsAreJoinedBack() {
        for (int width : new int[] {72, 40}) {
            List<Parsed> blocks = LogReader.standard().read(wrapped(width)).stream()
                    .flatMap(p -> p.outputs().stream()).filter(b -> b.format().equals("nfsstat")).toList();
            assertThat(blocks).as("width %d", width).singleElement().satisfies(b -> {
                NfsMount m = b.all(NfsMount.class).getFirst();
                assertThat(m.transport()).isEqualTo("rdma");
                assertThat(m.port()).isEqualTo(20049);
                assertThat(m.version()).isEqualTo("4.2");
                assertThat(m.options()).containsEntry("clientaddr", "192.168.23.2").containsEntry("addr", "192.168.23.1")
                        .containsEntry("local_lock", "none").hasSize(15);
                assertThat(b.skipped()).isEmpty();
            });
        }
    }
}
