package dev.wirespeed.limits;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One adapter card's rated ports, which the family does not tell: a ConnectX-3 is 10GbE as the
 * MCX342A-XCC and 40GbE as the MCX354A-FCB. Known by its part number (OPN: mlxfwmanager/flint "Part
 * Number:", lspci's VPD "[PN] Part number:"), its PSID (ibv_devinfo/sysfs board_id, mlxfwmanager "PSID:"),
 * or the vendor's own description of it (mlxfwmanager/flint/mstconfig "Description:", "ConnectX-3 EN NIC for
 * OCP;10GbE;dual-port SFP+").
 *
 * @param partNumber     the OPN without its revision ("MCX342A-XCC")
 * @param ports          network ports on the card, or 0 when not known
 * @param ethGbpsPerPort the fastest Ethernet speed of each port in Gbit/s, or null (InfiniBand only, or not said)
 * @param ibLane         the fastest InfiniBand lane speed, or null (Ethernet only, or not said)
 * @param source         where the rating comes from, for a finding's evidence
 */
public record CardModel(String partNumber, int ports, Double ethGbpsPerPort, IbSpeed ibLane, String source) {

    /**
     * Cards whose rating is written down where we can cite it (the source a finding shows names the
     * document, not where we read it):
     * src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt l.1698-1707 copies NVIDIA's ConnectX-4 Lx
     * EN table (OPN → "Max Network Speed");
     * src/test/resources/parse/mlx/mlnxofedinstall-seed001.txt l.51-100 is mlxfwmanager naming three
     * cards with their PSID and NVIDIA's description;
     * src/test/resources/parse/seeds/004_2a39351d1c4a425e.txt l.2 and l.70 name the GW-R86S's OCP card
     * and its 25G SFP28 optics, with two functions in lspci (l.79-80).
     */
    private record Known(String opn, String psid, int ports, Double eth, IbSpeed ib, String source) {}

    private static final String CX4LX_TABLE = "NVIDIA ConnectX-4 Lx EN OPN table";
    private static final String FIRMWARE_DESCRIPTION = "mlxfwmanager description";
    private static final List<Known> KNOWN = List.of(
            new Known("MCX4111A-XCAT", null, 1, 10.0, null, CX4LX_TABLE),
            new Known("MCX4121A-XCAT", null, 2, 10.0, null, CX4LX_TABLE),
            new Known("MCX4121A-XCHT", null, 2, 10.0, null, CX4LX_TABLE),
            new Known("MCX4111A-ACAT", null, 1, 25.0, null, CX4LX_TABLE),
            new Known("MCX4111A-ACUT", null, 1, 25.0, null, CX4LX_TABLE),
            new Known("MCX4121A-ACAT", null, 2, 25.0, null, CX4LX_TABLE),
            new Known("MCX4121A-ACUT", null, 2, 25.0, null, CX4LX_TABLE),
            new Known("MCX4131A-BCAT", null, 1, 40.0, null, CX4LX_TABLE),
            new Known("MCX4131A-GCAT", null, 1, 50.0, null, CX4LX_TABLE),
            new Known("MCX455A-ECA", "MT_2180110032", 1, 100.0, IbSpeed.EDR, FIRMWARE_DESCRIPTION),
            new Known("MCX354A-FCB", "MT_1090120019", 2, 40.0, IbSpeed.FDR, FIRMWARE_DESCRIPTION),
            new Known("MCX342A-XCC", "MT_1680110023", 2, 10.0, null, FIRMWARE_DESCRIPTION),
            new Known("MCX4421A-ACQN", null, 2, 25.0, null, "ConnectX-4 Lx for OCP 2.0, 25GbE"));

    /** The card of a part number as printed ("MCX342A-XCC_Ax", "MCX4121A-ACAT", "MCX354A-FCB_A2-A5"). */
    public static Optional<CardModel> byPartNumber(String printed) {
        if (printed == null) {
            return Optional.empty();
        }
        String pn = base(printed);
        return KNOWN.stream().filter(k -> pn.startsWith(k.opn()) || k.opn().startsWith(pn) && pn.length() >= 11)
                .findFirst().map(k -> new CardModel(k.opn(), k.ports(), k.eth(), k.ib(), k.source() + ": " + printed));
    }

    /** The card of a PSID ("MT_1680110023"), as the firmware names the board. */
    public static Optional<CardModel> byPsid(String psid) {
        if (psid == null) {
            return Optional.empty();
        }
        String p = psid.strip().toUpperCase(Locale.ROOT);
        return KNOWN.stream().filter(k -> p.equals(k.psid()))
                .findFirst().map(k -> new CardModel(k.opn(), k.ports(), k.eth(), k.ib(), k.source() + ": PSID " + psid.strip()));
    }

    private static final Pattern ETH = Pattern.compile("(?<![\\w/])(\\d{1,3})(?:/\\d{1,3})*\\s?(?:GbE|GigE|Gb/s Ethernet)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern IB = Pattern.compile("\\b(SDR|DDR|QDR|FDR10|FDR|EDR|HDR100|HDR|NDR200|NDR|XDR)\\b(?:\\s*IB|\\s*InfiniBand)?");
    private static final Pattern PORTS = Pattern.compile("\\b(single|dual|quad|one|two|four|[1-4])[- ]port",
            Pattern.CASE_INSENSITIVE);

    /**
     * The rating NVIDIA's description of the card states ("ConnectX-4 VPI adapter card; EDR IB
     * (100Gb/s) and 100GbE; single-port QSFP28", "ConnectX-3 EN NIC for OCP;10GbE;dual-port SFP+",
     * "BlueField-2 … DPU; 200GbE single-port QSFP56"); empty when it names no speed.
     */
    public static Optional<CardModel> byDescription(String partNumber, String description) {
        if (description == null) {
            return Optional.empty();
        }
        Double eth = null;
        Matcher e = ETH.matcher(description);
        while (e.find()) {
            double g = Double.parseDouble(e.group(1));
            // "40/56GbE": the slash list's last speed is the fastest
            String all = e.group(0).replaceAll("(?i)\\s?(GbE|GigE|Gb/s Ethernet)", "");
            String[] parts = all.split("/");
            g = Double.parseDouble(parts[parts.length - 1].strip());
            eth = eth == null ? g : Math.max(eth, g);
        }
        IbSpeed ib = null;
        Matcher i = IB.matcher(description);
        while (i.find()) {
            String s = i.group(1).replaceAll("\\d+$", "");
            IbSpeed found = s.equals("FDR") && i.group(1).equals("FDR10") ? IbSpeed.FDR10 : IbSpeed.valueOf(s);
            ib = ib == null || found.ordinal() > ib.ordinal() ? found : ib;
        }
        if (eth == null && ib == null) {
            return Optional.empty();
        }
        int ports = 0;
        Matcher p = PORTS.matcher(description);
        if (p.find()) {
            ports = switch (p.group(1).toLowerCase(Locale.ROOT)) {
                case "single", "one", "1" -> 1;
                case "dual", "two", "2" -> 2;
                case "quad", "four", "4" -> 4;
                default -> Integer.parseInt(p.group(1));
            };
        }
        String pn = partNumber == null ? null : base(partNumber);
        return Optional.of(new CardModel(pn, ports, eth, ib, "the card's description: '" + description.strip() + "'"));
    }

    /** "MCX342A-XCC_Ax" → "MCX342A-XCC": the revision after '_' is not the model. */
    static String base(String printed) {
        String s = printed.strip().toUpperCase(Locale.ROOT);
        int u = s.indexOf('_');
        return u > 0 ? s.substring(0, u) : s;
    }

    /** "MCX342A-XCC (2 × 10GbE)", what findings call the card. */
    public String label() {
        StringBuilder b = new StringBuilder(partNumber != null ? partNumber : "the card");
        b.append(" (");
        if (ports > 0) {
            b.append(ports).append(" × ");
        }
        if (ethGbpsPerPort != null) {
            b.append(Links.formatGbps(ethGbpsPerPort)).append("GbE");
        }
        if (ibLane != null) {
            b.append(ethGbpsPerPort != null ? ", " : "").append(ibLane).append(" InfiniBand");
        }
        return b.append(')').toString();
    }
}
