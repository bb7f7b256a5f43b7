package dev.wirespeed.parse.mlx;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Fields;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import dev.wirespeed.parse.host.TransceiverModule;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mlxcables} (MFT): "Querying Cables ....", then per cable "Cable #1:", "Cable name : mt4123_pciconf0_cable_0",
 * "-------- Cable EEPROM --------" and the module's EEPROM as "Name : value" lines ("Identifier : QSFP28 (11h)",
 * "Vendor : Mellanox", "Serial number : MT2115VS01418", "Part number : MCP1650-H002E26", "Length [m] : 2 m"), as
 * MFT's own documentation, SONiC's and a user's notes show it. Each cable is a {@link TransceiverModule}: the
 * same EEPROM ethtool -m decodes, named by the cable device instead of a netdev; every line stays in its
 * "printed" under mlxcables' own name.
 */
public final class MlxcablesParser extends BaseParser {
    private static final Pattern QUERYING = Pattern.compile("Querying Cables \\.*");
    private static final Pattern CABLE = Pattern.compile("Cable #\\d+:");
    private static final Pattern NAME = Pattern.compile("Cable name\\s*:\\s*(\\S+)");
    private static final Pattern EEPROM = Pattern.compile("-+ Cable EEPROM -+");
    private static final Pattern FIELD = Pattern.compile("([A-Za-z][\\w /\\[\\]().-]*?)\\s*:\\s*(\\S.*)");
    /** mlxcables' identifier: SFF-8024's name and its code in hex, "QSFP28 (11h)". */
    private static final Pattern IDENTIFIER = Pattern.compile("(.+?)\\s*\\(([0-9a-fA-F]{2})h\\)");
    /** A value under a field's name, indented past it ("Attenuation: 2.5GHz : 3dB" then "5.0GHz : 5dB"), or a note (">> No FW data to show"). */
    private static final Pattern OTHER = Pattern.compile("-+|>>.*|\\S+\\s*:\\s*\\S.*");
    private static final Pattern TEMPERATURE = Pattern.compile("(-?\\d+(?:\\.\\d+)?)\\s*C");

    public MlxcablesParser() {
        super("mlxcables", "mlxcables");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(QUERYING, i) || in.matches(CABLE, i) && next(in, i, NAME);
    }

    /** The next non-blank, non-rule line after i matches {@code p}. */
    private static boolean next(Lines in, int i, Pattern p) {
        for (int k = i + 1; k < Math.min(in.size(), i + 4); k++) {
            if (!in.blank(k) && !in.get(k).matches("-+")) {
                return in.matches(p, k);
            }
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Fields f = null;
        String cable = null;
        Source start = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if (in.matches(QUERYING, i)) {
                if (f != null) {
                    break; // another query
                }
                b.use(i);
            } else if (in.matches(CABLE, i)) {
                flush(b, cable, f, start);
                cable = null;
                f = new Fields();
                start = in.source(i);
                b.use(i);
            } else if (f != null && (m = in.match(NAME, i)) != null) {
                cable = m.group(1);
                b.use(i);
            } else if (f != null && in.matches(EEPROM, i)) {
                b.use(i);
            } else if (f != null && (m = in.match(FIELD, i)) != null) {
                f.put(m.group(1).strip(), m.group(2).strip(), in.source(i));
                b.use(i);
            } else if (f != null && (Character.isWhitespace(in.raw(i).charAt(0)) || in.matches(OTHER, i))) {
                b.use(i); // a value's further lines, a rule, mlxcables' notes
            } else {
                break;
            }
        }
        flush(b, cable, f, start);
        return b.done(i);
    }

    private static void flush(ParseBuilder b, String cable, Fields f, Source start) {
        if (f == null || f.first() == null && cable == null) {
            return;
        }
        TransceiverModule.Coded identifier = null;
        String id = f.text("identifier");
        if (id != null) {
            Matcher m = IDENTIFIER.matcher(id);
            identifier = m.matches() ? new TransceiverModule.Coded(m.group(1).strip(), "0x" + m.group(2).toLowerCase(Locale.ROOT), id)
                    : new TransceiverModule.Coded(id, null, id);
        }
        String temperature = f.text("temperature [c]") != null ? f.text("temperature [c]") : f.text("temperature");
        Matcher t = temperature == null ? null : TEMPERATURE.matcher(temperature);
        Double celsius = null; // "N/A" on a passive cable
        if (t != null && t.matches()) {
            celsius = UnitWords.number(t.group(1));
        } else if (temperature != null && temperature.matches("-?\\d+(?:\\.\\d+)?")) {
            celsius = UnitWords.number(temperature);
        }
        String compliance = f.text("compliance");
        b.add(new TransceiverModule(cable, identifier, null, compliance == null ? List.of() : List.of(compliance),
                f.text("vendor"), f.text("part number"), f.text("serial number"), null, null, null, null, celsius, null,
                List.of(), start, null, Map.of()));
    }
}
