package dev.wirespeed.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.inspect.ProcNetUdp;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The drops of a test's own UDP sockets, found by their endpoints among every socket of the host. */
class SocketDropsTest {
    static InetSocketAddress at(String address, int port) throws Exception {
        return new InetSocketAddress(InetAddress.getByName(address), port);
    }

    static ProcNetUdp.Socket row(InetSocketAddress local, InetSocketAddress remote, long drops) {
        return new ProcNetUdp.Socket(local, remote, 1, drops);
    }

    @Test
    void onlyTheTestsSocketsCountNotAnotherOnTheSamePort() throws Exception {
        // a server: its listener and two test sockets share port 5301; another process floods its own socket
        InetSocketAddress server = at("127.0.0.1", 5301);
        List<ProcNetUdp.Socket> table = new ArrayList<>(List.of(
                row(at("0.0.0.0", 5301), at("0.0.0.0", 0), 0),
                row(server, at("127.0.0.1", 40001), 10),
                row(server, at("127.0.0.1", 40002), 0),
                row(at("127.0.0.1", 9999), at("0.0.0.0", 0), 1_000)));
        AtomicReference<List<ProcNetUdp.Socket>> now = new AtomicReference<>(table);
        SocketDrops d = new SocketDrops(List.of(new SocketDrops.Endpoints(server, at("127.0.0.1", 40001)),
                new SocketDrops.Endpoints(at("0.0.0.0", 5301), at("127.0.0.1", 40002))), now::get);
        now.set(List.of(
                row(at("0.0.0.0", 5301), at("0.0.0.0", 0), 50),
                row(server, at("127.0.0.1", 40001), 25),
                row(server, at("127.0.0.1", 40002), 3),
                row(at("127.0.0.1", 9999), at("0.0.0.0", 0), 900_000)));
        assertThat(d.count()).isEqualTo(new SocketDrops.Count(2, 2, 18L));
    }

    @Test
    void aSocketNotFoundIsUnknownNotZero() throws Exception {
        SocketDrops d = new SocketDrops(List.of(new SocketDrops.Endpoints(at("127.0.0.1", 1), at("127.0.0.1", 2))),
                List::of);
        assertThat(d.count()).isEqualTo(new SocketDrops.Count(1, 0, null));
    }

    @Test
    void theThirtyTwoBitCountWraps() throws Exception {
        InetSocketAddress a = at("127.0.0.1", 1);
        InetSocketAddress b = at("127.0.0.1", 2);
        AtomicReference<List<ProcNetUdp.Socket>> now = new AtomicReference<>(List.of(row(a, b, 0xFFFF_FFF0L)));
        SocketDrops d = new SocketDrops(List.of(new SocketDrops.Endpoints(a, b)), now::get);
        now.set(List.of(row(a, b, 0x10)));
        assertThat(d.count().drops()).isEqualTo(0x20L);
    }
}
