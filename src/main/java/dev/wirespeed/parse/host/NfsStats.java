package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One table of plain {@code nfsstat} (nfs-utils utils/nfsstat/nfsstat.c): "Client rpc stats:" (calls,
 * retrans, authrefrsh), "Server rpc stats:" (calls, badcalls, …) or a per-operation table ("Client nfs
 * v3:", "Server nfs v4 operations:") whose rows alternate names and "count pct%" cells.
 *
 * @param title   the table's title as printed, without its colon ("Client nfs v4")
 * @param side    "client" or "server"
 * @param version the NFS version of an operation table ("3", "4", "4.1"); absent for rpc and cache tables
 * @param counts  every printed name → its count, raw as printed
 * @param percent an operation's share of the table's calls as printed ("66%": 66), where nfsstat prints it
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("NfsStats")
public record NfsStats(String title, String side, String version, Map<String, Quantity> counts,
                       Map<String, Quantity> percent, Source source) implements LogInput {
    @Override
    public Map<String, String> columns() {
        Columns c = Columns.of().put("table", title);
        for (String name : new String[] {"calls", "retrans", "authrefrsh", "badcalls"}) {
            if (counts.containsKey(name)) {
                c.put(name, counts.get(name).raw());
            }
        }
        if (!percent.isEmpty()) {
            // the busiest operation: what the table says the client spends its calls on
            percent.entrySet().stream().max(Map.Entry.comparingByValue((a, b) -> Double.compare(a.value(), b.value())))
                    .ifPresent(e -> c.put("most", e.getKey() + " " + e.getValue().raw()));
        }
        return c.map();
    }

    /** The nfs-retransmissions rule's input; the host model has no NFS RPC counters (a Mount comes from nfsstat -m). */
    @Override
    public void addFacts(FactSink out) {}

    /** The count printed under {@code name}, or null. */
    public Long count(String name) {
        Quantity q = counts.get(name);
        return q == null ? null : (long) q.value();
    }
}
