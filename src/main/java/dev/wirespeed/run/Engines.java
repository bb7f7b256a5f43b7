package dev.wirespeed.run;

import dev.wirespeed.run.engines.FioEngine;
import dev.wirespeed.run.engines.Iperf2Engine;
import dev.wirespeed.run.engines.Iperf3Engine;
import dev.wirespeed.run.engines.PerftestEngine;
import dev.wirespeed.run.engines.QperfEngine;
import dev.wirespeed.run.engines.SockperfEngine;
import dev.wirespeed.run.engines.WirespeedBwEngine;
import dev.wirespeed.run.engines.WirespeedLatEngine;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The engines a plan can name. */
public final class Engines {
    private final Map<String, PlanEngine> byName = new LinkedHashMap<>();

    public Engines(List<PlanEngine> engines) {
        engines.forEach(e -> byName.put(e.name(), e));
    }

    public static Engines standard() {
        return new Engines(List.of(new WirespeedBwEngine(), new WirespeedLatEngine(), new Iperf3Engine(), new Iperf2Engine(), new QperfEngine(),
                new SockperfEngine(), new PerftestEngine(), new FioEngine()));
    }

    public PlanEngine named(String name) {
        PlanEngine e = byName.get(name);
        if (e == null) {
            throw new PlanException("unknown engine '" + name + "' (known: " + String.join(", ", byName.keySet()) + ")");
        }
        return e;
    }

    public List<String> names() {
        return List.copyOf(byName.keySet());
    }
}
