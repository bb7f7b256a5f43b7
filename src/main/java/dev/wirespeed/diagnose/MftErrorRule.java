package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.mlx.MftError;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A firmware tool's "-E- …" line (MFT or mstflint), said for what it is. A device the tool cannot
 * open ("Cannot open Device: …", "Failed to open (the) device", code MFE_CR_ERROR: mflash's code for a
 * failed mopen(), mstflint mflash.c) was never reached: the tool printed nothing of the card. The
 * system's reason it quotes decides the advice: "No such file or directory" is a name or address
 * that does not exist on this host; "Permission denied" / "Operation not permitted" a user who is
 * not root. Any other reason ("Operation not supported": seen on old InfiniHost III cards,
 * mstflint#20 and #921) is not
 * explained by the line, and the finding says so. "Unsupported device" is the tool's release not
 * knowing the card.
 */
final class MftErrorRule implements LogRule {
    @Override
    public String id() {
        return "mft-error";
    }

    @Override
    public String description() {
        return "an NVIDIA/Mellanox firmware tool (mstflint, flint, mlxconfig, mlxlink …) failed: a device it could not"
                + " open, a device it does not support, or the error it printed";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (MftError e : log.all(MftError.class)) {
            String tool = e.tool() == null ? "the firmware tool" : e.tool();
            String device = e.device() == null ? "the device" : e.device();
            Evidence seen = new Evidence((e.tool() == null ? "mft" : e.tool()) + ", line " + e.source().line(),
                    e.source().text().strip());
            String m = e.message().toLowerCase(Locale.ROOT);
            if (m.contains("unsupported device") || m.contains("device is not supported")) {
                out.add(new Finding(id(), Severity.ERROR, tool, tool + " does not support " + device + ": " + e.message(),
                        List.of(seen), null, Fix.action("use a release of the tool whose device list names this card"
                                + " (mstflint or MFT), and check -d names the card itself (lspci -d 15b3:)")));
            } else if (opening(e, m)) {
                out.add(new Finding(id(), Severity.ERROR, tool, tool + " could not open " + device
                        + (e.reason() == null ? "" : " (" + e.reason() + ")") + " and read nothing from the card"
                        + (e.code() == null ? "" : " (" + e.code() + ": opening the device failed)"), List.of(seen), null,
                        Fix.action(openAdvice(e))));
            } else {
                out.add(new Finding(id(), Severity.ERROR, tool, tool + " failed" + (e.device() == null ? "" : " on " + device)
                        + ": " + e.message(),
                        List.of(seen), null, Fix.action("the line names what failed; the tool printed nothing else of the card")));
            }
        }
        return out;
    }

    private static boolean opening(MftError e, String m) {
        return "MFE_CR_ERROR".equals(e.code()) || m.contains("cannot open device") || m.matches("failed to open (?:the )?device.*");
    }

    private static String openAdvice(MftError e) {
        String reason = e.reason() == null ? "" : e.reason();
        if (reason.equals("No such file or directory") && e.device() != null && e.device().startsWith("/dev/mst")) {
            return "MFT's /dev/mst devices exist only after mst start: run mst start, then give -d a device mst status lists";
        } else if (reason.equals("No such file or directory")) {
            return "no device by that name or address on this host: list the cards with lspci -d 15b3: and give -d"
                    + " one of those bus addresses (or a name mst status lists, with MFT's mst started)";
        } else if (reason.equals("Permission denied") || reason.equals("Operation not permitted")) {
            return "run the tool as root (it opens the card's configuration space)";
        }
        return "the line does not say why the device could not be opened: check -d is the card's bus address"
                + " (lspci -d 15b3:), that the tool runs as root, and that this release of the tool lists the card among"
                + " its supported devices";
    }
}
