package dev.wirespeed.cli;

import dev.wirespeed.engine.sys.NumaPlacement;
import dev.wirespeed.explain.CommandFacts;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.inspect.Inspection;
import dev.wirespeed.store.HostSummaries;
import dev.wirespeed.store.HostSummary;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * This host's facts (sysfs, procfs and doctor's read-only tools), inspected at most once per command
 * (issue 27): NUMA placement, the saved host summary, check's doctor and the RDMA verdict share one
 * reading, so {@code check} and {@code bw --rdma} inspect the host once, not twice.
 */
final class HostFacts implements Supplier<Facts> {
    private static final Path ROOT = Path.of("/");
    /** sysfs ABI: one nodeN directory per NUMA node (Documentation/ABI/stable/sysfs-devices-node). */
    private static final Path NODES = Path.of("/sys/devices/system/node");

    private Facts facts;

    /** This host's facts, read on the first call. */
    @Override
    public synchronized Facts get() {
        if (facts == null) {
            facts = Inspection.read(ROOT, null, new CommandFacts());
        }
        return facts;
    }

    /** The facts below {@code root}: this host's own reading when it is /, else the tree there (--root). */
    Facts of(Path root) {
        return root.equals(ROOT) ? get() : Inspection.read(root, null, new CommandFacts());
    }

    /** This host in a few lines, for a saved result. */
    HostSummary summary() {
        return HostSummaries.thisHost(this);
    }

    /**
     * Without -A, a multi-stream test on a host with several NUMA nodes runs its streams on the node
     * of the NIC the kernel routes the peer through. Best effort: anything unreadable places nothing.
     */
    Optional<NumaPlacement.Placement> numaPlacement(String target, int targetPort, TestSpec test) {
        int threads = test.streams() * (test.direction() == Direction.BIDIR ? 2 : 1);
        if (threads < 2) {
            return Optional.empty();
        }
        try (Stream<Path> nodes = Files.list(NODES)) {
            // cheap first look: reading the whole host's facts is for hosts where there is a choice
            if (nodes.filter(n -> n.getFileName().toString().matches("node[0-9]+")).count() < 2) {
                return Optional.empty();
            }
            String nic = Routes.interfaceTo(target, targetPort).orElse(null);
            return NumaPlacement.decide(get(), nic, threads, false);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
