package dev.wirespeed.parse.host;

import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool -T|--show-time-stamping IFACE}: "Time stamping parameters for eth0:", then "Capabilities:",
 * "PTP Hardware Clock: 2" (or "none"), "Hardware Transmit Timestamp Modes:" and "Hardware Receive Filter Modes:",
 * each list one word a line, the kernel's name in brackets after it ("hardware-transmit
 * (SOF_TIMESTAMPING_TX_HARDWARE)"), or " none" on the heading's own line. Newer ethtool prints more "Name: value"
 * lines (the timestamp provider's index and qualifier); they are read as printed fields.
 */
public final class EthtoolTimestampingParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile("Time stamping parameters for (\\S+):");
    private static final Pattern LIST = Pattern.compile(
            "(Capabilities|Hardware Transmit Timestamp Modes|Hardware Receive Filter Modes):\\s*(none)?");
    private static final Pattern CLOCK = Pattern.compile("PTP Hardware Clock:\\s*(?:(\\d{1,9})|\\S+)");
    /** A list word, perhaps with the kernel's name after it. */
    private static final Pattern WORD = Pattern.compile("([a-z][a-z0-9-]*)(?:\\s+\\(\\w+\\))?");
    private static final Pattern OTHER = Pattern.compile("[A-Z][\\w ]*:\\s*\\S.*");

    public EthtoolTimestampingParser() {
        super(HEAD, "ethtool-timestamping", "ethtool");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String iface = in.match(HEAD, from).group(1);
        b.use(from);
        List<String> capabilities = new ArrayList<>();
        List<String> transmit = new ArrayList<>();
        List<String> receive = new ArrayList<>();
        List<String> list = null;
        Integer clock = null;
        int i = from + 1;
        for (; i < in.size() && !in.blank(i); i++) {
            Matcher m;
            if ((m = in.match(LIST, i)) != null) {
                list = switch (m.group(1)) {
                    case "Capabilities" -> capabilities;
                    case "Hardware Transmit Timestamp Modes" -> transmit;
                    default -> receive;
                };
            } else if ((m = in.match(CLOCK, i)) != null) {
                list = null;
                clock = m.group(1) == null ? null : Integer.valueOf(m.group(1));
            } else if ((m = in.match(WORD, i)) != null && list != null) {
                list.add(m.group(1));
            } else if (in.matches(OTHER, i)) {
                list = null;
            } else {
                break;
            }
            b.use(i);
        }
        b.add(new Timestamping(iface, capabilities, clock, transmit, receive, in.source(from)));
        return b.done(i);
    }
}
