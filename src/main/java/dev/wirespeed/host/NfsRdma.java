package dev.wirespeed.host;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * The NFS-over-RDMA facts, carried as {@link DeviceSetting}s so doctor (/proc/modules,
 * /proc/fs/nfsd/portlist) and explain (lsmod, cat/echo of the portlist) feed the same rules.
 * Kernel modules: rpcrdma (since Linux 4.13 it holds both sides, aliased xprtrdma and svcrdma),
 * or the older separate xprtrdma (client) and svcrdma (server).
 */
public final class NfsRdma {
    private NfsRdma() {}

    /** Device of the module setting. */
    public static final String KERNEL = "kernel";
    /** The RDMA transport modules loaded ("rpcrdma", "xprtrdma,svcrdma") or "none". */
    public static final String MODULES = "nfs-rdma-modules";
    /** Device of the nfsd settings. */
    public static final String NFSD = "nfsd";
    /** nfsd's listeners, "tcp 2049;rdma 20049". */
    public static final String PORTLIST = "portlist";
    /** An rdma listener written to the portlist ("rdma 20049"). */
    public static final String PORTLIST_WRITE = "portlist-write";
    /** The kernel refused that write with "Protocol not supported". */
    public static final String RDMA_REFUSED = "rdma-refused";

    /**
     * An NFS export: the device is the exported directory, the value its clients with their options as
     * printed ("*(rw,async,insecure,no_root_squash)"); from /etc/exports or exportfs (issue 26,
     * src/test/resources/parse/host/mount-tmp-tmpfs-exports-seed000.txt).
     */
    public static final String EXPORT = "nfs-export";

    /** Device of the subnet manager setting (not NFS, but carried the same way). */
    public static final String FABRIC = "fabric";
    /** "running", "master lid N" (sminfo) or "not running" (systemctl, doctor's /proc scan). */
    public static final String SUBNET_MANAGER = "subnet-manager";

    public static final Set<String> TRANSPORT_MODULES = Set.of("rpcrdma", "xprtrdma", "svcrdma");

    /**
     * Whether ib_ipoib is loaded ({@value #LOADED} / {@value #NOT_LOADED}), from ib_core's users
     * (lsmod, /proc/modules): IPoIB gives an InfiniBand port its netdev (ib0) for IP tools
     * (src/test/resources/parse/host/lsmod-seed003.txt: "lsmod | grep ib_ipoib", "modprobe ib_ipoib"). Device
     * {@link #KERNEL}.
     */
    public static final String IPOIB_MODULE = "ipoib-module";
    public static final String LOADED = "loaded";
    public static final String NOT_LOADED = "not loaded";

    /** The setting value for the transport modules among {@code names}. */
    public static String modulesValue(Collection<String> names) {
        List<String> found = new ArrayList<>(names.stream().filter(TRANSPORT_MODULES::contains).distinct().sorted().toList());
        return found.isEmpty() ? "none" : String.join(",", found);
    }

    /** The settings of one device and name. */
    public static List<DeviceSetting> settings(List<DeviceSetting> all, String device, String name) {
        return all.stream().filter(s -> s.device().equals(device) && s.name().equals(name)).toList();
    }

    /** True when some module setting was seen and none names a transport module; false when loaded or unknown. */
    public static boolean modulesKnownMissing(List<DeviceSetting> all) {
        List<DeviceSetting> m = settings(all, KERNEL, MODULES);
        return !m.isEmpty() && m.stream().allMatch(s -> s.value().equals("none"));
    }

    /** True when some module setting names a transport module. */
    public static boolean modulesLoaded(List<DeviceSetting> all) {
        return settings(all, KERNEL, MODULES).stream().anyMatch(s -> !s.value().equals("none"));
    }
}
