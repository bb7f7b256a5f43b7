package dev.wirespeed.parse.host;

import java.util.regex.Pattern;

/**
 * The messages of a driver about its port's link and its transceiver: link up/down and the lines after it, module
 * events and module types, PHY capability failures, and a VF's refused request. Read by {@link KernelLogParser}.
 */
final class KernelLinkLines {
    private KernelLinkLines() {}

    /**
     * "Link up", "NIC Link is Up …"; igb repeats its name and the netdev inside the message ("igb 0000:07:00.0 eno1: igb:
     * eno1 NIC Link is Up 1000 Mbps …", igb_main.c's netdev_info "igb: %s NIC Link is Up"); bnx2 names the medium
     * ("NIC Copper Link is Up, 1000 Mbps full duplex"); mtk_soc_eth's switch names its port ("port 2 link up").
     */
    static final Pattern LINK = Pattern.compile(
            "(?:[\\w-]+: [\\w.@-]+ )?(?:port \\d{1,3} )?(?:NIC )?(?:Copper |Fiber |SerDes |Remote Copper )?Link (?:is )?(up|down)\\b,?\\s*(.*)",
            Pattern.CASE_INSENSITIVE);
    /**
     * Drivers before netdev_printk printed the netdev inside the message of dev_printk, after the PCI address: r8169's
     * "r8169 0000:02:00.0: eth0: link up" (2.6 and 3.x kernels). Read for a link line only.
     */
    static final Pattern NETDEV_FIRST = Pattern.compile("(" + KernelLineForms.NETDEV + "): (.*)");
    /**
     * What a driver prints on the line after its link-up line: tg3's and b44's pause ("Flow control is on for TX and on
     * for RX."), bnxt_en's bnxt_report_fec ("FEC autoneg off encoding: Clause 91 RS(544,514)", the active FEC). Kept in
     * the link event of the same port.
     */
    static final Pattern LINK_FLOW_LINE = Pattern.compile("Flow control is ((?:on|off) for TX and (?:on|off) for RX)\\.?\\s*");
    static final Pattern LINK_FEC_LINE = Pattern.compile("FEC autoneg (?:on|off) encoding: (.+?)\\s*");
    static final Pattern MODULE = Pattern.compile("Port module event(\\[error])?: module (\\d+), (.*)");
    /** dev_change_name's "renamed from eth0" under the new name, " (while UP)" after it since 6.x (a {@link NetdevRename}) */
    static final Pattern RENAMED = Pattern.compile("renamed from ([\\w.@-]+)(?: \\(while UP\\))?\\s*");
    /**
     * The PF refused a VF's request because the VF is not trusted: i40e_virtchnl_pf.c "Cannot add more MAC
     * addresses, VF is not trusted, switch the VF to trusted to add more functionality" and "VF is not trusted,
     * switch the VF to trusted to add more VLAN addresses"; ice_virtchnl.c "Can't add more MAC addresses, because
     * VF-3 is not trusted, switch the VF to trusted mode in order to add more functionalities" and (before 5.14)
     * "VF-3 is not trusted, switch the VF to trusted mode, in order to add more VLAN addresses".
     */
    /**
     * The PF reset the VF: iavf_main.c "Reset indication received from the PF" (i40evf before 4.17: "Reset warning
     * received from the PF").
     */
    static final Pattern VF_RESET = Pattern.compile("Reset (?:indication|warning) received from the PF\\s*");
    /**
     * The PF refused a VF's virtchnl request: iavf_virtchnl.c "PF returned error %d (%s) to our request %d" (the status
     * name, the request's opcode number); the PF's side, ice_virtchnl.c "PF failed to honor VF %d, opcode %d, error %d".
     */
    static final Pattern VF_REQUEST_REFUSED = Pattern.compile("PF returned error (-?\\d{1,4}) \\((\\w+)\\) to our request (\\d{1,4})\\s*");
    static final Pattern PF_REFUSED_VF = Pattern.compile("PF failed to honor VF (\\d{1,4}), opcode (\\d{1,4}), error (-?\\d{1,4})\\s*");
    /** mlx5 sriov.c mlx5_sriov_enable: the PCI core would not add the VFs ("pci_enable_sriov failed : -5"). */
    static final Pattern SRIOV_ENABLE = Pattern.compile("(?:\\w+:\\d+:\\(pid \\d+\\):\\s*)?pci_enable_sriov failed ?: (-?\\d{1,4})\\s*");
    /** bnxt_en bnxt_sriov.c: the VFs' BARs do not fit the bridge window ("not enough MMIO resources for SR-IOV"). */
    static final Pattern SRIOV_MMIO = Pattern.compile("not enough MMIO resources for SR-IOV\\s*");
    static final Pattern VF_NOT_TRUSTED = Pattern.compile("(?:(?:Cannot|Can't) ([\\w ]{1,60}?), (?:because )?)?"
            + "VF(?:[- ](\\d{1,4}))? is not trusted\\b(?:, switch the VF to trusted(?: mode)?,? (?:in order )?to ([\\w ]{1,60}?))?\\s*");
    /**
     * ice_common.c ice_init_hw: "Get PHY capabilities failed status = -5, continuing anyway"; ice_main.c
     * ice_init_nvm_phy_type: "Get PHY capability failed." (intel-wired-lan, 2022-04-12, after a firmware
     * flash and devlink reload).
     */
    static final Pattern PHY_CAPS = Pattern.compile("Get PHY capabilit(?:ies|y) failed(?:\\.|,? status = (-?\\d+).*)?\\s*");
    /**
     * i40e_main.c (i40e_force_link_state, i40e_set_fc …): "failed to get phy cap., ret =  I40E_ERR_UNKNOWN_PHY last_status
     * =  I40E_AQ_RC_EIO" (newer kernels print the return as "-EIO" or a number); two blanks after each "=" as printed.
     */
    static final Pattern I40E_PHY_CAPS = Pattern.compile("failed to get phy cap\\., ret =\\s+(\\S+)\\s+last_status =\\s+(\\S+)\\s*");
    /**
     * The driver refused the transceiver: i40e_main.c i40e_handle_link_event "Rx/Tx is disabled on this
     * device because an unsupported SFP module type was detected."; ixgbe_main.c ixgbe_probe "failed to
     * load because an unsupported SFP+ or QSFP module type was detected."
     */
    static final Pattern UNSUPPORTED_MODULE = Pattern.compile(
            "(Rx/Tx is disabled on this device|failed to load) because an unsupported (SFP\\+? or QSFP|SFP\\+?|QSFP\\+?) module type was detected\\.?\\s*");
    /**
     * ixgbe_main.c ixgbe_sfp_detection_subtask: "detected SFP+: 5", the driver's module type (ixgbe_type.h enum
     * ixgbe_sfp_type, named below up to 14; later values differ between kernel versions).
     */
    static final Pattern SFP_DETECTED = Pattern.compile("detected SFP\\+: (\\d{1,5})\\s*");
    static final String[] IXGBE_SFP_TYPES = {"direct-attach copper", "SR", "LR", "direct-attach copper (core 0)",
        "direct-attach copper (core 1)", "SR/LR (core 0)", "SR/LR (core 1)", "active limiting direct-attach (core 0)",
        "active limiting direct-attach (core 1)", "1G copper (core 0)", "1G copper (core 1)", "1G SX (core 0)",
        "1G SX (core 1)", "1G LX (core 0)", "1G LX (core 1)"};
}
