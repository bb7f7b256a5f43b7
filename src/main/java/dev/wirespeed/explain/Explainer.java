package dev.wirespeed.explain;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.LogFacts;
import dev.wirespeed.diagnose.LogRules;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.LogReader;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Piece;
import dev.wirespeed.parse.RunFailure;
import dev.wirespeed.results.Measurement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * explain's pipeline: read each input into pieces ({@link LogReader}), turn the records into one
 * fact set per host ({@link Parsed#addFacts}; the host is named by the prompt, output without one goes
 * to its input's set), and apply the standard rules to each host and the log rules to all
 * ({@link LogRules}).
 */
public final class Explainer {
    private final LogReader reader;
    private final LogRules rules;

    public Explainer(LogReader reader, LogRules rules) {
        this.reader = reader;
        this.rules = rules;
    }

    public static Explainer standard() {
        return new Explainer(LogReader.standard(), LogRules.standard());
    }

    /** One input. */
    public Explanation explain(String name, String text) {
        Map<String, String> one = new LinkedHashMap<>();
        one.put(name, text);
        return explain(one);
    }

    /** Inputs by name, in order. */
    public Explanation explain(Map<String, String> inputs) {
        List<Piece> pieces = new ArrayList<>();
        for (Map.Entry<String, String> e : inputs.entrySet()) {
            pieces.addAll(reader.read(e.getKey(), e.getValue(), pieces.size() + 1));
        }
        Map<String, Facts.Builder> hosts = new LinkedHashMap<>();
        List<LogInput> logRecords = new ArrayList<>();
        List<Measurement> measurements = new ArrayList<>();
        List<Explanation.Failure> failures = new ArrayList<>();
        Map<String, Integer> formats = new TreeMap<>();
        int recognized = 0;
        int unrecognizedCommands = 0;
        for (Piece p : pieces) {
            if (p.recognized()) {
                recognized++;
            } else if (p.command() != null && p.unrecognized() != null) {
                unrecognizedCommands++;
            }
            String host = Prompts.host(p.prompt());
            String origin = host != null ? host : p.input() == null ? "paste" : p.input();
            Facts.Builder b = hosts.computeIfAbsent(origin, Facts::builder);
            for (Parsed out : p.outputs()) {
                formats.merge(out.format(), 1, Integer::sum);
                List<RunFailure> failed = RunFailures.of(out);
                Set<Integer> failedRuns = new HashSet<>();
                for (RunFailure f : failed) {
                    if (f.run() != null) {
                        failedRuns.add(f.run());
                        failures.add(new Explanation.Failure(measurements.size() + f.run(), f.tool(), f.cause(), f.message()));
                    }
                }
                // a failed run's figures are not a result: no rule judges them as one
                out.addFacts(b, p.input() == null ? "paste" : p.input(), k -> !failedRuns.contains(k));
                for (int k = 0; k < out.measurements().size(); k++) {
                    Measurement m = out.measurements().get(k);
                    measurements.add(failedRuns.contains(k) ? RunFailures.notARate(m) : m);
                }
                for (ParsedRecord r : out.records()) {
                    if (r instanceof LogInput l) {
                        logRecords.add(l);
                    }
                }
                failed.stream().filter(f -> !out.records().contains(f)).forEach(logRecords::add);
            }
        }
        List<Facts> facts = hosts.values().stream().map(Facts.Builder::build).filter(f -> !isEmpty(f)).toList();
        List<Finding> findings = rules.diagnose(new LogFacts(facts, logRecords));
        List<Piece> shown = pieces.stream().filter(p -> p.command() != null || p.recognized() || p.unrecognized() != null)
                .toList();
        return new Explanation(Explanation.SCHEMA, List.copyOf(inputs.keySet()),
                new Explanation.Summary(shown.size(), recognized, unrecognizedCommands, formats), shown, measurements,
                failures, facts, findings);
    }

    private static boolean isEmpty(Facts f) {
        return f.interfaces().isEmpty() && f.rdmaDevices().isEmpty() && f.pciFunctions().isEmpty() && f.mounts().isEmpty()
                && f.settings().isEmpty() && f.counters().isEmpty() && f.measurements().isEmpty() && f.cpu().frequencyNotes().isEmpty()
                && f.cpu().policies().isEmpty();
    }

}
