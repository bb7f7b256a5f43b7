package dev.wirespeed.inspect;

import dev.wirespeed.host.Observed;
import java.io.IOException;
import java.nio.file.NoSuchFileException;

/**
 * The Max Payload Size from a function's PCI configuration space (/sys/bus/pci/devices/X/config):
 * the PCI Express capability (ID 0x10) in the capability list that starts at offset 0x34; its
 * Device Control register at +8 holds the payload size in bits 7:5 as 128 << n (PCIe base spec
 * 7.5.3.4). Unprivileged reads return only the first 64 bytes: the value is then absent.
 */
final class ConfigSpace {
    private ConfigSpace() {}

    private static final int CAP_POINTER = 0x34;
    private static final int CAP_ID_PCIE = 0x10;
    private static final int MAX_CAPS = 48;

    static Observed<Integer> maxPayloadBytes(RootedFs fs, String path) {
        byte[] c;
        try {
            c = fs.readBytes(path, 256);
        } catch (NoSuchFileException e) {
            return Observed.absent(path);
        } catch (IOException e) {
            return Observed.unknown(null, path, "not readable: " + e.getMessage());
        }
        if (c.length < 64) {
            return Observed.unreadable(c.length + " bytes", path, "configuration space shorter than its 64-byte header");
        }
        int ptr = c[CAP_POINTER] & 0xfc;
        for (int i = 0; i < MAX_CAPS && ptr >= 0x40 && ptr + 10 <= c.length; i++) {
            int id = c[ptr] & 0xff;
            if (id == CAP_ID_PCIE) {
                int devCtl = (c[ptr + 8] & 0xff) | (c[ptr + 9] & 0xff) << 8;
                int code = (devCtl >> 5) & 0x7;
                if (code > 5) {
                    return Observed.unreadable(String.format("DevCtl 0x%04x", devCtl), path, "reserved payload size code " + code);
                }
                int bytes = 128 << code;
                return Observed.of(bytes, String.format("DevCtl 0x%04x", devCtl), path + " (PCIe capability at 0x"
                        + Integer.toHexString(ptr) + ")");
            }
            ptr = c[ptr + 1] & 0xfc;
        }
        return c.length <= 64 ? Observed.unknown(c.length + " bytes", path, "only the header is readable (not root)")
                : Observed.absent(path);
    }
}
