package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.CardIdentity;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.limits.CardModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The card model of an adapter from what names it ({@link CardIdentity}): its part number in the
 * table, then the vendor's description, then its PSID (the settings of its PCI functions; sysfs and
 * ibv_devinfo's board_id of its RDMA devices). Empty when nothing names it: the rules then fall back
 * to the family's best and say so.
 */
final class Cards {
    private Cards() {}

    /** The card with the evidence it rests on. */
    record Rated(CardModel card, Evidence evidence) {}

    static Optional<Rated> of(Facts facts, Adapter a) {
        List<String> addresses = new ArrayList<>(a.functions().stream().map(PciFunction::address).toList());
        List<RdmaDevice> devices = new ArrayList<>();
        for (Port p : a.ports()) {
            if (p.rdma() != null) {
                facts.rdmaDevice(p.rdma().device()).filter(d -> !devices.contains(d)).ifPresent(devices::add);
            }
        }
        devices.forEach(d -> d.pciAddress().optional().filter(x -> !addresses.contains(x)).ifPresent(addresses::add));
        String partNumber = null;
        for (DeviceSetting s : facts.settings()) {
            if (!addresses.contains(s.device())) {
                continue;
            }
            if (s.name().equals(CardIdentity.PART_NUMBER)) {
                Optional<CardModel> c = CardModel.byPartNumber(s.value());
                if (c.isPresent()) {
                    return Optional.of(new Rated(c.get(), s.evidence()));
                }
                partNumber = s.value();
            }
        }
        for (DeviceSetting s : facts.settings()) {
            if (addresses.contains(s.device()) && s.name().equals(CardIdentity.DESCRIPTION)) {
                Optional<CardModel> c = CardModel.byDescription(partNumber, s.value());
                if (c.isPresent()) {
                    return Optional.of(new Rated(c.get(), s.evidence()));
                }
            }
        }
        for (DeviceSetting s : facts.settings()) {
            if (addresses.contains(s.device()) && s.name().equals(CardIdentity.PSID)) {
                Optional<CardModel> c = CardModel.byPsid(s.value());
                if (c.isPresent()) {
                    return Optional.of(new Rated(c.get(), s.evidence()));
                }
            }
        }
        for (RdmaDevice d : devices) {
            if (d.boardId().isPresent()) {
                Optional<CardModel> c = CardModel.byPsid(d.boardId().value());
                if (c.isPresent()) {
                    return Optional.of(new Rated(c.get(), d.boardId().evidence()));
                }
            }
        }
        return Optional.empty();
    }

    /** The part number the facts show for the adapter even when the table does not know it, for the wording. */
    static Optional<String> partNumber(Facts facts, Adapter a) {
        List<String> addresses = a.functions().stream().map(PciFunction::address).toList();
        return facts.settings().stream().filter(s -> addresses.contains(s.device()) && s.name().equals(CardIdentity.PART_NUMBER))
                .map(DeviceSetting::value).findFirst();
    }
}
