package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.other.MdcliRecord;
import dev.wirespeed.parse.other.ZeroTierPeer;
import java.util.List;
import org.junit.jupiter.api.Test;

class OtherParsersTest {
    @Test
    void zerotierPeers() {
        List<ZeroTierPeer> peers = Fixture.only("other/zerotier-peers-seed000.txt", "zerotier").all(ZeroTierPeer.class);
        assertThat(peers).hasSize(6);
        ZeroTierPeer moon = peers.get(1);
        assertThat(moon.role()).isEqualTo("MOON");
        assertThat(moon.latencyMillis()).isEqualTo(66);
        assertThat(moon.path()).isEqualTo("xxx.xxx.xxx.xxx/14999");
        assertThat(peers.get(2).version()).as("'-' is absent").isNull();
    }

    @Test
    void zerotierRelayPeersAndListpeersLatencyAndVersion() {
        Parsed relay = Fixture.only("other/zerotier-peers-relay-planet22.txt", "zerotier");
        List<ZeroTierPeer> peers = relay.all(ZeroTierPeer.class);
        assertThat(peers).hasSize(5);
        assertThat(relay.skipped()).isEmpty();
        ZeroTierPeer leaf = peers.get(1);
        assertThat(leaf.address()).isEqualTo("579dcf7144");
        assertThat(leaf.version()).isEqualTo("1.8.4");
        assertThat(leaf.latencyMillis()).isEqualTo(-1);
        assertThat(leaf.link()).isEqualTo("RELAY");
        assertThat(leaf.path()).isNull();
        assertThat(peers.get(3).version()).isEqualTo("1.10.0");
        assertThat(peers.get(0).latencyMillis()).isEqualTo(99);
        assertThat(peers.get(4).version()).isNull();
        Parsed list = Fixture.only("other/zerotier-listpeers-1.10.2-issue1787.txt", "zerotier");
        assertThat(list.all(ZeroTierPeer.class)).hasSize(5)
                .allSatisfy(p -> assertThat(p.latencyMillis()).isEqualTo(-1));
        assertThat(list.skipped()).isEmpty();
        assertThat(list.firstLine()).as("the header line is part of the block").isEqualTo(2);
        List<ZeroTierPeer> old = Fixture.only("other/zerotier-listpeers-1.2-issue934.txt", "zerotier").all(ZeroTierPeer.class);
        assertThat(old).extracting(ZeroTierPeer::latencyMillis).containsExactly(152, 22, 72);
        assertThat(old).extracting(ZeroTierPeer::version).containsExactly("1.2.13", "1.1.5", "1.1.5");
        assertThat(old.getFirst().path()).isEqualTo("35.236.39.121/52920");
    }

    @Test
    void mdcliStartupInfoWithAnnotationsStripped() {
        MdcliRecord r = Fixture.only("other/mdcli-startup-infos-patch-loaded-seed000.txt", "mdcli-json")
                .all(MdcliRecord.class).getFirst();
        assertThat(r.object()).isEqualTo("startup-info");
        assertThat(r.get("next-system-software")).isEqualTo("AirEngineX773_V600R023C10SPC200.cc");
        assertThat(r.get("current-patch-file")).isEqualTo("AirEngineX773_V600R023SPH151.pat");
        MdcliRecord fresh = Fixture.only("other/mdcli-startup-infos-new-image-seed000.txt", "mdcli-json")
                .all(MdcliRecord.class).getFirst();
        assertThat(fresh.get("next-system-software")).isEqualTo("AirEngineX773_V600R024C10SPC100.cc");
        assertThat(fresh.get("current-patch-file")).isEqualTo("NULL");
    }

    @Test
    void mdcliBareStringAnswer() {
        List<Piece> pieces = LogReader.standard().read(Fixture.text("seeds/000_a2147e746c8b34a4.txt"));
        Piece p = pieces.stream().filter(x -> "display system/system-info/software-name".equals(x.command())).findFirst()
                .orElseThrow();
        MdcliRecord r = p.outputs().getFirst().all(MdcliRecord.class).getFirst();
        assertThat(r.object()).isEqualTo("system/system-info/software-name");
        assertThat(r.get("value")).isEqualTo("AirEngineX773_V600R023C10SPC200.cc");
    }

    @Test
    void mdcliPatchInfoAndTransferTask() {
        MdcliRecord patch = Fixture.only("other/mdcli-patch-infos-seed000.txt", "mdcli-json").all(MdcliRecord.class).getFirst();
        assertThat(patch.object()).isEqualTo("patch-info");
        assertThat(patch.get("state")).isEqualTo("running");
        assertThat(patch.get("version")).isEqualTo("V600R024C10SPH181");
        MdcliRecord task = Fixture.only("other/mdcli-transfer-tasks-seed000.txt", "mdcli-json").all(MdcliRecord.class).getFirst();
        assertThat(task.get("status")).isEqualTo("succeeded");
        assertThat(task.get("percentage")).isEqualTo("100");
    }
}
