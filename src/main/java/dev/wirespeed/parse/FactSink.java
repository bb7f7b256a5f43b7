package dev.wirespeed.parse;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.Mount;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.host.RdmaPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a record puts the host facts it gives ({@link ParsedRecord#addFacts}): the fact set of the
 * record's host, and the record's origin, which every value cites as "FORMAT, INPUT line N". Values
 * are converted to the sysfs meaning with the fact model's own parsers.
 */
public final class FactSink {
    private final Facts.Builder facts;
    private final String format;
    private final String input;
    private String src;

    /** A sink for the records of one block of {@code format} read from {@code input}. */
    public FactSink(Facts.Builder facts, String format, String input) {
        this.facts = facts;
        this.format = format;
        this.input = input;
    }

    /** Points the sink at the next record of the block: its values cite its line. */
    public FactSink at(ParsedRecord r) {
        src = format + ", " + input + " line " + r.source().line();
        return this;
    }

    /** The block's format ("ibstat", "mlx5cmd"): one record type may mean more in one tool than another. */
    public String format() {
        return format;
    }

    /** "FORMAT, INPUT line N" of the current record. */
    public String src() {
        return src;
    }

    /** A text value as printed. */
    public Observed<String> text(String value) {
        return Observed.of(value, value, src);
    }

    public <T> Observed<T> of(T value, String raw) {
        return Observed.of(value, raw, src);
    }

    /** {@code raw} read by one of the fact model's parsers; unreadable (not dropped) when it fails. */
    public <T> Observed<T> parse(String raw, Observed.Parser<T> parser) {
        return Observed.parse(raw, src, parser);
    }

    /** The record's own line as evidence. */
    public Evidence evidence(Source line) {
        return new Evidence(src, line.text().strip());
    }

    /** A PCI address in sysfs's form ("0000:03:00.0"), or empty when it is none. */
    public static Optional<String> pci(String address) {
        if (address == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(PciFunction.normalizeAddress(address));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    public void add(NetInterface i) {
        facts.add(i);
    }

    public void add(RdmaDevice d) {
        facts.add(d);
    }

    public void add(RdmaPort p) {
        facts.add(p);
    }

    public void add(PciFunction f) {
        facts.add(f);
    }

    public void add(DeviceSetting s) {
        facts.add(s);
    }

    public void add(Counters c) {
        facts.add(c);
    }

    public void add(Mount m) {
        facts.add(m);
    }

    public void cpu(CpuTopology c) {
        facts.cpu(c);
    }

    /** The block's cpufreq policies, added together when the block ends: CpuTopology keeps the first set it is given. */
    private final List<CpuTopology.CpuPolicy> policies = new ArrayList<>();

    /** One cpufreq policy of the block (cpupower's, a scaling_governor line). */
    public void cpuPolicy(CpuTopology.CpuPolicy p) {
        policies.add(p);
    }

    /** The block is read: what its records gave together goes to the fact set. */
    public void finish() {
        if (!policies.isEmpty()) {
            facts.cpu(new CpuTopology(Observed.notSeen(), List.of(), List.copyOf(policies), List.of()));
            policies.clear();
        }
    }
}
