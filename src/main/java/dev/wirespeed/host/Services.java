package dev.wirespeed.host;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The RDMA stack's services and distribution, carried as {@link DeviceSetting}s like {@link NfsRdma}, so
 * doctor (unit files and init scripts below the root, /sys/module) and explain (pasted {@code systemctl
 * status}, ofed_info, the MLNX_OFED installer) feed the same rules.
 *
 * <p>Unit names differ by stack: the distributions' opensm package installs {@code opensm}
 * (Debian bookworm: /lib/systemd/system/opensm.service and /etc/init.d/opensm; RHEL and SUSE:
 * opensm.service), MLNX_OFED installs {@code opensmd} (/etc/init.d/opensmd, the MLNX_OFED "OpenSM"
 * chapter; src/test/resources/parse/seeds/001_f6752bc58d89dcbd.txt l.653 runs "systemctl start opensmd" on MLNX_OFED 4.6). {@code openibd} (the
 * driver loader) is MLNX_OFED's; {@code rshim} is the BlueField host driver (src/test/resources/parse/host/systemctl-status-rshim-seed002.txt).
 */
public final class Services {
    private Services() {}

    /** Device of a unit's setting; its name is the unit ("opensmd"), its value a state below. */
    public static final String DEVICE = "service";
    /** A unit file or init script exists (doctor); its state is not read. */
    public static final String INSTALLED = "installed";
    /** systemctl "Active: active (running)" or "active (exited)". */
    public static final String ACTIVE = "active";
    /** systemctl "Active: inactive (dead)". */
    public static final String INACTIVE = "inactive";
    /** systemctl "Active: failed". */
    public static final String FAILED = "failed";
    /** systemctl "Unit NAME.service could not be found.", or "Loaded: not-found". */
    public static final String NOT_FOUND = "not-found";

    /** Device of the driver stack setting. */
    public static final String STACK = "rdma-stack";
    /** Its name: "MLNX_OFED_LINUX 4.6-1.0.1.1", "OFED-internal 25.10-1.7.1" (DOCA), or "inbox". */
    public static final String DISTRIBUTION = "distribution";
    /** MLNX_OFED's ib_ipoib module parameter ipoib_enhanced (1: enhanced, datagram only; 0: connected allowed). */
    public static final String IPOIB_ENHANCED = "ipoib_enhanced";

    public static final String OPENSM = "opensm";
    public static final String OPENSMD = "opensmd";
    public static final List<String> KNOWN = List.of(OPENSM, OPENSMD, "openibd", "rshim");

    /** The state of a unit's settings: the last one seen (a later status wins), or empty. */
    public static Optional<DeviceSetting> state(List<DeviceSetting> all, String unit) {
        List<DeviceSetting> s = NfsRdma.settings(all, DEVICE, unit);
        return s.isEmpty() ? Optional.empty() : Optional.of(s.getLast());
    }

    /** True when the unit is known to exist (installed, active, inactive or failed). */
    public static boolean exists(List<DeviceSetting> all, String unit) {
        return state(all, unit).map(s -> !s.value().equals(NOT_FOUND)).orElse(false);
    }

    /** The driver stack, when some source named it. */
    public static Optional<DeviceSetting> distribution(List<DeviceSetting> all) {
        List<DeviceSetting> s = NfsRdma.settings(all, STACK, DISTRIBUTION);
        return s.isEmpty() ? Optional.empty() : Optional.of(s.getFirst());
    }

    /** True when the stack is MLNX_OFED or DOCA-OFED (their ofed_info names), false when inbox or unknown. */
    public static boolean isMlnxOfed(List<DeviceSetting> all) {
        return distribution(all).map(d -> d.value().startsWith("MLNX_OFED") || d.value().startsWith("OFED-internal"))
                .orElse(false);
    }

    /** True when the stack is known to be the distribution's own (no MLNX_OFED). */
    public static boolean isInbox(List<DeviceSetting> all) {
        return distribution(all).map(d -> d.value().equals("inbox")).orElse(false);
    }

    /**
     * The subnet manager's unit on this host, from what was seen: a unit that exists; else the stack
     * (MLNX_OFED: opensmd; the distribution's: opensm); else empty (the facts cannot tell).
     */
    public static Optional<String> subnetManagerUnit(List<DeviceSetting> all) {
        boolean sm = exists(all, OPENSM);
        boolean smd = exists(all, OPENSMD);
        if (sm != smd) {
            return Optional.of(sm ? OPENSM : OPENSMD);
        }
        if (sm) {
            return Optional.empty(); // both: either works, the rule names both
        }
        if (isMlnxOfed(all) && !NfsRdma.settings(all, DEVICE, OPENSMD).stream().anyMatch(s -> s.value().equals(NOT_FOUND))) {
            return Optional.of(OPENSMD);
        }
        if (isInbox(all) && !NfsRdma.settings(all, DEVICE, OPENSM).stream().anyMatch(s -> s.value().equals(NOT_FOUND))) {
            return Optional.of(OPENSM);
        }
        return Optional.empty();
    }

    /**
     * How to start a subnet manager here: the one unit the facts name, else both spellings in one
     * command that works on either stack ({@code opensm || opensmd}).
     */
    public static String startSubnetManager(List<DeviceSetting> all) {
        return subnetManagerUnit(all).map(u -> "systemctl enable --now " + u)
                .orElse("systemctl enable --now opensm || systemctl enable --now opensmd");
    }

    /** Where the unit the fix names was seen (a unit file, a systemctl status line, the stack's name), when it was. */
    public static Optional<Evidence> subnetManagerEvidence(List<DeviceSetting> all) {
        Optional<String> unit = subnetManagerUnit(all);
        if (unit.isEmpty()) {
            return Optional.empty();
        }
        Optional<DeviceSetting> s = state(all, unit.get()).filter(x -> !x.value().equals(NOT_FOUND));
        return s.isPresent() ? Optional.of(s.get().evidence()) : distribution(all).map(DeviceSetting::evidence);
    }

    /** Why that unit: the evidence in words, for a fix's action. */
    public static String subnetManagerWhy(List<DeviceSetting> all) {
        Optional<String> unit = subnetManagerUnit(all);
        if (unit.isEmpty()) {
            boolean none = NfsRdma.settings(all, DEVICE, OPENSM).stream().anyMatch(s -> s.value().equals(NOT_FOUND))
                    && NfsRdma.settings(all, DEVICE, OPENSMD).stream().anyMatch(s -> s.value().equals(NOT_FOUND));
            return none ? "neither opensm nor opensmd is installed here: install the opensm package (or MLNX_OFED's) first"
                    : "the unit is opensm with the distribution's packages, opensmd with MLNX_OFED; the output does not say which is installed";
        }
        if (exists(all, unit.get())) {
            return "the " + unit.get() + " unit is installed here";
        }
        return unit.get().equals(OPENSMD) ? "MLNX_OFED installs the subnet manager as opensmd"
                : "the distribution's opensm package installs opensm";
    }

    /** "active (running)" → active, "inactive (dead)" → inactive, "failed" → failed; else null. */
    public static String stateOf(String activeLine) {
        String a = activeLine.strip().toLowerCase(Locale.ROOT);
        if (a.startsWith("active")) {
            return ACTIVE;
        }
        if (a.startsWith("inactive")) {
            return INACTIVE;
        }
        if (a.startsWith("failed")) {
            return FAILED;
        }
        return null;
    }
}
