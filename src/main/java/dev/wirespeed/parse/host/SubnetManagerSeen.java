package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.NfsRdma;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * Whether a subnet manager runs: {@code sminfo} ("sminfo: sm lid 1 sm guid 0x…, … SMINFO_MASTER":
 * one runs somewhere in the fabric), {@code systemctl status opensm|opensmd} ("Active: active
 * (running)" or "inactive (dead)"/"failed" on this host), or {@code ps}/{@code pgrep} lines naming opensm.
 *
 * @param how     "sminfo", "systemctl" or "ps"
 * @param running true when an SM was seen, false when the output says it is not running here
 * @param smLid   the SM's LID (sminfo), else null
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("SubnetManagerSeen")
public record SubnetManagerSeen(String how, boolean running, Integer smLid, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("how", how).put("running", running ? "yes" : "no").put("sm lid", smLid).map();
    }

    @Override
    public void addFacts(FactSink out) {
        out.add(new DeviceSetting(NfsRdma.FABRIC, NfsRdma.SUBNET_MANAGER,
                running ? (smLid != null ? "master lid " + smLid : "running") : "not running", out.evidence(source)));
    }
}
