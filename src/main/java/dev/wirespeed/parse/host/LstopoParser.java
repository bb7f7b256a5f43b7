package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code lstopo} / {@code lstopo-no-graphics} text (hwloc): an indented tree from "Machine (…)".
 * Counts packages, NUMA nodes, cores and PUs (also in "L1d + L1i + Core + PU" chains) and lists
 * each "PCI 04:00.0 (Ethernet)" with the "Net"/"OpenFabrics" names under it and the NUMA node seen
 * last before it (lstopo prints host bridges under their NUMA node's package). hwloc prints memory
 * with binary units ("7721MB" = 7721 MiB).
 */
public final class LstopoParser extends BaseParser {
    private static final Pattern MACHINE = Pattern.compile("Machine \\((\\d+)([KMGT]B) total\\).*");
    private static final Pattern NUMA = Pattern.compile("NUMANode L#\\d+ \\(P#(\\d+).*");
    private static final Pattern PCI = Pattern.compile("PCI ([0-9a-fA-F:.]+)(?: \\(([^)]*)\\))?.*");
    private static final Pattern OSDEV = Pattern.compile("(Net|OpenFabrics|Block|GPU|CoProc|DMA) \"([^\"]+)\".*");
    private static final Pattern TREE = Pattern.compile(
            "(Package|NUMANode|Group\\d*|L\\d[id]?|Core|PU|HostBridge|PCIBridge|PCI|Net|OpenFabrics|Block|GPU|CoProc|DMA|Misc|Die|MemCache)\\b.*");

    public LstopoParser() {
        super("lstopo", "lstopo", "lstopo-no-graphics");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(MACHINE, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Matcher head = in.match(MACHINE, from);
        Source machine = in.source(from);
        b.use(from);
        int packages = 0;
        int numaNodes = 0;
        int cores = 0;
        int pus = 0;
        Integer numa = null;
        List<TopologyDevice> devices = new ArrayList<>();
        String address = null;
        String cls = null;
        Source src = null;
        List<String> nets = new ArrayList<>();
        List<String> rdma = new ArrayList<>();
        int i = from + 1;
        for (; i < in.size(); i++) {
            String s = in.get(i);
            if (in.blank(i)) {
                continue;
            }
            if (!Character.isWhitespace(in.raw(i).charAt(0)) || !TREE.matcher(s).matches()) {
                break;
            }
            b.use(i);
            for (String part : s.split("\\s\\+\\s")) {
                String p = part.strip();
                if (p.startsWith("Package")) {
                    packages++;
                } else if (p.startsWith("Core")) {
                    cores++;
                } else if (p.startsWith("PU")) {
                    pus++;
                }
            }
            Matcher m;
            if ((m = NUMA.matcher(s)).matches()) {
                numaNodes++;
                numa = UnitWords.integer(m.group(1));
            } else if ((m = PCI.matcher(s)).matches()) {
                if (address != null) {
                    devices.add(new TopologyDevice(address, cls, numa, nets, rdma, src));
                }
                address = m.group(1);
                cls = m.group(2);
                src = in.source(i);
                nets = new ArrayList<>();
                rdma = new ArrayList<>();
            } else if ((m = OSDEV.matcher(s)).matches() && address != null) {
                if (m.group(1).equals("Net")) {
                    nets.add(m.group(2));
                } else if (m.group(1).equals("OpenFabrics")) {
                    rdma.add(m.group(2));
                }
            }
        }
        if (address != null) {
            devices.add(new TopologyDevice(address, cls, numa, nets, rdma, src));
        }
        double mem = UnitWords.number(head.group(1)) * switch (head.group(2).charAt(0)) {
            case 'K' -> 1024.0;
            case 'M' -> 1024.0 * 1024;
            case 'G' -> 1024.0 * 1024 * 1024;
            default -> 1024.0 * 1024 * 1024 * 1024;
        };
        b.add(new TopologyMachine(Quantity.bytes(mem, head.group(1) + head.group(2)), packages, numaNodes, cores,
                pus, machine));
        devices.forEach(b::add);
        return b.done(i);
    }
}
