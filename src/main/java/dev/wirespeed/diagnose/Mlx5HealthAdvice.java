package dev.wirespeed.diagnose;

import java.util.Locale;

/**
 * What an mlx5 health syndrome means and what to do about it. The syndromes are mlx5's health buffer
 * codes as health.c's hsynd_str() names them (Linux drivers/net/ethernet/mellanox/mlx5/core/health.c):
 * 0x1 firmware internal error, 0x7 irisc not responding, 0x8 unrecoverable hardware error, 0x9 firmware CRC
 * error, 0xa ICM fetch PCI error, 0xb HW fatal error, 0xc async EQ buffer overrun, 0xd EQ error, 0xe invalid
 * EQ referenced, 0xf FFSER error, 0x10 high temperature. The fix follows the cause: a firmware update does
 * not cool an adapter, and a reflash does not mend a PCIe path.
 *
 * <p>Firmware comes from NVIDIA only for NVIDIA-branded cards (a PSID starting MT_); a server vendor's card
 * (PSID DEL…, HPE…, LNV…, …) takes that vendor's package. A health dump does not print the PSID, so the
 * advice names both. The reset tool is MFT's mlxfwreset, or mstfwreset where only Linux distributions'
 * mstflint is installed.
 */
final class Mlx5HealthAdvice {
    private Mlx5HealthAdvice() {}

    /** The cause in words and the action, for a syndrome ("0x10") or, without one, the status text mlx5 printed. */
    record Advice(String cause, String action) {}

    static final String FIRMWARE_SOURCE = "firmware for its PSID (mlxfwmanager -u for an NVIDIA PSID MT_…, the server vendor's"
            + " package for an OEM one)";
    /**
     * @param address the PCI address the kernel printed ("0000:41:00.0"), or null: the commands then say DEVICE
     */
    static Advice of(String syndrome, String status, String address) {
        String device = address == null ? "DEVICE" : address;
        String reset = "mlxfwreset -d " + device + " reset (MFT; mstfwreset with mstflint) or a power cycle";
        int code = code(syndrome);
        String text = status == null ? "" : status.toLowerCase(Locale.ROOT);
        if (overheated(syndrome, status)) {
            return new Advice("the adapter overheated and its firmware stopped to protect it",
                    "cool the adapter, firmware does not fix heat: the server's fan profile for PCIe cards or a slot with"
                            + " airflow, and the transceivers' temperature (ethtool -m); then power-cycle the host to bring"
                            + " the device back");
        }
        if (code == 0xa || text.contains("icm fetch pci")) {
            return new Advice("the adapter could not read its tables from host memory over PCIe",
                    "look for PCIe AER errors of the device and the port above it (dmesg | grep -i aer) and its link in"
                            + " lspci -vv (LnkSta), check the IOMMU settings, reseat the card or try another slot; then "
                            + reset);
        }
        if (code == 0x9 || text.contains("crc")) {
            return new Advice("the firmware image failed its CRC check",
                    "burn the " + FIRMWARE_SOURCE + " again, then power-cycle");
        }
        if (code == 0x8 || code == 0xb || text.contains("hardware error") || text.contains("hw fatal")) {
            return new Advice("the adapter reported a fatal hardware error",
                    "power-cycle the host (a cold reset); if it returns with current " + FIRMWARE_SOURCE
                            + ", the card is faulty: replace it");
        }
        if (code > 0 || !text.isBlank()) {
            return new Advice("the adapter's firmware stopped or asserted",
                    "reset the adapter: " + reset + "; bring it to the current " + FIRMWARE_SOURCE
                            + "; if it recurs there, keep devlink health dump show pci/" + device + " reporter fw_fatal for the vendor");
        }
        return new Advice("the log does not name the cause (no syndrome line)",
                "find the dump's synd line in the full log; until then: " + reset);
    }

    /**
     * Whether the dump says the adapter stopped over heat: syndrome 0x10, or, in a dump whose synd line was not
     * pasted, the status text (health.c's hsynd_str "High temperature"; some firmware spells it "temprature").
     */
    static boolean overheated(String syndrome, String status) {
        String text = status == null ? "" : status.toLowerCase(Locale.ROOT);
        return code(syndrome) == 0x10 || text.contains("high temperature") || text.contains("high temprature");
    }

    private static int code(String syndrome) {
        if (syndrome == null || !syndrome.startsWith("0x")) {
            return -1;
        }
        try {
            return Integer.parseInt(syndrome.substring(2), 16);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
