package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.parse.ParsedRecord;
import java.util.List;

/**
 * What explain read from one or more pasted logs: the facts of each host (one {@link Facts} per
 * host named by the prompts; output without a host prompt goes to one fact set per input), and
 * the parsed records that have no host counterpart — fabric links (iblinkinfo, ibnetdiscover),
 * ZeroTier peers, MD-CLI objects. The input of every {@link LogRule}.
 */
public record LogFacts(List<Facts> hosts, List<ParsedRecord> records) {
    public LogFacts {
        hosts = List.copyOf(hosts);
        records = List.copyOf(records);
    }

    /** Records of one type. */
    public <T extends ParsedRecord> List<T> all(Class<T> type) {
        return records.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
