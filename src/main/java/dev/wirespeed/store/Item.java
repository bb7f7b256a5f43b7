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
 */
public record Item(Measurement measurement, List<String> labels, String engineCommand, String rawFormat,
                   String raw, List<String> gridKeys) {
    public Item {
        labels = labels == null ? List.of() : List.copyOf(labels);
        gridKeys = gridKeys == null ? List.of() : List.copyOf(gridKeys);
    }

    public Item(Measurement measurement, List<String> labels, String engineCommand, String rawFormat, String raw) {
        this(measurement, labels, engineCommand, rawFormat, raw, List.of());
    }
}
