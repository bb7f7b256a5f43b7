package dev.wirespeed.host;

/**
 * Physical state of an RDMA port (IBA PortInfo PortPhysicalState; sysfs ports/N/phys_state
 * prints "5: LinkUp", drivers/infiniband/core/sysfs.c). Polling: no peer or cable; Disabled:
 * switched off (admin, or the other end of a RoCE pair).
 */
public enum PhysState {
    SLEEP(1), POLLING(2), DISABLED(3), PORT_CONFIGURATION_TRAINING(4), LINK_UP(5), LINK_ERROR_RECOVERY(6), PHY_TEST(7);

    private final int number;

    PhysState(int number) {
        this.number = number;
    }

    public int number() {
        return number;
    }

    /** "5: LinkUp" (sysfs, ibstatus), "LinkUp" (ibstat, iblinkinfo), "LINK_UP (5)" (ibv_devinfo -v). */
    public static PhysState parse(String text) {
        int n = StateNames.number(text);
        for (PhysState s : values()) {
            if (s.number == n) {
                return s;
            }
        }
        return switch (StateNames.letters(text)) {
            case "SLEEP" -> SLEEP;
            case "POLLING" -> POLLING;
            case "DISABLED" -> DISABLED;
            case "PORTCONFIGURATIONTRAINING" -> PORT_CONFIGURATION_TRAINING;
            case "LINKUP" -> LINK_UP;
            case "LINKERRORRECOVERY" -> LINK_ERROR_RECOVERY;
            case "PHYTEST" -> PHY_TEST;
            default -> throw new IllegalArgumentException("expected a physical port state (Sleep, Polling, Disabled, LinkUp …) but was '"
                    + text + "'");
        };
    }
}
