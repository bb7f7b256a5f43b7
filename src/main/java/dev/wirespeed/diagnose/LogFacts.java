package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.parse.LogInput;
import java.util.List;

/**
 * What explain read from one or more pasted logs: the facts of each host (one {@link Facts} per
 * host named by the prompts; output without a host prompt goes to one fact set per input), and
 * the parsed records the log rules read ({@link LogInput}: fabric links, kernel events, firmware
 * tools' states …). The input of every {@link LogRule}.
 */
public record LogFacts(List<Facts> hosts, List<LogInput> records) {
    public LogFacts {
        hosts = List.copyOf(hosts);
        records = List.copyOf(records);
    }

    /** Records of one type: only a {@link LogInput} type, which explain hands the log rules. */
    public <T extends LogInput> List<T> all(Class<T> type) {
        return records.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
