package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.TransceiverModule;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code ethtool -m} shows an optic's own alarm or warning flags On (SFF-8472 A2h bytes 112-117):
 * the module compares its diagnostics with the thresholds in its EEPROM. A low receive power is the
 * common case on a link that errors or stays down: too little light arrives (a dirty or bent fibre,
 * a far end whose laser is off or weak, an LR optic facing an SR one).
 */
final class TransceiverAlarmRule implements LogRule {
    @Override
    public String id() {
        return "transceiver-alarm";
    }

    @Override
    public String description() {
        return "ethtool -m: the optic's alarm or warning flags are on (low receive power, weak laser, temperature)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (TransceiverModule m : log.all(TransceiverModule.class)) {
            if (m.alarmsOn().isEmpty()) {
                continue;
            }
            String subject = m.iface() != null ? m.iface() : "transceiver";
            boolean rxLow = m.alarmsOn().stream().anyMatch(a -> a.toLowerCase(Locale.ROOT).contains("rx power low"));
            StringBuilder message = new StringBuilder("optic ")
                    .append(m.vendor() != null ? m.vendor() + " " : "")
                    .append(m.partNumber() != null ? m.partNumber() + " " : "")
                    .append("flags on: ").append(String.join(", ", m.alarmsOn()));
            if (m.rxPowerDbm() != null) {
                message.append("; receive power ").append(m.rxPowerDbm()).append(" dBm");
            }
            if (m.txPowerDbm() != null) {
                message.append(", laser ").append(m.txPowerDbm()).append(" dBm");
            }
            Fix fix = rxLow
                    ? Fix.action("too little light arrives: clean and reseat the fibre, check the far end's laser "
                            + "(ethtool -m on the peer) and that both optics are the same type (SR/LR, wavelength)")
                    : Fix.action("check the optic named by the flags (laser bias/power: replace it; temperature: airflow)");
            out.add(new Finding(id(), Severity.WARN, subject, message.toString(),
                    List.of(new Evidence("ethtool -m, line " + m.source().line(), m.source().text().strip())), null, fix));
        }
        return out;
    }
}
