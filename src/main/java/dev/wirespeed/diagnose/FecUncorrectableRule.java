package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.FecSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code ethtool -I --show-fec} counts codewords the FEC could not correct ("uncorrectable_blocks", IEEE 802.3
 * 30.5.1.1.18 FECUncorrectableBlocks): each is a frame the receiver drops, so any at all is loss on the wire, not
 * a tuning matter. The counter runs since the driver started counting (load or link-up, by driver): one reading
 * cannot tell whether the loss is still happening; two readings of the same port in one paste can, and the finding
 * says which it saw.
 */
final class FecUncorrectableRule implements LogRule {
    static final String ID = "fec-uncorrectable";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "ethtool -I --show-fec: the FEC could not correct some codewords (uncorrectable_blocks above zero)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        Map<String, List<FecSettings>> byPort = new LinkedHashMap<>();
        for (FecSettings f : log.all(FecSettings.class)) {
            byPort.computeIfAbsent(f.iface() == null ? "interface" : f.iface(), k -> new ArrayList<>()).add(f);
        }
        List<Finding> out = new ArrayList<>();
        byPort.forEach((port, readings) -> {
            FecSettings last = readings.getLast();
            Long blocks = last.statistics().get("uncorrectable_blocks");
            if (blocks == null || blocks == 0) {
                return;
            }
            Long earlier = readings.size() < 2 ? null
                    : readings.get(readings.size() - 2).statistics().get("uncorrectable_blocks");
            String trend = earlier == null
                    ? "; one reading cannot tell whether they still grow (the count runs since the driver started "
                            + "counting): read it again a minute later"
                    : blocks > earlier ? "; rising: " + earlier + " at the reading before"
                    : "; not rising since the reading before (" + earlier + ")";
            Map<Integer, Long> lanes = last.laneStatistics().getOrDefault("uncorrectable_blocks", Map.of());
            String perLane = lanes.isEmpty() ? "" : " (" + lanes.entrySet().stream()
                    .map(e -> "lane " + e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", ")) + ")";
            boolean named = last.active() != null && !last.active().matches("(?i)none|off");
            String message = port + ": the FEC" + (named ? " (" + last.active() + ")" : "")
                    + " could not correct " + blocks + " codewords" + perLane
                    + "; each corrupts the frame it carried, which the receiver drops" + trend;
            Fix fix = Fix.action("frames are lost on the wire at this port: check the cable or optic (`ethtool -m "
                    + port + "` for receive power and alarm flags), reseat or swap it, and that both ends use the same FEC"
                    + " (`ethtool --show-fec` on the peer)" + (lanes.size() > 1 ? "; errors on one lane far above the "
                    + "others point at that lane's fibre or the module" : ""));
            out.add(new Finding(ID, Severity.WARN, port, message,
                    List.of(new Evidence("ethtool --show-fec, line " + last.source().line(), last.source().text().strip())),
                    null, fix));
        });
        return out;
    }
}
