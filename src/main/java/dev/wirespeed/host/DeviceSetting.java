package dev.wirespeed.host;

/**
 * A configuration value of a device that sysfs does not show: firmware settings (mstconfig/mlxconfig
 * "LINK_TYPE_P1 ETH(2)"), or a tool's summary (mlnx_tune "Link Type eth").
 *
 * @param device   the device as the tool names it ("21:00.0", "/dev/mst/mt4115_pciconf0", "mlx5_0")
 * @param name     the setting ("LINK_TYPE_P1", "SRIOV_EN")
 * @param value    the value as printed ("ETH(2)", "True(1)")
 * @param evidence the line it came from
 */
public record DeviceSetting(String device, String name, String value, Evidence evidence) {
    /** mlxfwmanager's status line ("Update required") of a card, as a setting (diagnose.FirmwareUpdateRule). */
    public static final String FIRMWARE_STATUS = "FW_STATUS";
    /** The card's firmware and the one available: "12.21.1000, 12.25.1020 available". */
    public static final String FIRMWARE_VERSION = "FW_VERSION";
}
