package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * {@code ethtool -n|-u|--show-ntuple IFACE}: the receive flow classification (ntuple) rules the NIC holds, each
 * matching fields of a flow and steering it to a queue, a VF's queue, or dropping it (ethtool's rxclass.c).
 *
 * @param iface   the interface the typed command names; null when the paste shows none
 * @param rings   "8 RX rings available"
 * @param total   "Total 1 rules"; null when not printed
 * @param filters every "Filter: N" location, in the order printed
 * @param types   each rule's "Rule Type" or "Flow Type" ("UDP over IPv4", "Raw Ethernet")
 * @param actions each rule's "Action" ("Direct to queue 0", "Direct to VF 0 queue 0", "Drop")
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("NtupleRules")
public record NtupleRules(String iface, int rings, Integer total, List<Integer> filters, List<String> types,
                         List<String> actions, Source source) implements ParsedRecord {
    public NtupleRules {
        filters = List.copyOf(filters);
        types = List.copyOf(types);
        actions = List.copyOf(actions);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("rings", rings).put("rules", total)
                .put("actions", String.join("; ", actions)).map();
    }

    /** Shown as read: no rule reads the steering rules yet. */
    @Override
    public void addFacts(FactSink out) {}
}
