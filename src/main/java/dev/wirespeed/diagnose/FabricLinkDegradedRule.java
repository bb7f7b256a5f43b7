package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.ib.IbLink;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * iblinkinfo / ibnetdiscover: a link running at a lower width or speed than most links of the
 * fabric (or with iblinkinfo's "Could be …" hint) points at a bad cable, transceiver or port.
 */
final class FabricLinkDegradedRule implements LogRule {
    @Override
    public String id() {
        return "ib-link-degraded";
    }

    @Override
    public String description() {
        return "InfiniBand link at a lower width or speed than its peers (iblinkinfo, ibnetdiscover): suspect cable or port";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<IbLink> links = log.all(IbLink.class).stream()
                .filter(l -> l.width() != null && l.speed() != null && (l.state() == null || l.state().equalsIgnoreCase("Active")))
                .toList();
        List<Finding> out = new ArrayList<>();
        String usual = usual(links);
        for (IbLink l : log.all(IbLink.class)) {
            String mode = l.width() == null || l.speed() == null ? null : l.width() + " " + l.speed();
            // a port that is not up keeps stale width and speed in its PortInfo (ibportstate, smpquery)
            boolean up = l.state() == null || l.state().equalsIgnoreCase("Active");
            boolean slower = up && usual != null && mode != null && !mode.equals(usual) && below(l, usual);
            if (!slower && l.couldBe() == null) {
                continue;
            }
            String subject = (l.node() == null ? "" : l.node() + " ") + "port " + l.port()
                    + (l.peer() == null ? "" : " → " + l.peer());
            String why = slower ? "runs at " + mode + " while the other links run at " + usual
                    : "iblinkinfo says: " + l.couldBe();
            out.add(new Finding(id(), Severity.WARN, subject, "link " + subject + " " + why,
                    List.of(new Evidence("line " + l.source().line(), l.source().text().strip())), null,
                    Fix.action("reseat or replace the cable/transceiver of this link, or move it to another port; "
                            + "check the port counters (perfquery) for symbol errors")));
        }
        return out;
    }

    /** The most common "width speed" among links, when at least three links show it. */
    private static String usual(List<IbLink> links) {
        Map<String, Integer> count = new HashMap<>();
        for (IbLink l : links) {
            count.merge(l.width() + " " + l.speed(), 1, Integer::sum);
        }
        return count.entrySet().stream().filter(e -> e.getValue() >= 3).max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey).orElse(null);
    }

    /** Narrower than the usual width, or same width at a different (lower-ranked) speed. */
    private static boolean below(IbLink l, String usual) {
        String[] u = usual.split(" ", 2);
        int w = lanes(l.width());
        int uw = lanes(u[0]);
        if (w != uw) {
            return w < uw;
        }
        return rank(l.speed()) < rank(u[1]);
    }

    private static int lanes(String width) {
        try {
            return Integer.parseInt(width.replaceAll("[^0-9]", ""));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static int rank(String speed) {
        List<String> order = List.of("SDR", "DDR", "QDR", "FDR10", "FDR", "EDR", "HDR", "NDR", "XDR");
        int i = order.indexOf(speed.toUpperCase(Locale.ROOT));
        if (i >= 0) {
            return i;
        }
        try {
            return (int) Math.round(Double.parseDouble(speed.replaceAll("[^0-9.]", "")) * 1000);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
