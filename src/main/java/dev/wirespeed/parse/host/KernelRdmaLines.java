package dev.wirespeed.parse.host;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * The RDMA lines of a kernel log: bnxt_re's firmware channel and its opcodes, mlx5's error CQEs and their
 * syndromes. Read by {@link KernelLogParser}.
 */
final class KernelRdmaLines {
    private KernelRdmaLines() {}

    static final Pattern CQE = Pattern.compile("(?:\\w+:\\d+:\\(pid \\d+\\):\\s*)?(\\w+) error cqe on cqn (0x[0-9a-fA-F]+):?");
    static final Pattern CQE_SYNDROME = Pattern.compile(
            "(?:\\w+:\\d+:\\(pid \\d+\\):\\s*)?syndrome (0x[0-9a-fA-F]+), vendor syndrome (0x[0-9a-fA-F]+)");
    /**
     * mlx5e's error completion on an Ethernet queue (en/txrx.h mlx5e_dump_error_cqe: "Error cqe on cqn 0x817, ci 0x8,
     * qn 0x1dbb, opcode 0xd, syndrome 0x1, vendor syndrome 0x68", "sqn" before 5.10); a writer may cut it after the
     * consumer index ("ci 0xb06, ..."), and a stable patch keeps two blanks before the syndrome.
     */
    static final Pattern EN_CQE = Pattern.compile("Error cqe on cqn (0x[0-9a-fA-F]+), ci 0x[0-9a-fA-F]+,?"
            + "(?: s?qn 0x[0-9a-fA-F]+, opcode (0x[0-9a-fA-F]+), syndrome\\s+(0x[0-9a-fA-F]+), vendor syndrome (0x[0-9a-fA-F]+))?"
            + "\\s*(?:\\.\\.\\.|…)?\\s*");
    /** mlx5e's line naming the queue of an error CQE ("ERR CQE on SQ: 0x1dbb"), before or after the CQE line. */
    static final Pattern ERR_CQE_ON = Pattern.compile("ERR CQE on [SR]Q: 0x[0-9a-fA-F]+\\s*");
    /** mlx5_dump_err_cqe's and the WQE dump's lines after an error CQE: "00000030: 00 00 …", "WQE DUMP: WQ size …". */
    static final Pattern DUMP = Pattern.compile("(?:[0-9a-f]{8}: (?:[0-9a-f]{2} ?){1,17}|WQE DUMP: .*)");
    /** include/linux/mlx5/device.h: MLX5_CQE_REQ_ERR and MLX5_CQE_RESP_ERR, the opcodes of an error CQE. */
    static String cqeSide(String opcode) {
        return opcode == null ? null : switch (Integer.decode(opcode)) {
            case 0xd -> "Requestor";
            case 0xe -> "Responder";
            default -> null;
        };
    }
    /**
     * bnxt_re's firmware channel (drivers/infiniband/hw/bnxt_re/qplib_rcfw.c): a RoCE command the adapter's
     * firmware refused ("QPLIB: cmdq[0x4b9]=0x15 status 0x5"), did not answer ("… timedout (20000)msec") or
     * could not be sent ("… send failed"); newer kernels drop the "QPLIB: ".
     */
    static final Pattern QPLIB = Pattern.compile(
            "(?:QPLIB: )?cmdq\\[(0x[0-9a-fA-F]{1,8})\\]=(0x[0-9a-fA-F]{1,8}) (?:status (0x[0-9a-fA-F]{1,8})|timedout \\((\\d{1,9})\\)\\s*msec|(send failed))\\s*");
    /** What bnxt_re was doing when its command failed, on the next line: "Failed to allocate HW AH". */
    static final Pattern HW_FAILED = Pattern.compile("Failed to ((?:\\w+ ){1,2}HW \\w+)\\s*");
    /**
     * bnxt_re's command opcodes (include/linux/bnxt/… roce_hsi.h CMDQ_BASE_OPCODE_*), for the commands a
     * failure names.
     */
    static final Map<Integer, String> BNXT_OPCODES = Map.ofEntries(
            Map.entry(0x1, "CREATE_QP"), Map.entry(0x2, "DESTROY_QP"), Map.entry(0x3, "MODIFY_QP"),
            Map.entry(0x4, "QUERY_QP"), Map.entry(0x5, "CREATE_SRQ"), Map.entry(0x6, "DESTROY_SRQ"),
            Map.entry(0x9, "CREATE_CQ"), Map.entry(0xa, "DESTROY_CQ"), Map.entry(0xd, "ALLOCATE_MRW"),
            Map.entry(0xe, "DEALLOCATE_KEY"), Map.entry(0xf, "REGISTER_MR"),
            Map.entry(0x10, "DEREGISTER_MR"), Map.entry(0x11, "ADD_GID"), Map.entry(0x12, "DELETE_GID"),
            Map.entry(0x13, "CREATE_QP1"), Map.entry(0x14, "DESTROY_QP1"), Map.entry(0x15, "CREATE_AH"),
            Map.entry(0x16, "DESTROY_AH"), Map.entry(0x17, "MODIFY_GID"), Map.entry(0x18, "QUERY_GID"));
    /** mlx5 CQE syndromes (include/linux/mlx5/device.h, MLX5_CQE_SYNDROME_*). */
    static final Map<Integer, String> CQE_SYNDROMES = Map.ofEntries(
            Map.entry(0x01, "local length error"), Map.entry(0x02, "local QP operation error"),
            Map.entry(0x04, "local protection error"), Map.entry(0x05, "work request flushed"),
            Map.entry(0x06, "memory window bind error"), Map.entry(0x10, "bad response"),
            Map.entry(0x11, "local access error"), Map.entry(0x12, "remote invalid request"),
            Map.entry(0x13, "remote access error"), Map.entry(0x14, "remote operation error"),
            Map.entry(0x15, "transport retry counter exceeded"),
            Map.entry(0x16, "RNR retry counter exceeded"), Map.entry(0x22, "remote aborted"));
}
