package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;

/** The lines a Splitter gives back for a paste, as each piece holds them (raw), in order: the paste-shape tests' view. */
final class SplitLines {
    private SplitLines() {
    }

    static List<String> of(Splitter splitter, String text) {
        List<String> out = new ArrayList<>();
        for (Chunk c : splitter.split(text)) {
            for (int i = 0; i < c.lines().size(); i++) {
                out.add(c.lines().raw(i));
            }
        }
        return out;
    }
}
