package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.UnitWords;
import dev.wirespeed.parse.ping.PingSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A ping that lost some of its requests but not all (issue 26; the field notes ping the peer before
 * testing: src/test/resources/parse/ping/ping-iputils-two-replies-seed000.txt,
 * src/test/resources/parse/ping/ping-iputils-100g-seed001.txt): on a link between two hosts nothing should be lost, so any loss is a fault to find before
 * a bandwidth test (a port with errors or flapping, a saturated link, a peer that rate-limits ICMP).
 * All lost is {@code run-failed}.
 */
final class PingLossRule implements LogRule {
    @Override
    public String id() {
        return "ping-loss";
    }

    @Override
    public String description() {
        return "a ping lost some of its requests: look for errors on the link before testing over it";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (PingSummary s : log.all(PingSummary.class)) {
            if (s.transmitted() == null || s.received() == null || s.noReply() || s.received() >= s.transmitted()) {
                continue;
            }
            int lost = s.transmitted() - s.received();
            String peer = s.target() == null ? "the peer" : s.peer();
            out.add(new Finding(id(), Severity.WARN, "ping " + peer, String.format(Locale.ROOT,
                    "ping of %s lost %d of %d requests (%s %%)%s: a link between two hosts should lose none", peer, lost,
                    s.transmitted(), UnitWords.trim(s.lossPercent() == null ? 100.0 * lost / s.transmitted()
                            : s.lossPercent()),
                    lost == 1 ? " (one request lost at a ^C can be the last one still on its way)" : ""),
                    List.of(new Evidence("ping, line " + s.source().line(), s.source().text().strip())), null,
                    Fix.action("read the error and drop counters of both ends (ip -s link, ethtool -S IF) and of the switch"
                            + " port, and test again with ping -c 100 -i 0.2; a peer may rate-limit ICMP, so confirm with the"
                            + " benchmark")));
        }
        return out;
    }
}
