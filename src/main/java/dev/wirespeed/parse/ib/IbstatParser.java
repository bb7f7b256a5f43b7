package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Fields;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ibstat} (infiniband-diags): "CA 'mlx5_0'" blocks with device fields, then "Port N:"
 * blocks. "Rate: 100" is in Gb/s. {@code ibstat -p [CA]} prints only the port GUIDs, one a line
 * (infiniband-diags ibstat.c, ports in order), read only after that command since a bare GUID
 * says nothing of its own.
 */
public final class IbstatParser extends BaseParser {
    static final Pattern CA = Pattern.compile("CA '([^']+)'");
    private static final Pattern PORT = Pattern.compile("Port (\\d+):");
    private static final Pattern GUID = Pattern.compile("0x[0-9a-fA-F]{16}");
    private static final Set<String> DEVICE_KEYS = Set.of("ca type", "number of ports", "firmware version",
            "hardware version", "node guid", "system image guid");
    private static final Set<String> PORT_KEYS = Set.of("state", "physical state", "rate", "effective speed", "base lid", "lmc",
            "sm lid", "capability mask", "port guid", "link layer");

    public IbstatParser() {
        super("ibstat", "ibstat");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return Notes.match(in, CA, i) != null || portGuids(in) && in.matches(GUID, i);
    }

    /** The typed command is {@code ibstat -p}: its output is port GUIDs alone. */
    private static boolean portGuids(Lines in) {
        return in.command() != null && in.command().program().equals("ibstat") && in.command().has("-p", "--port_list");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        if (portGuids(in) && in.matches(GUID, from)) {
            return portGuids(in, from, b);
        }
        List<RdmaPortRecord> ports = new ArrayList<>();
        String device = null;
        Fields dev = null;
        Fields port = null;
        int portNumber = 0;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if ((m = Notes.match(in, CA, i)) != null) {
                flushPort(ports, device, portNumber, port);
                port = null;
                flushDevice(b, device, dev, ports);
                device = m.group(1);
                dev = new Fields();
                dev.put("device", device, in.source(i));
                b.use(i);
            } else if ((m = Notes.match(in, PORT, i)) != null && device != null) {
                flushPort(ports, device, portNumber, port);
                portNumber = Integer.parseInt(m.group(1).length() > 6 ? "0" : m.group(1));
                port = new Fields();
                port.put("port", m.group(1), in.source(i));
                b.use(i);
            } else if ((m = Notes.match(in, KEY_VALUE, i)) != null && device != null) {
                String key = m.group(1).toLowerCase(Locale.ROOT);
                if (port != null && PORT_KEYS.contains(key)) {
                    port.put(key, m.group(2), in.source(i));
                } else if (DEVICE_KEYS.contains(key)) {
                    dev.put(key, m.group(2), in.source(i));
                } else {
                    break;
                }
                b.use(i);
            } else {
                break;
            }
        }
        flushPort(ports, device, portNumber, port);
        flushDevice(b, device, dev, ports);
        return b.done(i);
    }

    /**
     * One port record per GUID line; with a CA named on the command line, its ports numbered in
     * order, else no device (several CAs' ports run on).
     */
    private static Parsed portGuids(Lines in, int from, ParseBuilder b) {
        String device = in.command().args().stream().filter(a -> !a.startsWith("-")).findFirst().orElse(null);
        int i = from;
        for (; i < in.size() && in.matches(GUID, i); i++) {
            b.use(i).add(new RdmaPortRecord(device, device == null ? null : i - from + 1, null, null, null, null, null,
                    null, null, null, null, null, in.get(i), null, in.source(i)));
        }
        return b.done(i);
    }

    private static void flushDevice(ParseBuilder b, String device, Fields f, List<RdmaPortRecord> ports) {
        if (device == null) {
            return;
        }
        b.add(new RdmaDeviceRecord(device, f.text("ca type"), f.text("firmware version"), f.text("hardware version"),
                f.text("node guid"), f.text("system image guid"), null, null, null, f.integer("number of ports"),
                null, f.first()));
        ports.forEach(b::add);
        ports.clear();
    }

    private static void flushPort(List<RdmaPortRecord> b, String device, int port, Fields f) {
        if (device == null || f == null) {
            return;
        }
        String[] parts = new String[2];
        Quantity rate = IbRates.parse(f.text("rate"), parts);
        b.add(new RdmaPortRecord(device, port, IbStates.state(f.text("state")), IbStates.physical(f.text("physical state")),
                rate, parts[0], parts[1], f.text("link layer"), f.text("base lid"), f.text("sm lid"), null, null,
                f.text("port guid"), null, f.first()));
    }
}
