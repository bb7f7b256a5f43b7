package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool}'s error lines with no output around them ({@link EthtoolError}): "netlink error: …"
 * (ethtool 5.6+, netlink/netlink.c nlsock_process_ack), "Cannot get|set … : ERRNO TEXT" (perror in
 * ethtool.c), "Cannot advertise speed N" / "duplex D" and the "  not setting duplex" under a failed
 * get (ethtool.c do_sset). A "Cannot …" line without a typed ethtool command is taken only when it
 * ends in an errno's text or is an advertise warning, so prose that begins "Cannot" is left alone.
 */
public final class EthtoolErrorParser extends BaseParser {
    private static final Pattern NETLINK = Pattern.compile("netlink error: (.+)");
    private static final Pattern CANNOT = Pattern.compile(
            "Cannot (?:get|set|advertise|change|modify|read|write|dump|allocate|access|reset|flash|test|identify) .+");
    /** The text perror appends: "Operation not supported", "No such device", "Invalid argument". */
    private static final Pattern ERRNO = Pattern.compile(".*: ([A-Z][a-z]+(?: [a-z]+){1,5})");
    private static final Pattern ADVERTISE = Pattern.compile("Cannot advertise (?:speed \\d+|duplex \\w+)");
    private static final Pattern NOT_SETTING = Pattern.compile("\\s+not setting \\w+");

    public EthtoolErrorParser() {
        super("ethtool-error", "ethtool");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(NETLINK, i) || (in.matches(CANNOT, i)
                && (reads(in.command()) || in.matches(ERRNO, i) || in.matches(ADVERTISE, i)));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        List<String> messages = new ArrayList<>();
        String reason = null;
        int i = from;
        for (; i < in.size(); i++) {
            boolean continuation = !messages.isEmpty() && NOT_SETTING.matcher(in.raw(i)).matches();
            if (!continuation && !startsAt(in, i)) {
                break;
            }
            String line = in.get(i).strip();
            Matcher m = ERRNO.matcher(line);
            Matcher n = NETLINK.matcher(line);
            if (m.matches()) {
                reason = m.group(1);
            } else if (n.matches() && n.group(1).matches("[A-Z][a-z]+(?: [a-z]+){1,5}")) {
                reason = n.group(1);
            }
            messages.add(line);
            b.use(i);
        }
        Command c = in.command();
        boolean typed = reads(c);
        b.add(new EthtoolError(typed ? iface(c) : null, typed ? c.text() : null, typed ? option(c) : null, messages,
                reason, in.source(from)));
        return b.done(i);
    }

    /**
     * A "Cannot get …: ERRNO TEXT" line inside another ethtool output (ethtool prints the settings it
     * could read around the ones it could not: "Cannot get wake-on-lan settings: Operation not
     * permitted" between "Settings for eth0:" fields when run as a user), as an error of {@code iface};
     * null for any other line.
     */
    static EthtoolError inside(String iface, Lines in, int i) {
        Matcher m = in.match(ERRNO, i);
        if (!in.matches(CANNOT, i) || m == null) {
            return null;
        }
        Command c = in.command();
        return new EthtoolError(iface, c == null ? null : c.text(), c == null ? null : option(c), List.of(in.get(i)), m.group(1),
                in.source(i));
    }

    /** The first word that is no option: "ethtool -s eth1 duplex full" → eth1. */
    private static String iface(Command c) {
        return c.args().stream().filter(a -> !a.startsWith("-")).findFirst().orElse(null);
    }

    private static String option(Command c) {
        return c.args().isEmpty() || !c.args().getFirst().startsWith("-") ? null : c.args().getFirst();
    }
}
