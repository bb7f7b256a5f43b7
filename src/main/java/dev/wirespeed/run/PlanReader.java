package dev.wirespeed.run;

import dev.wirespeed.guard.Printable;
import dev.wirespeed.units.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a plan from YAML and checks its shape: known keys only, scalars where scalars belong,
 * lists for grids. Engine-specific checks (which parameters an engine takes) come after, in
 * {@link Expansion}.
 */
public final class PlanReader {
    /** A key given twice (two `name:` lines) is an error, not the last one winning silently. */
    private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(tools.jackson.databind.DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY).build();
    private static final Set<String> TOP = Set.of("name", "description", "repetitions", "retries", "pause", "labels",
            "defaults", "grid", "series");
    private static final Set<String> SERIES = Set.of("engine", "labels", "label", "params", "grid");

    private PlanReader() {}

    public static Plan read(String yaml, String fileName) {
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (JacksonException e) {
            String m = e.getOriginalMessage() == null ? e.getMessage() : e.getOriginalMessage();
            var loc = e.getLocation();
            var dup = Pattern.compile("Duplicate property \"([^\"]*)\"").matcher(m);
            if (dup.find()) {
                throw new PlanException(fileName + (loc == null ? "" : " line " + loc.getLineNr()) + ": key '"
                        + Printable.of(dup.group(1), 64) + "' is given twice");
            }
            throw new PlanException(fileName + (loc == null ? "" : " line " + loc.getLineNr()) + ": not valid YAML ("
                    + m.lines().findFirst().orElse(m).strip() + ")");
        }
        if (root == null || !root.isObject()) {
            throw new PlanException(fileName + ": a plan is a YAML mapping with name and series (see docs/PLAN.md)");
        }
        Ctx top = new Ctx(fileName);
        top.onlyKeys(root, TOP);
        String name = top.text(root, "name", true);
        if (!name.matches("[\\w.@+-]{1,64}")) {
            throw new PlanException(fileName + ": name '" + name + "' must be 1..64 letters, digits and . _ - + @");
        }
        String description = top.text(root, "description", false);
        int repetitions = top.integer(root, "repetitions", 1, 1, 1000);
        int retries = top.integer(root, "retries", 0, 0, 10);
        double pause = top.number(root, "pause", 0, 0, 3600);
        List<String> labels = top.labels(root);
        Map<String, String> defaults = top.scalars(root, "defaults");
        Map<String, List<String>> grid = top.grid(root);
        JsonNode series = root.get("series");
        if (series == null || !series.isArray() || series.isEmpty()) {
            throw new PlanException(fileName + ": 'series' must be a non-empty list of engines to run");
        }
        List<Plan.Series> out = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            JsonNode s = series.get(i);
            Ctx c = new Ctx(fileName + " series " + (i + 1));
            if (!s.isObject()) {
                throw new PlanException(c.where + ": must be a mapping with engine, params, grid, labels");
            }
            c.onlyKeys(s, SERIES);
            String engine = c.text(s, "engine", true);
            List<String> l = new ArrayList<>(labels);
            c.labels(s).stream().filter(x -> !l.contains(x)).forEach(l::add);
            Map<String, String> params = new LinkedHashMap<>(defaults);
            params.putAll(c.scalars(s, "params"));
            Map<String, List<String>> g = new LinkedHashMap<>(grid);
            g.putAll(c.grid(s));
            g.keySet().forEach(params::remove);
            out.add(new Plan.Series(i, engine, List.copyOf(l), params, g));
        }
        return new Plan(name, description, repetitions, retries, pause, List.copyOf(out));
    }

    private record Ctx(String where) {
        void onlyKeys(JsonNode n, Set<String> known) {
            for (String k : n.propertyNames()) {
                if (!known.contains(k)) {
                    throw new PlanException(where + ": unknown key '" + k + "' (known: "
                            + String.join(", ", known.stream().sorted().toList()) + ")");
                }
            }
        }

        String text(JsonNode n, String key, boolean required) {
            JsonNode v = n.get(key);
            if (v == null || v.isNull()) {
                if (required) {
                    throw new PlanException(where + ": '" + key + "' is missing");
                }
                return null;
            }
            if (!v.isValueNode()) {
                throw new PlanException(where + ": '" + key + "' must be a single value");
            }
            return v.asString();
        }

        int integer(JsonNode n, String key, int dflt, int min, int max) {
            double v = number(n, key, dflt, min, max);
            if (v != Math.rint(v)) {
                throw new PlanException(where + ": '" + key + "' must be a whole number");
            }
            return (int) v;
        }

        double number(JsonNode n, String key, double dflt, double min, double max) {
            JsonNode v = n.get(key);
            if (v == null || v.isNull()) {
                return dflt;
            }
            if (!v.isNumber() || v.asDouble() < min || v.asDouble() > max) {
                throw new PlanException(where + ": '" + key + "' must be a number in " + Numbers.plain(min) + ".."
                        + Numbers.plain(max));
            }
            return v.asDouble();
        }

        List<String> labels(JsonNode n) {
            JsonNode v = n.get("labels");
            JsonNode one = n.get("label");
            List<String> out = new ArrayList<>();
            if (one != null && !one.isNull()) {
                out.add(scalar("label", one));
            }
            if (v != null && !v.isNull()) {
                if (!v.isArray()) {
                    throw new PlanException(where + ": 'labels' must be a list, e.g. [nfs-rdma, 25g]");
                }
                v.forEach(x -> out.add(scalar("labels", x)));
            }
            for (String l : out) {
                if (!l.matches("[\\p{L}\\p{N}._+:@/-]{1,64}")) {
                    throw new PlanException(where + ": label '" + l + "' must be 1..64 letters, digits and . _ - + : @ /");
                }
            }
            return out;
        }

        Map<String, String> scalars(JsonNode n, String key) {
            JsonNode v = n.get(key);
            Map<String, String> out = new LinkedHashMap<>();
            if (v == null || v.isNull()) {
                return out;
            }
            if (!v.isObject()) {
                throw new PlanException(where + ": '" + key + "' must be a mapping of parameter: value");
            }
            for (var e : v.properties()) {
                out.put(e.getKey(), scalar(key + "." + e.getKey(), e.getValue()));
            }
            return out;
        }

        Map<String, List<String>> grid(JsonNode n) {
            JsonNode v = n.get("grid");
            Map<String, List<String>> out = new LinkedHashMap<>();
            if (v == null || v.isNull()) {
                return out;
            }
            if (!v.isObject()) {
                throw new PlanException(where + ": 'grid' must be a mapping of parameter: [values]");
            }
            for (var e : v.properties()) {
                JsonNode values = e.getValue();
                List<String> list = new ArrayList<>();
                if (values.isArray()) {
                    values.forEach(x -> list.add(scalar("grid." + e.getKey(), x)));
                } else {
                    list.add(scalar("grid." + e.getKey(), values));
                }
                if (list.isEmpty()) {
                    throw new PlanException(where + ": grid." + e.getKey() + " has no values");
                }
                if (list.stream().distinct().count() != list.size()) {
                    throw new PlanException(where + ": grid." + e.getKey() + " lists a value twice");
                }
                out.put(e.getKey(), List.copyOf(list));
            }
            return out;
        }

        String scalar(String key, JsonNode v) {
            if (v == null || !v.isValueNode() || v.isNull()) {
                throw new PlanException(where + ": '" + key + "' must be a single value (text, number or true/false)");
            }
            return v.asString();
        }
    }
}
