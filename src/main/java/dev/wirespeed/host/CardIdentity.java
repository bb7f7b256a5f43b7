package dev.wirespeed.host;

/**
 * What names an adapter card's model, carried as {@link DeviceSetting}s of its PCI function (device =
 * "0000:06:00.0"): the part number (OPN) from mlxfwmanager, flint or lspci's VPD, the vendor's
 * description of the card, and its PSID. sysfs gives the PSID as the RDMA device's board_id
 * ({@link RdmaDevice#boardId}). limits.CardModel turns them into the card's rated ports.
 */
public final class CardIdentity {
    private CardIdentity() {}

    public static final String PART_NUMBER = "part-number";
    public static final String DESCRIPTION = "card-description";
    public static final String PSID = "psid";
}
