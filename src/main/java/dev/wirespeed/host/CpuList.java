package dev.wirespeed.host;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A set of CPU numbers in the kernel's list format ("0-3,8-11", Documentation/admin-guide/cgroup-v1
 * /cpusets.rst "List format"). Printed back in that format. Bounded to 65536 CPUs.
 */
public record CpuList(BitSet cpus) {
    static final int MAX_CPUS = 65_536;

    public CpuList {
        cpus = (BitSet) cpus.clone();
    }

    public static CpuList parse(String text) {
        BitSet set = new BitSet();
        String t = text.strip();
        if (t.isEmpty()) {
            return new CpuList(set);
        }
        for (String part : t.split(",")) {
            String p = part.strip();
            int dash = p.indexOf('-');
            try {
                int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash).strip());
                int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1).strip());
                if (from < 0 || to < from || to >= MAX_CPUS) {
                    throw new IllegalArgumentException("bad CPU range '" + p + "' in '" + text + "'");
                }
                set.set(from, to + 1);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected a CPU list like 0-3,8 but was '" + text + "'");
            }
        }
        return new CpuList(set);
    }

    public static CpuList of(int... ids) {
        BitSet set = new BitSet();
        for (int id : ids) {
            set.set(id);
        }
        return new CpuList(set);
    }

    public int count() {
        return cpus.cardinality();
    }

    public boolean isEmpty() {
        return cpus.isEmpty();
    }

    public boolean contains(int cpu) {
        return cpus.get(cpu);
    }

    /** True when every CPU of this list is in {@code other}. */
    public boolean isSubsetOf(CpuList other) {
        BitSet rest = (BitSet) cpus.clone();
        rest.andNot(other.cpus);
        return rest.isEmpty();
    }

    public boolean intersects(CpuList other) {
        return cpus.intersects(other.cpus);
    }

    public List<Integer> ids() {
        List<Integer> out = new ArrayList<>();
        cpus.stream().forEach(out::add);
        return out;
    }

    @Override
    public BitSet cpus() {
        return (BitSet) cpus.clone();
    }

    @JsonValue
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        int i = cpus.nextSetBit(0);
        while (i >= 0) {
            int end = cpus.nextClearBit(i) - 1;
            if (!b.isEmpty()) {
                b.append(',');
            }
            b.append(i);
            if (end > i) {
                b.append('-').append(end);
            }
            i = cpus.nextSetBit(end + 1);
        }
        return b.toString();
    }
}
