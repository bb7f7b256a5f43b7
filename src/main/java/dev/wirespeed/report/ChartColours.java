package dev.wirespeed.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Colours the series of a whole report at once: every series name (its legend text: a label, a
 * run, a percentile, a stream) keeps one palette colour on every chart, and no two series of one
 * chart share a colour. Names are coloured in the order they first appear, each with the first
 * palette colour that no name it shares a chart with already has (greedy colouring of the graph
 * of names that meet on a chart). Only a name that meets more names than the palette has colours
 * repeats a colour, drawn dashed.
 */
final class ChartColours {
    private ChartColours() {}

    static List<ReportModel.Section> colour(List<ReportModel.Section> sections, int paletteSize) {
        Map<String, Set<String>> meets = new LinkedHashMap<>();
        for (ReportModel.Section s : sections) {
            for (ChartSpec c : s.charts()) {
                for (ChartSpec.Series a : c.series()) {
                    Set<String> others = meets.computeIfAbsent(a.name(), k -> new HashSet<>());
                    c.series().stream().map(ChartSpec.Series::name).filter(n -> !n.equals(a.name())).forEach(others::add);
                }
            }
        }
        Map<String, Integer> colourOf = new HashMap<>();
        for (var e : meets.entrySet()) {
            Set<Integer> taken = new HashSet<>();
            e.getValue().stream().map(colourOf::get).filter(Objects::nonNull).forEach(taken::add);
            int c = 0;
            while (c < paletteSize && taken.contains(c)) {
                c++;
            }
            colourOf.put(e.getKey(), c); // c == paletteSize: none left; resolved per chart below
        }
        List<ReportModel.Section> out = new ArrayList<>();
        for (ReportModel.Section s : sections) {
            List<ChartSpec> charts = new ArrayList<>();
            for (ChartSpec c : s.charts()) {
                Set<Integer> used = new HashSet<>();
                List<ChartSpec.Series> series = new ArrayList<>();
                for (ChartSpec.Series x : c.series()) {
                    int colour = colourOf.get(x.name());
                    boolean dashed = false;
                    if (colour >= paletteSize || used.contains(colour)) {
                        // out of colours around this name: any colour this chart has not used, else dashes
                        int free = 0;
                        while (free < paletteSize && used.contains(free)) {
                            free++;
                        }
                        dashed = free >= paletteSize;
                        colour = dashed ? used.size() % paletteSize : free;
                    }
                    used.add(colour);
                    series.add(x.coloured(colour, dashed));
                }
                charts.add(c.withSeries(series));
            }
            out.add(new ReportModel.Section(s.title(), s.note(), charts));
        }
        return out;
    }
}
