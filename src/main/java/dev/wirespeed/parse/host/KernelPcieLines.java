package dev.wirespeed.parse.host;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The PCIe lines of a kernel log: the bandwidth notice of pcie_print_link_status(), i40e's own PCIe line at probe,
 * and the AER error report with its error bits. Read by {@link KernelLogParser}.
 */
final class KernelPcieLines {
    private KernelPcieLines() {}

    /**
     * pcie_print_link_status(): since 5.4 "8.0 GT/s PCIe x8", from 4.17 to 5.3 "8 GT/s x8" (PCIE_SPEED2STR
     * without the "PCIe" suffix: "63.008 Gb/s available PCIe bandwidth, limited by 8 GT/s x8 link at
     * 0001:00:00.0 (capable of 126.016 Gb/s with 8 GT/s x16 link)"). A note may keep the line only up to "… x1 link"
     * (issue 31 round 15b, the rest cut by its author): the link it was limited by is read, the rest stays unknown.
     */
    static final Pattern PCIE = Pattern.compile("([\\d.]+) Gb/s available PCIe bandwidth"
            + "(?:, limited by ([\\d.]+) GT/s(?: PCIe)? x(\\d+) link(?: at (\\S+)(?: \\(capable of ([\\d.]+) Gb/s with ([\\d.]+) GT/s"
            + "(?: PCIe)? x(\\d+) link\\))?)?| \\(([\\d.]+) GT/s(?: PCIe)? x(\\d+) link\\)).*");
    /**
     * i40e's own PCIe line at probe: "PCI-Express: Speed 8.0GT/s Width x8"; FreeBSD's ice/ixl print it as
     * "PCI Express Bus: Speed 8.0GT/s Width x8" (opnsense/core#7601).
     */
    static final Pattern INTEL_PCIE = Pattern.compile("PCI(?:-Express| Express Bus): Speed ([\\d.]+) ?GT/s Width x(\\d+)");
    /**
     * igb's, e1000e's and older ixgbe's PCIe line at probe, the link in parentheses before the MAC address: igb_probe
     * "eth0: (PCIe:2.5Gb/s:Width x1) 00:0d:b9:43:59:a4" (its "Gb/s" is the link's GT/s: 2.5, 5.0), e1000e and ixgbe
     * "(PCI Express:2.5GT/s:Width x1) …"; the netdev's name may come first.
     */
    static final Pattern PROBE_PCIE = Pattern.compile(
            "(?:[\\w.@-]+: )?\\((?:PCIe|PCI Express):([\\d.]+) ?G[bT]/s:Width x(\\d+)\\).*");
    /**
     * aer_print_error(): "PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)". Its words are the
     * kernel's own and a copy typed from a screen in lower case ("pcie bus error: severity=corrected, type=physical
     * layer, id=00e8") cannot mean anything else, so case is ignored (issue 31 round 17); {@link #kernelCase} gives the
     * values back as the kernel prints them.
     */
    static final Pattern AER = Pattern.compile(
            "(?i)(?:AER: )?PCIe Bus Error: severity=([^,]+), type=([^,]+),.*");
    /** An AER error bit after the severity line: "[ 0] RxErr", "[12] Timeout" (older kernels: "Receiver Error"). */
    static final Pattern AER_BIT = Pattern.compile("(?:(?i:AER):\\s*)?\\[\\s*\\d+\\]\\s+(.+?)(?:\\s+\\((?i:First)\\))?");

    /**
     * An AER severity or layer as the kernel prints it ("Corrected", "Uncorrected (Non-Fatal)", "Physical Layer", "Data
     * Link Layer": each word capitalised) when it was typed all in lower case; any other spelling stays as printed.
     */
    static String kernelCase(String value) {
        if (!value.equals(value.toLowerCase(Locale.ROOT))) {
            return value;
        }
        StringBuilder out = new StringBuilder(value.length());
        boolean start = true;
        for (char c : value.toCharArray()) {
            out.append(start ? Character.toUpperCase(c) : c);
            start = c == ' ' || c == '(' || c == '-';
        }
        return out.toString();
    }
}
