package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MetricsEndpointTest {

    @Test
    void goodForms() {
        assertThat(MetricsEndpoint.parse(":9301")).isEqualTo(new MetricsEndpoint.Address(null, 9301));
        assertThat(MetricsEndpoint.parse(":0")).isEqualTo(new MetricsEndpoint.Address(null, 0));
        assertThat(MetricsEndpoint.parse("0.0.0.0:9301")).isEqualTo(new MetricsEndpoint.Address("0.0.0.0", 9301));
        assertThat(MetricsEndpoint.parse("10.0.0.1:65535")).isEqualTo(new MetricsEndpoint.Address("10.0.0.1", 65535));
        assertThat(MetricsEndpoint.parse("[::]:9301")).isEqualTo(new MetricsEndpoint.Address("::", 9301));
        assertThat(MetricsEndpoint.parse("[fe80::1%eth0]:9301").host()).isEqualTo("fe80::1%eth0");
        assertThat(MetricsEndpoint.parse("node-01.example:9301").host()).isEqualTo("node-01.example");
    }

    @Test
    void noAddressIsLoopbackAndFormsReadBack() {
        assertThat(MetricsEndpoint.parse(":9301").socketAddress().getAddress().isLoopbackAddress()).isTrue();
        assertThat(MetricsEndpoint.parse("0.0.0.0:9301").socketAddress().getAddress().isAnyLocalAddress()).isTrue();
        assertThat(MetricsEndpoint.parse("[::]:9301").socketAddress().getAddress().isAnyLocalAddress()).isTrue();
        assertThat(MetricsEndpoint.parse("[::1]:9301")).hasToString("[::1]:9301");
        assertThat(MetricsEndpoint.parse(":9301")).hasToString(":9301");
    }

    @Test
    void badForms() {
        assertBad("9301", "is not [ADDR]:PORT");
        assertBad("", "is not [ADDR]:PORT");
        assertBad(":", "port '' is not a number in 0..65535");
        assertBad(":65536", "port '65536' is not a number in 0..65535");
        assertBad(":-1", "port '-1' is not a number");
        assertBad(":http", "port 'http' is not a number");
        assertBad("10.0.0.1:", "port '' is not a number");
        assertBad("::1:9301", "an IPv6 address goes in brackets");
        assertBad("[::1:9301", "an IPv6 address goes in brackets");
        assertBad("[]:9301", "an IPv6 address goes in brackets");
        assertBad("[10.0.0.1]:9301", "brackets are for IPv6 addresses only");
        assertBad("a b:9301", "'a b' is not a host name or address");
        assertBad("host;reboot:9301", "is not a host name or address");
    }

    private static void assertBad(String text, String reason) {
        assertThatThrownBy(() -> MetricsEndpoint.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(reason).hasMessageNotContaining("\n");
    }
}
