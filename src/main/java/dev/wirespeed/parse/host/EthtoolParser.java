package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Fields;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool IFACE} ("Settings for eth0:"), {@code ethtool -a} ("Pause parameters for eth0:")
 * and {@code ethtool -i} ("driver: mlx5_core" … "bus-info:"). The variant is told by the first line.
 */
public final class EthtoolParser extends BaseParser {
    private static final Pattern SETTINGS = Pattern.compile("Settings for (\\S+):");
    /**
     * The settings' first two fields, as a paste that left the "Settings for" line out begins
     * (realtek-r8125-dkms#32): "Supported ports: [ TP ]" then "Supported link modes:".
     */
    private static final Pattern FIRST_FIELD = Pattern.compile("Supported ports: \\[[^\\]]*\\]");
    private static final Pattern SECOND_FIELD = Pattern.compile("Supported link modes:.*");
    private static final Pattern PAUSE = Pattern.compile("Pause parameters for (\\S+):");
    /** ethtool -i's first line; a guide that capitalised the keys ("Driver: ionic" / "Version: 1.8.0-E-24") keeps them. */
    private static final Pattern DRIVER = Pattern.compile("(?i)driver:\\s*(\\S+)");
    /**
     * The line ethtool -i prints after "driver:": "version:", or, when a grep or a script kept fewer lines,
     * "firmware-version:" or "bus-info:" (ethtool.c dump_drvinfo's order).
     */
    private static final Pattern AFTER_DRIVER = Pattern.compile("(?i)(?:version|firmware-version|bus-info):.*");
    private static final Pattern SPEED = Pattern.compile("(\\d+)\\s*Mb/s");
    /** "Statistics:" of ethtool -I -a, then indented "  tx_pause_frames: 1". */
    private static final Pattern STATISTIC = Pattern.compile("(\\w+):\\s*(\\d+)");
    /** "no (Cable issue, Unsupported cable)": the driver's reason beside the link state (ethtool 5.x, netlink). */
    private static final Pattern LINK_DETAIL = Pattern.compile("(\\w+)\\s*\\((.*)\\)");
    /** A settings line a grep keeps: "Speed: 1000Mb/s", "Duplex: Full", "Link detected: yes" … */
    static final Pattern GREPPED = Pattern.compile(
            "(?:Speed|Duplex|Link detected|Port|Auto-negotiation|Supported link modes|Advertised link modes|"
                    + "Link partner advertised link modes|Transceiver):\\s*\\S.*");
    private static final Pattern LIST_CONTINUATION = Pattern.compile("[\\w/ \\[\\]-]+");

    public EthtoolParser() {
        super("ethtool", "ethtool");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(SETTINGS, i) || in.matches(PAUSE, i) || headless(in, i)
                || driverInfoAt(in, i)
                || (i == 0 && plainSettings(in.command()) && in.matches(GREPPED, i));
    }

    /** Line i begins ethtool -i: "driver: X" and the line ethtool prints after it. */
    private static boolean driverInfoAt(Lines in, int i) {
        return in.matches(DRIVER, i) && i + 1 < in.size() && in.matches(AFTER_DRIVER, i + 1);
    }

    /** Line i begins the settings without their "Settings for" line. */
    private static boolean headless(Lines in, int i) {
        return in.matches(FIRST_FIELD, i) && i + 1 < in.size() && in.matches(SECOND_FIELD, i + 1)
                && (i == 0 || !in.matches(SETTINGS, i - 1));
    }

