package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.CardIdentity;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A Mellanox/NVIDIA adapter as the firmware tools describe it (mlxconfig/mstconfig "Device #1",
 * mlxfwmanager's query, flint query, mst status).
 *
 * @param device     what the tool calls it: "21:00.0", "/dev/mst/mt4115_pciconf0"
 * @param pciAddress the PCI address when printed
 * @param firmware   running firmware version
 * @param available  firmware version available in the tool's image (mlxfwmanager)
 * @param status     mlxfwmanager's "Up to date" / "Update required"
 * @param runningFirmware mlxfwmanager's "FW (Running)" row: the version the adapter runs when it
 *                   differs from the one installed in flash (mstflint prints the row only then);
 *                   null when not printed
 * @param romVersions current versions of the other images (PXE, UEFI, CLP, "UEFI Virtio net" …), in order
 *                   (mlxfwmanager's version table, flint's "Rom Info: type=PXE version=3.6.502")
 * @param baseGuid   "Base GUID:" (flint, mlxfwmanager), hex as printed
 * @param baseMac    "Base MAC:", hex as printed
 * @param securityAttributes flint's "Security Attributes:" ("secure-fw", "dev"); null when N/A
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("MlxDevice")
public record MlxDevice(String device, String deviceType, String partNumber, String description, String psid,
                        String pciAddress, String firmware, String available, String status, Source source,
                        String runningFirmware, Map<String, String> romVersions, String baseGuid, String baseMac,
                        String securityAttributes)
        implements LogInput {
    public MlxDevice {
        romVersions = romVersions == null ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(romVersions));
    }

    /** A device without running-firmware and boot-image versions (every tool but mlxfwmanager). */
    public MlxDevice(String device, String deviceType, String partNumber, String description, String psid,
                     String pciAddress, String firmware, String available, String status, Source source) {
        this(device, deviceType, partNumber, description, psid, pciAddress, firmware, available, status, source, null,
                Map.of(), null, null, null);
    }

    /** True when the running firmware is known and differs from the installed one: a reset is pending. */
    public boolean resetPending() {
        return runningFirmware != null && firmware != null && !runningFirmware.equals(firmware);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("device", device).put("type", deviceType).put("part", partNumber).put("psid", psid)
                .put("pci", pciAddress).put("firmware", firmware).put("available", available).put("status", status)
                .put("running", runningFirmware).put("pxe", romVersions.get("PXE")).put("uefi", romVersions.get("UEFI"))
                .put("guid", baseGuid).put("mac", baseMac).put("security", securityAttributes).map();
    }

    /**
     * mlxfwmanager's status ("Update required") and versions, as device settings of the card; the
     * part number, description and PSID of any firmware tool name the card's model (host.CardIdentity).
     */
    @Override
    public void addFacts(FactSink out) {
        String card = pciAddress != null ? pciAddress : device;
        FactSink.pci(card).ifPresent(a -> {
            Evidence idEv = out.evidence(source);
            if (partNumber != null) {
                out.add(new DeviceSetting(a, CardIdentity.PART_NUMBER, partNumber, idEv));
            }
            if (description != null) {
                out.add(new DeviceSetting(a, CardIdentity.DESCRIPTION, description, idEv));
            }
            if (psid != null) {
                out.add(new DeviceSetting(a, CardIdentity.PSID, psid, idEv));
            }
        });
        if ("mlxfwmanager".equals(out.format()) && status != null && card != null) {
            Evidence ev = out.evidence(source);
            out.add(new DeviceSetting(card, DeviceSetting.FIRMWARE_STATUS, status, ev));
            if (firmware != null) {
                out.add(new DeviceSetting(card, DeviceSetting.FIRMWARE_VERSION, firmware
                        + (available != null ? ", " + available + " available" : ""), ev));
            }
        }
    }
}
