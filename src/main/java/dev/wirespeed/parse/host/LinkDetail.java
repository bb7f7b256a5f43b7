package dev.wirespeed.parse.host;

import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a driver's link-up line says after "Link is Up", each value as printed. The drivers' format strings:
 * <ul>
 *   <li>e1000e/igb/igc/e1000: "NIC Link is Up %d Mbps %s Duplex, Flow Control: %s" ("Rx/Tx", "RX/TX", "None");</li>
 *   <li>ixgbe: "NIC Link is Up %s, Flow Control: %s" (no duplex);</li>
 *   <li>i40e: "NIC Link is Up, %sbps Full Duplex, Requested FEC: %s, Negotiated FEC: %s, Autoneg: %s, Flow Control: %s";</li>
 *   <li>ice: "NIC Link is up %sbps Full Duplex, Requested FEC: %s, Negotiated FEC: %s, Autoneg Advertised: %s, Autoneg
 *       Negotiated: %s, Flow Control: %s";</li>
 *   <li>bnxt_en: "NIC Link is Up, %u Mbps %s duplex, Flow control: %s";</li>
 *   <li>tg3: "Link is up at %d Mbps, %s duplex" (its flow control on a line of its own); sfc: "link up at %uMbps
 *       %s-duplex (MTU %d)"; cxgb4: "link up, %s, full-duplex, %s PAUSE"; phylink: "Link is Up - 1Gbps/Full - flow
 *       control rx/tx".</li>
 * </ul>
 */
final class LinkDetail {
    private LinkDetail() {}

    /** The speed in a link-up message: "10 Gbps", "1000 Mbps Full Duplex", phylink's "- 1Gbps/Full", bnxt's ", 25000 Mbps". */
    private static final Pattern SPEED = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([GM])bps");
    private static final Pattern DUPLEX = Pattern.compile("\\b(?i:(full|half))[ -](?i:duplex)\\b|/(Full|Half)\\b");
    private static final Pattern FLOW = Pattern.compile("(?i:flow control)(?::| is)? ([^,]+?)\\.?\\s*(?:,|$)");
    /** cxgb4's pause: "…, full-duplex, Tx/Rx PAUSE". */
    private static final Pattern PAUSE = Pattern.compile("\\b(Tx/Rx|Rx|Tx|No) PAUSE\\b");
    private static final Pattern REQUESTED_FEC = Pattern.compile("Requested FEC: ([^,]+?)\\s*(?:,|$)");
    private static final Pattern NEGOTIATED_FEC = Pattern.compile("Negotiated FEC: ([^,]+?)\\s*(?:,|$)");
    /** i40e "Autoneg: False"; ice "Autoneg Advertised: On, Autoneg Negotiated: False" (what was agreed). */
    private static final Pattern AUTONEG = Pattern.compile("Autoneg(?: Negotiated)?: ([^,]+?)\\s*(?:,|$)");

    static LinkEvent event(String driver, String address, String iface, boolean up, String detail, Source src) {
        if (detail == null) {
            return new LinkEvent(driver, address, iface, up, null, null, null, null, null, null, null, src);
        }
        Matcher speed = SPEED.matcher(detail);
        Quantity bits = speed.find() ? Quantity.bitsPerSecond(UnitWords.number(speed.group(1))
                * (speed.group(2).equals("G") ? 1e9 : 1e6), speed.group()) : null;
        String flow = first(FLOW, detail);
        return new LinkEvent(driver, address, iface, up, detail, bits, duplex(detail),
                flow != null ? flow : first(PAUSE, detail), first(REQUESTED_FEC, detail), first(NEGOTIATED_FEC, detail),
                first(AUTONEG, detail), src);
    }

    /**
     * Puts what the line after a link-up line says (tg3's pause, bnxt_en's active FEC) into that link event: the last
     * link-up event among the last few records, of the same device (address) or netdev. False when there is none.
     */
    static boolean amend(List<ParsedRecord> records, String address, String iface, String flow, String fec) {
        for (int k = records.size() - 1; k >= Math.max(0, records.size() - 3); k--) {
            if (records.get(k) instanceof LinkEvent e && e.up() && Objects.equals(e.address(), address)
                    && Objects.equals(e.iface(), iface)) {
                records.set(k, new LinkEvent(e.driver(), e.address(), e.iface(), true, e.detail(), e.speed(), e.duplex(),
                        flow != null ? flow : e.flowControl(), e.requestedFec(), fec != null ? fec : e.negotiatedFec(),
                        e.autoneg(), e.source()));
                return true;
            }
        }
        return false;
    }

    private static String duplex(String text) {
        Matcher m = DUPLEX.matcher(text);
        return !m.find() ? null : m.group(1) != null ? m.group(1) : m.group(2);
    }

    private static String first(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? m.group(1) : null;
    }
}
