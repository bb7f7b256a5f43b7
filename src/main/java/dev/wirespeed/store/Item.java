package dev.wirespeed.store;

import dev.wirespeed.results.Measurement;
import java.util.List;

/**
 * One measurement to save, with what produced it.
 *
 * @param measurement   the result in the common model
 * @param labels        user labels ("nfs-rdma", "after-bios-fix")
 * @param engineCommand the external command that ran (campaigns), null for wirespeed's own tests
 * @param rawFormat     "wirespeed-bw-json", "iperf3-json", "text" …: how to read {@code raw}
 * @param raw           the engine's own output, kept verbatim beside the parsed measurement
 * @param gridKeys      the parameters a campaign swept for this result (they name its point in
 *                      compare and report); empty outside campaigns
 * @param status        how the measurement ended
 * @param statusReason  why it did not end as done (the error, "stopped by Ctrl-C"), else null
 * @param peer          what it was measured against (docs/STORE.md "The peer of a result"), null when
 *                      it has none or nothing is known of it
 */
public record Item(Measurement measurement, List<String> labels, String engineCommand, String rawFormat,
                   String raw, List<String> gridKeys, ResultStatus status, String statusReason, Peer peer) {
    public Item {
        labels = labels == null ? List.of() : List.copyOf(labels);
        gridKeys = gridKeys == null ? List.of() : List.copyOf(gridKeys);
        status = status == null ? ResultStatus.DONE : status;
    }

    public Item(Measurement measurement, List<String> labels, String engineCommand, String rawFormat,
                String raw, List<String> gridKeys, ResultStatus status, String statusReason) {
        this(measurement, labels, engineCommand, rawFormat, raw, gridKeys, status, statusReason, null);
    }

    public Item(Measurement measurement, List<String> labels, String engineCommand, String rawFormat,
                String raw, List<String> gridKeys) {
        this(measurement, labels, engineCommand, rawFormat, raw, gridKeys, ResultStatus.DONE, null);
    }

    /** The same item, ended as {@code status} for {@code reason}. */
    public Item withStatus(ResultStatus status, String reason) {
        return new Item(measurement, labels, engineCommand, rawFormat, raw, gridKeys, status, reason, peer);
    }

    /** The same item, measured against {@code peer}. */
    public Item withPeer(Peer peer) {
        return new Item(measurement, labels, engineCommand, rawFormat, raw, gridKeys, status, statusReason, peer);
    }

    public Item(Measurement measurement, List<String> labels, String engineCommand, String rawFormat, String raw) {
        this(measurement, labels, engineCommand, rawFormat, raw, List.of());
    }
}
