package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.host.NetInterfaceRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ip's shapes round 11 reads (forms11): a head line without its index, -o's joined lines, -br rows; and what stays unread. */
class IpFormsTest {

    private static List<NetInterfaceRecord> interfaces(String text) {
        return Fixture.blocksOf(text).stream().flatMap(b -> b.records().stream())
                .filter(NetInterfaceRecord.class::isInstance).map(NetInterfaceRecord.class::cast).toList();
    }

    @Test
    void aHeadLineWithoutItsIndexIsReadOnlyWhenMtuFollowsTheFlags() {
        List<NetInterfaceRecord> read = interfaces("eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP\n"
                + "    link/ether 0c:42:a1:00:00:01 brd ff:ff:ff:ff:ff:ff\n");
        assertThat(read).singleElement().satisfies(r -> {
            assertThat(r.index()).isNull();
            assertThat(r.mtuBytes()).isEqualTo(9000);
            assertThat(r.address()).isEqualTo("0c:42:a1:00:00:01");
        });
        // a name, a colon and angle brackets without "mtu N": no head line of ip's
        assertThat(interfaces("note: <see below> the card was replaced\n")).isEmpty();
    }

    @Test
    void ipOnelineIsSplitAtEachBackslashKeepingTheLineNumber() {
        List<PasteRepair.Row> rows = IpOneline.split(List.of(new PasteRepair.Row(7,
                "4: eth0    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0\\       valid_lft forever preferred_lft forever", "")));
        assertThat(rows).extracting(PasteRepair.Row::text).containsExactly(
                "4: eth0    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0", "       valid_lft forever preferred_lft forever");
        assertThat(rows).extracting(PasteRepair.Row::number).containsOnly(7);
        // srun's label stays before every part, so the labels of the run are taken off together
        assertThat(IpOneline.split(List.of(new PasteRepair.Row(1, " 0: 2: ib0: <UP> mtu 2044\\    link/infiniband 00:00", ""))))
                .extracting(PasteRepair.Row::text).containsExactly(" 0: 2: ib0: <UP> mtu 2044", " 0:     link/infiniband 00:00");
        // a backslash elsewhere: a Windows path, a regex, a shell continuation
        for (String other : List.of("C:\\Users\\me>  iperf3 -c 10.0.0.1", "grep -E 'a\\s+b' x", "1: ib_write_bw -d mlx5_0 \\")) {
            assertThat(IpOneline.split(List.of(new PasteRepair.Row(1, other, "")))).extracting(PasteRepair.Row::text)
                    .containsExactly(other);
        }
    }

    @Test
    void briefRowsAreReadUnderTheirCommandOrInARunWithAnAddress() {
        assertThat(interfaces("$ ip -br a\neth0             UP             10.1.2.3/24 \n")).singleElement()
                .satisfies(r -> assertThat(r.addresses()).containsExactly("10.1.2.3/24"));
        assertThat(interfaces("ib0              UP             10.1.2.3/24 fe80::1/64 \nib1              DOWN           \n"))
                .extracting(NetInterfaceRecord::state).containsExactly("UP", "DOWN");
        // one row, no command: a name, a state word and an address are too little to go by
        assertThat(interfaces("eth0 UP 10.1.2.3/24\n")).isEmpty();
        // ip -br link's rows carry their flags, and start a block alone
        assertThat(interfaces("ib0@ib1          UP             80:00:00:48:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0c:8a:01 <BROADCAST,UP,LOWER_UP> \n"))
                .singleElement().satisfies(r -> {
                    assertThat(r.name()).isEqualTo("ib0");
                    assertThat(r.flags()).contains("LOWER_UP");
                    assertThat(r.address()).startsWith("80:00:00:48");
                });
    }
}
