package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.results.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * iproute2's {@code dcb pfc show dev IF} and {@code dcb app show dev IF}, plain or with -j (the
 * shapes of iproute2's dcb/dcb_pfc.c and dcb/dcb_app.c: {@code "prio_pfc":[false,…]} one flag per
 * priority 0–7, {@code "dscp_prio":[[26,3],…]} DSCP → priority pairs; plain "prio-pfc 0:off 1:off …",
 * "dscp-prio 26:3 …" or "AF31:3"). As a {@link QosSettings}: the PFC priorities, and from the app
 * table the priority of DSCP 26 and the trust: mlx5 classifies by DSCP exactly when DSCP app
 * entries exist (upstream mlx5e_dcbnl_ieee_setapp switches its trust state with them), so DSCP
 * entries mean trust dscp; without them the trust stays unknown (another driver may differ).
 */
public final class DcbParser extends BaseParser {
    private static final Pattern PFC_TEXT = Pattern.compile("prio-pfc((?:\\s+\\d:(?:on|off))+)");
    private static final Pattern PFC_CAP = Pattern.compile("pfc-cap \\d+.*");
    private static final Pattern DSCP_TEXT = Pattern.compile("dscp-prio((?:\\s+[\\w]+:\\d)+)");
    private static final Pattern OTHER_APP = Pattern.compile("(?:ethtype-prio|default-prio|stream-port-prio"
            + "|dgram-port-prio|port-prio)\\s.*");
    /** dsfield names iproute2 prints for DSCP values without -N (rt_dsfield); only those around 26 matter. */
    private static final Map<String, Integer> DSCP_NAMES = Map.of("AF31", 26, "CS3", 24,
            "AF32", 28, "AF33", 30);

    public DcbParser() {
        super("dcb", "dcb");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        String s = in.get(i);
        return s.startsWith("{") && (s.contains("\"prio_pfc\"") || s.contains("\"dscp_prio\""))
                || in.matches(PFC_TEXT, i) || in.matches(PFC_CAP, i) || in.matches(DSCP_TEXT, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        List<Integer> pfc = null;
        Integer dscp26 = null;
        boolean dscpEntries = false;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            String s = in.get(i);
            Matcher m;
            if (s.startsWith("{")) {
                JsonNode doc;
                try {
                    doc = Json.MAPPER.readTree(s);
                } catch (RuntimeException e) {
                    break; // cut off or not JSON
                }
                JsonNode prio = doc.get("prio_pfc");
                if (prio != null && prio.isArray() && prio.size() == 8) {
                    pfc = new ArrayList<>();
                    for (int p = 0; p < 8; p++) {
                        if (prio.get(p).asBoolean(false)) {
                            pfc.add(p);
                        }
                    }
                }
                JsonNode dscp = doc.get("dscp_prio");
                if (dscp != null && dscp.isArray()) {
                    for (JsonNode pair : dscp) {
                        if (pair.isArray() && pair.size() == 2) {
                            dscpEntries = true;
                            if (pair.get(0).asInt(-1) == 26) {
                                dscp26 = pair.get(1).asInt();
                            }
                        }
                    }
                }
            } else if ((m = in.match(PFC_TEXT, i)) != null) {
                pfc = new ArrayList<>();
                for (String kv : m.group(1).strip().split("\\s+")) {
                    if (kv.endsWith(":on")) {
                        pfc.add(kv.charAt(0) - '0');
                    }
                }
            } else if ((m = in.match(DSCP_TEXT, i)) != null) {
                for (String kv : m.group(1).strip().split("\\s+")) {
                    String key = kv.substring(0, kv.indexOf(':'));
                    Integer d = key.matches("\\d+") ? Integer.valueOf(key) : DSCP_NAMES.get(key);
                    dscpEntries = true;
                    if (d != null && d == 26) {
                        dscp26 = Integer.parseInt(kv.substring(kv.indexOf(':') + 1));
                    }
                }
            } else if (!in.matches(PFC_CAP, i) && !in.matches(OTHER_APP, i)) {
                break;
            }
            b.use(i);
        }
        String iface = in.command() == null ? null : in.command().after("dev");
        if (pfc != null || dscpEntries) {
            b.add(new QosSettings(iface, null, dscpEntries ? "dscp" : null, pfc, List.of(), dscp26, in.source(from)));
        }
        return b.done(i);
    }
}
