package dev.wirespeed.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 32, break 9: `-P 32 -l 16M` gave every stream its own 16 MiB, touched before a byte
 * moved; streams now share a filler and a few sinks, unmapped when the last stream leaves.
 */
@Tag("hostile")
class StreamBuffersTest {
    @Test
    void sendersShareOneFillerAsLargeAsTheLargestAndItIsUnmappedAfterTheLast() {
        int before = StreamBuffers.mappedRegions();
        try (StreamBuffers.Lease a = StreamBuffers.filler(1 << 20);
             StreamBuffers.Lease b = StreamBuffers.filler(1 << 20)) {
            assertThat(a.segment().address()).isEqualTo(b.segment().address());
            assertThat(a.segment().byteSize()).isEqualTo(1 << 20);
            assertThat(a.segment().address() % 4096).as("page-aligned").isZero();
            try (StreamBuffers.Lease big = StreamBuffers.filler(4 << 20)) {
                assertThat(big.segment().byteSize()).isEqualTo(4 << 20);
                byte[] head = new byte[64];
                MemorySegment.copy(big.segment(), ValueLayout.JAVA_BYTE, 0, head, 0, 64);
                assertThat(head).as("filled, not zeros").isNotEqualTo(new byte[64]);
                try (StreamBuffers.Lease c = StreamBuffers.filler(1 << 20)) {
                    assertThat(c.segment().address()).as("later senders take the larger one")
                            .isEqualTo(big.segment().address());
                }
            }
        }
        assertThat(StreamBuffers.mappedRegions()).isEqualTo(before);
    }

    @Test
    void receiversShareAFewSinksInTurn() {
        int before = StreamBuffers.mappedRegions();
        List<StreamBuffers.Lease> leases = new ArrayList<>();
        Set<Long> addresses = new HashSet<>();
        try {
            for (int i = 0; i < 4 * StreamBuffers.SINKS; i++) {
                StreamBuffers.Lease l = StreamBuffers.sink(1 << 20);
                leases.add(l);
                addresses.add(l.segment().address());
                l.segment().set(ValueLayout.JAVA_BYTE, (1 << 20) - 1, (byte) 1);
            }
            assertThat(addresses).hasSize(StreamBuffers.SINKS);
        } finally {
            leases.forEach(StreamBuffers.Lease::close);
        }
        assertThat(StreamBuffers.mappedRegions()).isEqualTo(before);
    }
}
