package dev.wirespeed.parse;

import java.util.regex.Pattern;

/**
 * A PCI function's address as the kernel and lspci print it: domain:bus:device.function ("0000:65:00.0"), or without
 * the domain ("65:00.0", lspci without -D, older kernels' lines). pci_name() prints the domain as "%04x", so a domain
 * past 0xffff has more digits (Intel VMD's "10000:e1:00.0"); bus and device are two hex digits, the function 0 to 7.
 * One pattern for every reader that finds an address in a line (issue 31, round 13).
 */
public final class PciAddress {
    private PciAddress() {}

    /** The domain with its colon: at least four hex digits. */
    private static final String DOMAIN = "[0-9a-fA-F]{4,}:";
    /** An address without its domain, bus:device.function ("65:00.0"), for use inside a larger pattern. */
    public static final String SHORT = "[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]";
    /** An address with or without its domain, for use inside a larger pattern (no group of its own). */
    public static final String BDF = "(?:" + DOMAIN + ")?" + SHORT;
    /** An address with its domain, for use inside a larger pattern (no group of its own). */
    public static final String FULL = DOMAIN + SHORT;
    private static final Pattern ADDRESS = Pattern.compile(BDF);

    /** Whether the text is one PCI function's address, with or without its domain. */
    public static boolean is(String text) {
        return text != null && ADDRESS.matcher(text).matches();
    }

    /** The device of a function's address, without the function: "0000:0d:00.2" → "0000:0d:00"; null for anything else. */
    public static String device(String address) {
        return is(address) ? address.substring(0, address.lastIndexOf('.')) : null;
    }
}