    /** "ethtool IFACE" alone: the settings; its output grep'd ("| egrep 'Speed|Duplex'") loses the head line. */
    private static boolean plainSettings(Command c) {
        return c != null && c.program().equals("ethtool") && c.args().size() == 1 && !c.args().getFirst().startsWith("-");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Matcher head;
        String iface;
        int i = from;
        Fields f = new Fields();
        Map<String, List<String>> modes = new HashMap<>();
        List<String> list = null;
        Map<String, Long> statistics = new LinkedHashMap<>();
        boolean inStatistics = false;
        if ((head = in.match(SETTINGS, from)) != null || (head = in.match(PAUSE, from)) != null) {
            iface = head.group(1);
            b.use(from);
            i++;
        } else if (headless(in, from) && !plainSettings(in.command())) {
            // the interface is not printed: the command's, when the paste has one
            Command c = in.command();
            iface = c != null && c.program().equals("ethtool") && !c.args().isEmpty() ? c.args().getLast() : null;
            head = SETTINGS.matcher("Settings for ?:");
            head.matches();
        } else if (plainSettings(in.command()) && !in.matches(DRIVER, from)) {
            head = SETTINGS.matcher("Settings for " + in.command().args().getFirst() + ":");
            head.matches(); // as if the grep had kept the head line: the interface is the command's
            iface = head.group(1);
        } else {
            Command c = in.command();
            iface = c == null || c.args().isEmpty() ? null : c.args().getLast();
        }
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if (head != null && head.pattern() == PAUSE && in.get(i).equals("Statistics:")) {
                inStatistics = true;
                b.use(i);
                continue;
            }
            if (inStatistics && (m = in.match(STATISTIC, i)) != null) {
                statistics.put(m.group(1), Long.parseLong(m.group(2)));
                b.use(i);
                continue;
            }
            if (head != null && head.pattern() == SETTINGS && driverInfoAt(in, i)) {
                // ethtool -i right after the settings, nothing between (a script running both per interface)
                b.add(settings(iface, f, modes, in.source(from)));
                return driverInfo(in, i, iface, b);
            }
            EthtoolError refused = head != null ? EthtoolErrorParser.inside(iface, in, i) : null;
            if (refused != null) {
                b.use(i).add(refused);
                continue;
            }
            m = in.match(KEY_VALUE, i);
            if (m != null) {
                f.put(m.group(1), m.group(2), in.source(i));
                String key = m.group(1).toLowerCase(Locale.ROOT);
                list = key.endsWith("link modes") ? modes.computeIfAbsent(key, k -> new ArrayList<>()) : null;
                if (list != null) {
                    modeWords(list, m.group(2));
                }
                b.use(i);
            } else if (head != null && head.pattern() == SETTINGS && Character.isWhitespace(in.raw(i).charAt(0))
                    && in.matches(LIST_CONTINUATION, i)) {
                if (list != null) {
                    modeWords(list, in.get(i));
                }
                b.use(i); // continuation of "Supported link modes:" lists
            } else {
                break;
            }
        }
        if (head != null && head.pattern() == PAUSE) {
            b.add(new PauseSettings(iface, onOff(f.text("autonegotiate")), onOff(f.text("rx")), onOff(f.text("tx")),
                    onOff(f.text("rx negotiated")), onOff(f.text("tx negotiated")), statistics, in.source(from)));
        } else if (head != null) {
            b.add(settings(iface, f, modes, in.source(from)));
        } else {
            b.add(new DriverInfo(iface, f.text("driver"), f.text("version"), f.text("firmware-version"),
                    f.text("bus-info"), in.source(from)));
        }
        return b.done(i);
    }

    /** ethtool -i's lines from {@code from} (its "driver:" line) to the first that is no "key: value". */
    private static Parsed driverInfo(Lines in, int from, String iface, ParseBuilder b) {
        Fields f = new Fields();
        int i = from;
        for (Matcher m; i < in.size() && (m = in.match(KEY_VALUE, i)) != null; i++) {
            f.put(m.group(1), m.group(2), in.source(i));
            b.use(i);
        }
        b.add(new DriverInfo(iface, f.text("driver"), f.text("version"), f.text("firmware-version"),
                f.text("bus-info"), in.source(from)));
        return b.done(i);
    }

    /** The settings record of the fields read ("speed", "link detected" … in lower case) and the link-mode lists. */
    static EthtoolSettings settings(String iface, Fields f, Map<String, List<String>> modes, Source source) {
        Matcher s = f.text("speed") == null ? null : SPEED.matcher(f.text("speed"));
        Quantity speed = s != null && s.matches()
                ? Quantity.bitsPerSecond(UnitWords.number(s.group(1)) * 1e6, f.text("speed").strip()) : null; // raw: the value as printed ("25000Mb/s"), as RdmaPort.rate
        String link = f.text("link detected");
        Matcher detail = link == null ? null : LINK_DETAIL.matcher(link);
        boolean detailed = detail != null && detail.matches();
        return new EthtoolSettings(iface, speed, f.text("duplex"), f.text("auto-negotiation"), f.text("port"),
                yesNo(link == null ? null : detailed ? detail.group(1) : link), source,
                modes.get("supported link modes"), modes.get("advertised link modes"),
                modes.get("link partner advertised link modes"), f.text("transceiver"),
                detailed ? detail.group(2).strip() : null, fecModes(f.text("supported fec modes")),
                fecModes(f.text("advertised fec modes")));
    }

    /**
     * ethtool prints "yes" or "no" (ethtool.c dump_link: carrier up or not); anything else (a note the paste kept, a
     * cut line) says nothing, so it is no carrier-down verdict.
     */
    private static Boolean yesNo(String text) {
        return text == null ? null : text.strip().equalsIgnoreCase("yes") ? Boolean.TRUE
                : text.strip().equalsIgnoreCase("no") ? Boolean.FALSE : null;
    }

    /** "10baseT/Half 10baseT/Full" → the modes; "Not reported" adds none. */
    static void modeWords(List<String> list, String text) {
        for (String w : text.strip().split("\\s+")) {
            if (w.contains("/") || w.matches("\\d+base\\w+")) {
                list.add(w);
            }
        }
    }

    /**
     * "None        RS      BASER" → [None, RS, BASER]; "Not reported" → null. ethtool 4.15–4.19 printed the modes in
     * brackets split by bars, "[RS | BaseR | None | Not reported]" (its "Not reported" one of the bits, left out here).
     */
    private static List<String> fecModes(String v) {
        if (v == null || v.isBlank() || v.strip().equalsIgnoreCase("Not reported")) {
            return null;
        }
        String text = v.strip();
        if (text.startsWith("[") && text.contains("|")) {
            List<String> modes = new ArrayList<>();
            for (String mode : text.replaceAll("^\\[|]$", "").split("\\|")) {
                if (!mode.isBlank() && !mode.strip().equalsIgnoreCase("Not reported")) {
                    modes.add(mode.strip());
                }
            }
            return modes.isEmpty() ? null : modes;
        }
        return List.of(text.split("\\s+"));
    }

    /** "on"/"off" (any case) → true/false; anything else ("n/a") → null. */
    static Boolean onOff(String v) {
        if (v == null) {
            return null;
        }
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "on" -> Boolean.TRUE;
            case "off" -> Boolean.FALSE;
            default -> null;
        };
    }
}
