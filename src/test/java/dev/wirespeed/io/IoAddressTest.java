package dev.wirespeed.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

/** Addresses as people write them: RFC 5952's short IPv6 form, brackets before a port. */
class IoAddressTest {
    @Test
    void shortIpv6FormAsRfc5952() {
        assertThat(Io.shortIpv6("0:0:0:0:0:0:0:1")).isEqualTo("::1");
        assertThat(Io.shortIpv6("0:0:0:0:0:0:0:0")).isEqualTo("::");
        assertThat(Io.shortIpv6("2001:db8:0:0:0:0:2:1")).isEqualTo("2001:db8::2:1");
        // §4.2.2: one zero group is not shortened; §4.2.3: the longest run, the first of equal ones
        assertThat(Io.shortIpv6("2001:db8:0:1:1:1:1:1")).isEqualTo("2001:db8:0:1:1:1:1:1");
        assertThat(Io.shortIpv6("2001:0:0:1:0:0:0:1")).isEqualTo("2001:0:0:1::1");
        assertThat(Io.shortIpv6("2001:db8:0:0:1:0:0:1")).isEqualTo("2001:db8::1:0:0:1");
        assertThat(Io.shortIpv6("fe80:0:0:0:0:0:0:0")).isEqualTo("fe80::");
        assertThat(Io.shortIpv6("2001:DB8:0:0:0:0:0:AB")).isEqualTo("2001:db8::ab");
        assertThat(Io.shortIpv6("not:an:address")).isEqualTo("not:an:address");
    }

    @Test
    void literalsAndPorts() throws Exception {
        assertThat(Io.literal(InetAddress.getByName("::1"))).isEqualTo("::1");
        assertThat(Io.literal(InetAddress.getByName("127.0.0.1"))).isEqualTo("127.0.0.1");
        assertThat(Io.literal(InetAddress.getByName("fe80::1%1"))).startsWith("fe80::1%");
        assertThat(Io.describe(new InetSocketAddress(InetAddress.getByName("::1"), 30101))).isEqualTo("[::1]:30101");
        assertThat(Io.describe(new InetSocketAddress(InetAddress.getByName("10.0.0.2"), 5201))).isEqualTo("10.0.0.2:5201");
        assertThat(Io.hostPort("::1", 5201)).isEqualTo("[::1]:5201");
        assertThat(Io.hostPort("[::1]", 5201)).isEqualTo("[::1]:5201");
        assertThat(Io.hostPort("*", 5301)).isEqualTo("*:5301");
    }
}
