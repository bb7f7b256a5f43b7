package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.TransceiverModule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool -m} shows an optic's own alarm or warning flags On (SFF-8472 A2h bytes 112-117):
 * the module compares its diagnostics with the thresholds in its EEPROM. A low receive power is the
 * common case on a link that errors or stays down: too little light arrives (a dirty or bent fibre,
 * a far end whose laser is off or weak, an LR optic facing an SR one). When every lane's own laser is
 * dark (no bias current, no output power) the module or the NIC turned it off, which is the cause to
 * name first: a ConnectX NIC, for one, disables an optic it does not support ("Link detected: no
 * (Cable issue, Unsupported cable)").
 */
final class TransceiverAlarmRule implements LogRule {
    @Override
    public String id() {
        return "transceiver-alarm";
    }

    @Override
    public String description() {
        return "ethtool -m: the optic's alarm or warning flags are on (low receive power, weak laser, temperature), or its laser is off on every lane";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (TransceiverModule m : log.all(TransceiverModule.class)) {
            boolean laserOff = laserOff(m);
            if (m.alarmsOn().isEmpty() && !laserOff) {
                continue;
            }
            String subject = m.iface() != null ? m.iface() : "transceiver";
            boolean rxLow = m.alarmsOn().stream().anyMatch(a -> a.toLowerCase(Locale.ROOT).contains("rx power low"));
            StringBuilder message = new StringBuilder("optic ")
                    .append(m.vendor() != null ? m.vendor() + " " : "")
                    .append(m.partNumber() != null ? m.partNumber() + " " : "")
                    .append("flags on: ").append(m.alarmsOn().isEmpty() ? "none" : String.join(", ", grouped(m.alarmsOn())));
            if (m.rxPowerDbm() != null) {
                message.append("; receive power ").append(dbm(m.rxPowerDbm())).append(" dBm");
            }
            if (m.txPowerDbm() != null) {
                message.append(", laser ").append(dbm(m.txPowerDbm())).append(" dBm");
            }
            if (laserOff) {
                message.append("; the laser is off on every lane");
            }
            Fix fix = laserOff
                    ? Fix.action("this optic's laser is off (no bias current, no output power): the NIC or the module "
                            + "disabled it; check `ethtool " + (m.iface() != null ? m.iface() : "IFACE")
                            + "` for \"Link detected: no (Cable issue, Unsupported cable)\" and the kernel log for an "
                            + "unsupported module, then use an optic the NIC accepts or bring the port up")
                    : rxLow
                    ? Fix.action("too little light arrives: clean and reseat the fibre, check the far end's laser "
                            + "(ethtool -m on the peer) and that both optics are the same type (SR/LR, wavelength)")
                    : Fix.action("check the optic named by the flags (laser bias/power: replace it; temperature: airflow)");
            out.add(new Finding(id(), Severity.WARN, subject, message.toString(),
                    List.of(new Evidence("ethtool -m, line " + m.source().line(), m.source().text().strip())), null, fix));
        }
        return out;
    }

    /** As ethtool prints no light: "-inf". */
    private static String dbm(double v) {
        return Double.isInfinite(v) ? (v < 0 ? "-inf" : "inf") : String.valueOf(v);
    }

    /** Every lane dark: bias 0 mA and output at -inf or the -40 dBm floor (0.0001 mW) ethtool prints. */
    static boolean laserOff(TransceiverModule m) {
        if (m.lanes().isEmpty()) {
            return m.biasMilliamps() != null && m.biasMilliamps() == 0 && m.txPowerDbm() != null && m.txPowerDbm() <= -40;
        }
        return m.lanes().values().stream().allMatch(l -> l.biasMilliamps() != null && l.biasMilliamps() == 0
                && l.txPowerDbm() != null && l.txPowerDbm() <= -40);
    }

    private static final Pattern LANE_FLAG =
            Pattern.compile("(.*) \\((?:Channel|Chan) (\\d+)\\)");

    /** Per-lane flags once per flag: "Laser rx power low alarm (lanes 1, 2, 3, 4)". */
    static List<String> grouped(List<String> alarms) {
        Map<String, List<String>> lanes = new LinkedHashMap<>();
        for (String a : alarms) {
            Matcher lm = LANE_FLAG.matcher(a);
            if (lm.matches()) {
                lanes.computeIfAbsent(lm.group(1), k -> new ArrayList<>()).add(lm.group(2));
            } else {
                lanes.putIfAbsent(a, null);
            }
        }
        List<String> out = new ArrayList<>();
        lanes.forEach((name, which) -> out.add(which == null ? name
                : name + (which.size() == 1 ? " (lane " : " (lanes ") + String.join(", ", which) + ")"));
        return out;
    }
}
