package dev.wirespeed.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ObservedTest {
    @Test
    void parseKeepsRawTextAndNeverInventsZero() {
        Observed<Integer> ok = Observed.parse("9000\n", "/sys/class/net/eth0/mtu", Integer::parseInt);
        assertThat(ok.isPresent()).isTrue();
        assertThat(ok.value()).isEqualTo(9000);
        assertThat(ok.raw()).isEqualTo("9000");

        Observed<Integer> empty = Observed.parse("", "/sys/x", Integer::parseInt);
        assertThat(empty.status()).isEqualTo(Observed.Status.UNREADABLE);
        assertThat(empty.value()).isNull();

        Observed<Integer> garbage = Observed.parse("fast", "/sys/x", Integer::parseInt);
        assertThat(garbage.status()).isEqualTo(Observed.Status.UNREADABLE);
        assertThat(garbage.raw()).isEqualTo("fast");
        assertThat(garbage.describe()).startsWith("unreadable ('fast'");

        Observed<Integer> missing = Observed.parse(null, "/sys/x", Integer::parseInt);
        assertThat(missing.status()).isEqualTo(Observed.Status.ABSENT);
        assertThat(missing.source()).isEqualTo("/sys/x");
    }

    @Test
    void mergePrefersValueThenUnreadableThenSource() {
        Observed<Integer> value = Observed.of(1, "1", "a");
        Observed<Integer> bad = Observed.unreadable("x", "b", "not a number");
        Observed<Integer> absent = Observed.absent("c");
        assertThat(absent.or(bad)).isSameAs(bad);
        assertThat(bad.or(value)).isSameAs(value);
        assertThat(value.or(bad)).isSameAs(value);
        assertThat(Observed.<Integer>notSeen().or(absent)).isSameAs(absent);
        assertThat(absent.or(Observed.notSeen())).isSameAs(absent);
    }

    @Test
    void mapKeepsStatusAndEvidence() {
        Observed<String> s = Observed.unknown("-1", "/sys/class/net/eth0/speed", "unknown to the driver");
        Observed<Integer> m = s.map(String::length);
        assertThat(m.status()).isEqualTo(Observed.Status.ABSENT);
        assertThat(m.raw()).isEqualTo("-1");
        assertThat(m.evidence().source()).isEqualTo("/sys/class/net/eth0/speed");
    }
}
