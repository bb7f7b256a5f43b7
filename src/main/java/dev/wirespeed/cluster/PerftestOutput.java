package dev.wirespeed.cluster;

import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.perftest.PerftestBwRow;
import dev.wirespeed.parse.perftest.PerftestHeader;
import dev.wirespeed.parse.perftest.PerftestParser;
import java.util.List;
import java.util.Optional;

/**
 * The result of a perftest bandwidth run an agent started, read with explain's perftest parser
 * (units, CPU-frequency warnings inside the table): of several rows (-a) the last, largest size.
 */
public final class PerftestOutput {
    private PerftestOutput() {}

    public static Optional<PerftestResult> parse(String output) {
        for (Parsed parsed : PerftestParser.blocks(output)) {
            // a full table row; --output=bandwidth's bare averages say no iterations
            List<PerftestBwRow> rows = parsed.all(PerftestBwRow.class).stream()
                    .filter(r -> r.average() != null && r.iterations() != null).toList();
            if (rows.isEmpty()) {
                continue;
            }
            PerftestBwRow last = rows.getLast();
            String linkType = parsed.all(PerftestHeader.class).stream().map(PerftestHeader::linkType)
                    .filter(t -> t != null).findFirst().orElse(null);
            return Optional.of(new PerftestResult(last.average().value(), value(last.peak()), last.sizeBytes(),
                    last.iterations(), value(last.messageRate()), linkType));
        }
        return Optional.empty();
    }

    private static Double value(Quantity q) {
        return q == null ? null : q.value();
    }
}
