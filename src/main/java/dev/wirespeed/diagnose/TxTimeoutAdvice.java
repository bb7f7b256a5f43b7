package dev.wirespeed.diagnose;

/**
 * What to do about a transmit timeout or hang, by the driver that reported it (the watchdog names it: "NETDEV WATCHDOG:
 * eth1 (ixgbe): …"). Each driver's known causes, or, when the driver is not one of these, the steps that hold for any;
 * the line never tells the cause, so each advice names what to look at first.
 */
final class TxTimeoutAdvice {
    private TxTimeoutAdvice() {}

    static String of(String driver, String iface) {
        String port = iface == null ? "IFACE" : iface;
        String d = driver == null ? "" : driver;
        return switch (d) {
            case "mlx5_core" -> "mlx5 recovers the queue itself (devlink health show shows its tx reporter); if it recurs, "
                    + "bring the driver and the adapter's " + Mlx5HealthAdvice.FIRMWARE_SOURCE + " to current releases and "
                    + "look for PCIe AER errors and link flaps at the same times";
            case "mlx4_core", "mlx4_en" -> "mlx4 drives ConnectX-3 and older cards, which are end of life: update its "
                    + "firmware (mstflint) and the kernel, and look for PCIe AER errors at the same times; the log cannot tell "
                    + "a card fault from a host PCIe controller the driver does not work with (reported on some Arm boards)";
            case "e1000e" -> "e1000e's hang is known on 82574/82579/I217/I218/I219 with TCP segmentation offload and with "
                    + "power saving: try ethtool -K " + port + " tso off gso off, then EEE off (ethtool --set-eee " + port
                    + " eee off) and PCIe ASPM off (pcie_aspm=off); the log cannot tell which of them";
            // e1000 drives the 8254x PCI/PCI-X chips: no NVM to update, no PCIe; it is also the NIC QEMU/KVM,
            // VirtualBox and VMware emulate by default, and there the hang is the emulation's (issue 31 round 15)
            case "e1000" -> "e1000 drives the 8254x family, the NIC QEMU/KVM, VirtualBox and VMware emulate by default: on a "
                    + "virtual machine switch the guest's NIC model to virtio-net (vmxnet3 on VMware) and update the "
                    + "hypervisor; on real 8254x hardware update the kernel and try another slot or card; the line cannot "
                    + "tell an emulated device from a real one";
            // r8152 drives Realtek's USB adapters (RTL8152/8153/8156): USB power management and the port, never PCIe
            case "r8152" -> "r8152 drives a Realtek USB adapter: try another USB port without a hub (one that can power "
                    + "it), USB autosuspend off (usbcore.autosuspend=-1), and a newer kernel or Realtek's r8152 release; "
                    + "the line cannot tell the adapter from the USB host controller";
            case "igb", "igc", "ixgbe", "i40e", "ice" -> "update " + d + " (a newer kernel or Intel's driver release) "
                    + "and the adapter's NVM, and look for PCIe AER errors at the same times; as a test, PCIe ASPM off "
                    + "(pcie_aspm=off) and, on igb/igc, EEE off (ethtool --set-eee " + port + " eee off)";
            case "bnxt_en" -> "bnxt_en resets the ring itself; bring driver and adapter firmware to one release (Broadcom's "
                    + "niccli or the server vendor's firmware package) and look for PCIe AER errors at the same times";
            // nothing on an ENA port is tuned by the user's tools: the driver version and the instance are what to change
            case "ena" -> "ENA resets its device itself; update the ena driver (amzn-drivers' release or a newer kernel), and "
                    + "if it recurs on a current driver, stop and start the instance (a new host) or ask AWS support with "
                    + "the instance id";
            case "virtio_net" -> "the queue is served by the hypervisor (vhost or the host's virtio backend): look at the "
                    + "host's log and load at that time; update QEMU/the host and the guest kernel";
            case "hv_netvsc" -> "the queue is served by the Hyper-V/Azure host: look at the host's events at that time; "
                    + "update the guest kernel (hv_netvsc) and, on Azure, redeploy the VM if it recurs";
            case "r8169" -> "Realtek chips hang with PCIe ASPM on some boards: try pcie_aspm=off, a newer kernel, or "
                    + "Realtek's out-of-tree driver for the chip (r8168, r8125)";
            // r8125/r8168 are Realtek's own out-of-tree drivers: the alternative is the kernel's r8169
            case "r8125", "r8168" -> "Realtek chips hang with PCIe ASPM on some boards: try pcie_aspm=off, a newer release "
                    + "of " + d + ", or the kernel's own r8169 driver instead";
            default -> "update the NIC driver and firmware; look for PCIe AER errors, link flaps or firmware health messages "
                    + "at the same times; if it recurs, try another slot or card";
        };
    }
}
