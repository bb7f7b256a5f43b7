package dev.wirespeed.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** /proc/net/udp and udp6 as a Linux 6.18 x86-64 host wrote them (src/test/resources/procfs/README.md). */
class ProcNetUdpTest {
    /** Read in place, as the host trees beside them are (pom.xml copies only named resource folders). */
    static String fixture(String name) throws IOException {
        return Files.readString(Path.of("src/test/resources/procfs", name), StandardCharsets.UTF_8);
    }

    static InetSocketAddress at(String address, int port) throws IOException {
        return new InetSocketAddress(InetAddress.getByName(address), port);
    }

    @Test
    void ipv4RowsGiveEachSocketItsEndpointsAndDrops() throws IOException {
        List<ProcNetUdp.Socket> rows = ProcNetUdp.parse(fixture("net-udp-drops.txt"), ByteOrder.LITTLE_ENDIAN);
        assertThat(rows).hasSize(2);
        ProcNetUdp.Socket receiver = rows.getFirst();
        assertThat(receiver.local()).isEqualTo(at("127.0.0.1", 52406));
        assertThat(receiver.remote()).isEqualTo(at("127.0.0.1", 42844));
        assertThat(receiver.inode()).isEqualTo(37961);
        assertThat(receiver.drops()).isEqualTo(197);
        assertThat(rows.get(1).drops()).isZero();
    }

    @Test
    void ipv6RowsAndV4MappedAddressesAsJavaShowsThem() throws IOException {
        List<ProcNetUdp.Socket> rows = ProcNetUdp.parse(fixture("net-udp6-drops.txt"), ByteOrder.LITTLE_ENDIAN);
        assertThat(rows).hasSize(4);
        // a dual-stack socket talking IPv4: Java's DatagramChannel reports 127.0.0.1, the table ::ffff:127.0.0.1
        ProcNetUdp.Socket mapped = rows.getFirst();
        assertThat(mapped.local().getAddress()).isInstanceOf(Inet4Address.class);
        assertThat(mapped.local()).isEqualTo(at("127.0.0.1", 39694));
        assertThat(mapped.remote()).isEqualTo(at("127.0.0.1", 45308));
        assertThat(mapped.drops()).isEqualTo(97);
        assertThat(rows.get(1).local()).isEqualTo(at("::1", 57649));
        assertThat(rows.get(1).remote()).isEqualTo(at("::1", 34107));
    }

    @Test
    void aBigEndianHostPrintsTheWordsTheOtherWayRound() {
        String row = "  1: 7F000001:0035 00000000:0000 07 00000000:00000000 00:00000000 00000000     0        0 12 2 0000000000000000 3";
        assertThat(ProcNetUdp.parse(row, ByteOrder.BIG_ENDIAN)).singleElement()
                .satisfies(s -> assertThat(s.local().getAddress().getHostAddress()).isEqualTo("127.0.0.1"));
        assertThat(ProcNetUdp.parse(row, ByteOrder.LITTLE_ENDIAN)).singleElement()
                .satisfies(s -> assertThat(s.local().getAddress().getHostAddress()).isEqualTo("1.0.0.127"));
    }

    @Test
    void truncatedAndGarbledLinesAreSkipped() throws IOException {
        String text = fixture("net-udp-drops.txt");
        String cut = text.substring(0, text.indexOf("00000000c33398e6"));
        assertThat(ProcNetUdp.parse(cut, ByteOrder.LITTLE_ENDIAN)).isEmpty();
        assertThat(ProcNetUdp.parse(text.replace("542: 0100007F:CCB6", "542: 01Z0007F:CCB6"), ByteOrder.LITTLE_ENDIAN)).hasSize(1);
        assertThat(ProcNetUdp.parse(text.replace(" 197 ", " -4 "), ByteOrder.LITTLE_ENDIAN)).hasSize(1);
        assertThat(ProcNetUdp.parse(text.replace("542: 0100007F:CCB6", "542: 0100007F:CC"), ByteOrder.LITTLE_ENDIAN)).hasSize(1);
        assertThat(ProcNetUdp.parse("", ByteOrder.LITTLE_ENDIAN)).isEmpty();
        assertThat(ProcNetUdp.parse(null, ByteOrder.LITTLE_ENDIAN)).isEmpty();
    }
}
