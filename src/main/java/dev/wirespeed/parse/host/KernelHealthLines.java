package dev.wirespeed.parse.host;

import java.util.regex.Pattern;

/**
 * The messages of a driver about its adapter's health and firmware: mlx5's health poll and dump, its command
 * timeouts and temperature, the firmware at probe, firmware loads, ice's health status, a failed probe. Read by
 * {@link KernelLogParser}.
 */
final class KernelHealthLines {
    private KernelHealthLines() {}

    /** mlx5 health.c: every line of the health buffer; the syndrome line names the failure. */
    static final Pattern HEALTH = Pattern.compile("print_health_info:\\d+:\\(pid \\d+\\):\\s*(.*)");
    /** mlx5's printk prefix of its own messages ("poll_health:471:(pid 0): "), absent since Linux 5.x's plain mlx5_core_err. */
    static final String MLX5_FUNC = "(?:\\w+:\\d+:\\(pid \\d+\\):\\s*)?";
    /**
     * mlx5 health.c poll_health: the firmware's health counter stopped ("device's health compromised - reached miss
     * count") or a fatal sensor fired ("Fatal error 1 detected"); print_health_info's dump follows.
     */
    static final Pattern HEALTH_COMPROMISED = Pattern.compile(
            MLX5_FUNC + "(device's health compromised - reached miss count|Fatal error \\d+ detected)\\s*");
    /** One line of print_health_info's dump, with or without its prefix: the values a firmware-health error keeps. */
    static final Pattern HEALTH_DUMP = Pattern.compile(MLX5_FUNC + "(?:(synd (0x[0-9a-fA-F]+):?\\s*(.*))"
            + "|ext_synd (0x[0-9a-fA-F]+)|fw_ver (\\d+\\.\\d+\\.\\d+)|assert_var\\[\\d+\\] 0x\\w+|assert_exit_ptr 0x\\w+"
            + "|assert_callra 0x\\w+|time \\d+|hw_id 0x\\w+|rfr \\d+|severity \\d+ \\(\\w+\\)|irisc_index \\d+|raw fw_ver 0x\\w+"
            // health.c since 5.17: "Health issue observed, %s, severity(%d) %s:" names the syndrome in words
            + "|Health issue observed, (.*?)(?:, severity\\(\\d+\\).*)?)\\s*");
    /**
     * mlx5 cmd.c: a firmware command that never completed (the index in "cmd[…]" is -22 when the command never got a
     * slot, 485d65e13571) ("wait_func:1132:(pid 141181): CREATE_DCT(0x710) timeout.
     * Will cause a leak of a command resource", "wait_func_handle_exec_timeout:…: cmd[22]: CREATE_DCT(0x710) No done
     * completion", the async "cmd[3]: X(0x…) Async, timeout. …").
     */
    static final Pattern COMMAND_TIMEOUT = Pattern.compile(MLX5_FUNC + "(?:\\w+:\\s*(?:\\.\\.\\.|…)\\s*)?"
            + "(?:cmd\\[-?\\d+\\]: )?(\\w+\\(0x[0-9a-fA-F]+\\))(?: Async,)? "
            + "(timeout(?:\\. Will cause a leak of a command resource|\\.)?|No done completion)\\s*");
    /**
     * The same line's end when a note wrapped it onto a line of its own ("… DESTROY_EQ(0x302) timeout." then "Will
     * cause a leak of a command resource", issue 31 round 16; the function and pid written "wait_func_handle_exec_timeout:
     * ..." by the writer, read by {@link #COMMAND_TIMEOUT}).
     */
    static final Pattern COMMAND_LEAK = Pattern.compile("Will cause a leak of a command resource\\s*");
    /**
     * mlx5 eq.c mlx5_cmd_eq_recover: after a command's timeout the driver polled the command EQ and found its
     * completion ("Recovered 1 EQEs on cmd_eq"): the firmware answered, its interrupt never arrived.
     */
    static final Pattern EQ_RECOVERED = Pattern.compile(MLX5_FUNC + "(Recovered \\d+ EQEs on cmd_eq)\\s*");
    /**
     * mlx5 cmd.c wait_func_handle_exec_timeout / cb_timeout_handler since 5.10: the command the recovery completed,
     * "cmd[0]: CREATE_EQ(0x301) recovered after timeout" (the async form adds "Async,").
     */
    static final Pattern COMMAND_RECOVERED = Pattern.compile(MLX5_FUNC
            + "(?:cmd\\[-?\\d+\\]: )?(\\w+\\(0x[0-9a-fA-F]+\\))(?: Async,)? recovered after timeout\\s*");
    /**
     * mlx5 cmd.c: the firmware answered a command with an error status: mlx5_cmd_check (to 5.x) "DEALLOC_PD(0x801)
     * op_mod(0x0) failed, status bad resource state(0x9), syndrome (0x31b635)", mlx5_cmd_out_err (6.x) the same with
     * ", err(-22)" after it, and "uid(N)" before "failed" in some releases. The command, the status and the syndrome.
     */
    static final Pattern COMMAND_FAILED = Pattern.compile(MLX5_FUNC + "(\\w+\\(0x[0-9a-fA-F]+\\))(?: op_mod\\(0x[0-9a-fA-F]+\\))?"
            + "(?: uid\\(\\d+\\))? failed, status ([^,]+?\\(0x[0-9a-fA-F]+\\)), syndrome \\((0x[0-9a-fA-F]+)\\)"
            + "(?:, err\\(-?\\d+\\))?\\s*");
    /**
     * mlx5 cmd.c cmd_work_handler: no free command slot for a new command ("failed to allocate command entry"); since
     * 485d65e13571 a slot stays held until the firmware answers, so every slot is held by a command not yet answered.
     */
    static final Pattern COMMAND_NO_SLOT = Pattern.compile(MLX5_FUNC + "(failed to allocate command entry)\\s*");
    /**
     * mlx5 events.c temp_warn: the adapter's temperature event ("High temperature on sensors with bit set 0 1", the
     * sensor bit masks as printed).
     */
    static final Pattern TEMPERATURE = Pattern.compile(MLX5_FUNC + "(High temperature on sensors with bit set (\\w+ \\w+))\\s*");
    /** mlx5 main.c at probe: the firmware the adapter runs. */
    static final Pattern FIRMWARE = Pattern.compile("firmware version: (\\d+\\.\\d+\\.\\d+)");
    /** i40e/ice at probe: "fw 7.0.50775 api 1.8 nvm 7.00 0x80004c97 1.2154.0 [8086:1583] [8086:0002]". */
    static final Pattern INTEL_FIRMWARE = Pattern.compile("fw ([\\d.]+) api ([\\d.]+) nvm ([\\w.]+)\\b.*");
    static final Pattern SYNDROME = Pattern.compile("synd (0x[0-9a-fA-F]+):?\\s*(.*)");
    /** The same after the device prefix since 5.x: "probe with driver mlx5_core failed with error -22". */
    /**
     * bnxt_en's firmware (HWRM) channel refused a command: bnxt_hwrm.c "hwrm req_type 0x1d seq id 0xb error 0x2" (the
     * command type and the firmware's status, both by number).
     */
    static final Pattern HWRM_ERROR = Pattern.compile(
            "hwrm req_type (0x[0-9a-fA-F]{1,4}) seq id 0x[0-9a-fA-F]{1,4} error (0x[0-9a-fA-F]{1,4}|\\d{1,5})\\s*");
    static final Pattern PROBE = Pattern.compile("probe with driver ([\\w-]+) failed with error (-?\\d+)");
    /** drivers/base/firmware_loader: "Direct firmware load for intel/ice/ddp/ice.pkg failed with error -2". */
    static final Pattern FIRMWARE_LOAD = Pattern.compile("Direct firmware load for (\\S+) failed with error (-?\\d+)");
    /**
     * ice's health status events (ice_main.c ice_print_health_status_string, out-of-tree ice 1.x and newer
     * kernels): one statement, then "Possible Solution[ N]: …" lines and "Port Number: N.". The firmware
     * found a problem with the port, its module or its NVM; netdev_info for the three "limited"/"underutilized"
     * notices, netdev_err for the rest. ICE_AQC_HEALTH_STATUS_ERR_PARALLEL_FAULT's newer wording is "All configured
     * link modes were attempted but failed to establish link. The device will restart …" (FreeBSD's ice_health_status
     * table, opnsense/src#317 prints its two sentences on two lines).
     */
    static final Pattern NIC_HEALTH = Pattern.compile("(A parallel fault was detected"
            + "|All configured link modes were attempted but failed to establish link|Module is not present"
            + "|An unsupported module was detected|Module type is not supported|Module is not qualified"
            + "|Device cannot communicate with the module|Unresolved module conflict|Underutilized module"
            + "|Invalid link configuration|Port hardware access error|A port is unreachable|Port speed is limited due to module"
            + "|Port speed is limited by PHY capabilities|LOM topology netlist is corrupted|Unrecoverable netlist error"
            + "|Port topology conflict|Unrecoverable hardware access error|Unrecoverable runtime error"
            + "|Link management engine failed to initialize|Failed to load the firmware image in the external PHY"
            + "|DDP package failed|NVM image is incompatible|Option ROM is incompatible)\\.?"
            + "(?:\\s+The device will restart the process to establish link\\.?)?\\s*");
    static final Pattern HEALTH_SOLUTION = Pattern.compile("Possible Solution(?: \\d)?: (.*?)\\s*");
    static final Pattern HEALTH_PORT = Pattern.compile("Port Number: (\\d{1,4})\\.?.*");
}
