package dev.wirespeed.host;

/**
 * Logical state of an RDMA port (IBA PortInfo PortState; sysfs ports/N/state prints "4: ACTIVE").
 * INIT and ARMED wait for the subnet manager; an Ethernet (RoCE) port is DOWN or ACTIVE.
 */
public enum PortState {
    DOWN(1), INIT(2), ARMED(3), ACTIVE(4), ACTIVE_DEFER(5);

    private final int number;

    PortState(int number) {
        this.number = number;
    }

    public int number() {
        return number;
    }

    /**
     * Accepts every spelling our sources use: sysfs/ibstatus "4: ACTIVE", ibv_devinfo
     * "PORT_ACTIVE (4)", ibstat "Active"/"Initializing", iblinkinfo "Init", smpquery "Initialize".
     */
    public static PortState parse(String text) {
        int n = StateNames.number(text);
        for (PortState s : values()) {
            if (s.number == n) {
                return s;
            }
        }
        String letters = StateNames.letters(text);
        return switch (letters) {
            case "DOWN" -> DOWN;
            case "INIT", "INITIALIZE", "INITIALIZING", "INITIALIZED" -> INIT;
            case "ARMED" -> ARMED;
            case "ACTIVE" -> ACTIVE;
            case "ACTIVEDEFER" -> ACTIVE_DEFER;
            default -> throw new IllegalArgumentException("expected a port state (DOWN, INIT, ARMED, ACTIVE) but was '" + text + "'");
        };
    }
}
