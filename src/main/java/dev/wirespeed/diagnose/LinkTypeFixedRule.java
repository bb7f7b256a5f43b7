package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.mlx.MlxDevice;
import dev.wirespeed.parse.mlx.MlxSetting;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * A whole mlxconfig/mstconfig query of a device whose firmware offers no LINK_TYPE_P1
 * (src/test/resources/parse/mlx/mstconfig-q-seed002.txt: a BlueField-2 engineering sample, 158 settings and
 * no port type): its ports cannot be switched between InfiniBand and Ethernet with mlxconfig, only VPI
 * firmware has that setting. The seed's writer wanted InfiniBand and found its firmware "does not support
 * infiniband". A query cut by grep is not judged: fewer than {@value #WHOLE_QUERY} settings could simply have
 * left it out.
 */
final class LinkTypeFixedRule implements LogRule {
    static final String ID = "link-type-fixed";
    /** A query with this many settings is taken as whole (a grep keeps a few). */
    static final int WHOLE_QUERY = 20;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "a whole mlxconfig/mstconfig query without LINK_TYPE_P1: the port type cannot be switched (not VPI firmware)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        Map<String, List<MlxSetting>> byDevice = new LinkedHashMap<>();
        for (MlxSetting s : log.all(MlxSetting.class)) {
            if (s.device() != null && s.newValue() == null) {
                byDevice.computeIfAbsent(s.device(), d -> new ArrayList<>()).add(s);
            }
        }
        List<Finding> out = new ArrayList<>();
        for (Map.Entry<String, List<MlxSetting>> e : byDevice.entrySet()) {
            List<MlxSetting> settings = e.getValue();
            if (settings.size() < WHOLE_QUERY || settings.stream().anyMatch(s -> s.name().startsWith("LINK_TYPE_P"))) {
                continue;
            }
            MlxDevice device = log.all(MlxDevice.class).stream().filter(d -> e.getKey().equals(d.device())).findFirst()
                    .orElse(null);
            String name = device == null ? "" : " (" + String.join(" ", Stream.of(device.deviceType(),
                    device.partNumber()).filter(Objects::nonNull).toList()) + ")";
            List<Evidence> seen = new ArrayList<>();
            if (device != null) {
                seen.add(new Evidence("mlxconfig, line " + device.source().line(), device.source().text().strip()));
            }
            out.add(new Finding(ID, Severity.INFO, e.getKey(), e.getKey() + name + ": its firmware configuration ("
                    + settings.size() + " settings) has no LINK_TYPE_P1, so its port cannot be switched between InfiniBand and"
                    + " Ethernet with mlxconfig: this firmware runs one protocol only", seen, null,
                    Fix.action("InfiniBand needs a VPI model or firmware that offers LINK_TYPE_P1 (mlxconfig -d "
                            + e.getKey() + " q | grep LINK_TYPE shows it); do not flash another model's image onto an"
                            + " engineering sample or an OEM card without the vendor's word: it can leave it unbootable")));
        }
        return out;
    }
}
