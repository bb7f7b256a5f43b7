package dev.wirespeed.host;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * A mounted file system of interest (NFS): a /proc/mounts line, or `nfsstat -m` output.
 *
 * @param device     "192.168.23.1:/tmp"
 * @param mountPoint "/mnt/nfs"
 * @param fsType     "nfs", "nfs4"
 * @param options    the option string as printed
 * @param proto      the proto= option: "tcp", "rdma", "udp"; absent when the options do not say
 * @param evidence   the line it came from
 */
public record Mount(String device, String mountPoint, String fsType, String options, Observed<String> proto,
                    Evidence evidence) {
    @JsonIgnore
    public boolean isNfs() {
        return fsType.startsWith("nfs");
    }

    /** The value of option {@code name} in a comma list ("proto" in "rw,proto=rdma,port=20049"), or null. */
    public static String option(String options, String name) {
        for (String o : options.split(",")) {
            int eq = o.indexOf('=');
            if (eq > 0 && o.substring(0, eq).strip().equals(name)) {
                return o.substring(eq + 1).strip();
            }
        }
        return null;
    }
}
