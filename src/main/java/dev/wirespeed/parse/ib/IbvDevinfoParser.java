package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Fields;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.UnitWords;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ibv_devinfo} and {@code ibv_devinfo -v} (rdma-core): "hca_id: mlx5_0", device fields,
 * then "port: 1" blocks with "state: PORT_ACTIVE (4)", "active_mtu: 4096 (5)"; with -v also
 * "active_width: 4X (2)" and "active_speed: 25.0 Gbps (32)", from which the rate is width × lane speed.
 * The many capability lines of -v are accepted and not kept. A device pasted from its middle (deepep#38:
 * the first line "sys_image_guid: e8eb:…", no hca_id) is read too, its name unknown.
 */
public final class IbvDevinfoParser extends BaseParser {
    private static final Pattern HCA = Pattern.compile("hca_id:\\s*(\\S+)");
    private static final Pattern PORT = Pattern.compile("port:\\s*(\\d{1,5})");
    private static final Pattern FIELD = Pattern.compile("([a-z][a-z0-9_]*|GID\\[\\s*\\d+\\])\\s*:\\s*(.*)");
    /** A device field that a paste cut from its middle may begin with (the fields after hca_id). */
    private static final Pattern DEVICE_FIELD = Pattern.compile(
            "(?:transport|fw_ver|node_guid|sys_image_guid|vendor_id|vendor_part_id|hw_ver|board_id|phys_port_cnt):\\s+\\S.*");
    private static final Pattern WIDTH = Pattern.compile("(\\d+)X.*");
    private static final Pattern SPEED = Pattern.compile("(\\d+(?:\\.\\d+)?) Gbps.*");

    public IbvDevinfoParser() {
        super("ibv_devinfo", "ibv_devinfo");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return Notes.match(in, HCA, i) != null || headless(in, i);
    }

    /**
     * Line i is an indented device field with none before it, and a "port:" line or an hca_id follows
     * within the device's fields: a device whose head the paste cut.
     */
    private static boolean headless(Lines in, int i) {
        if (!in.matches(DEVICE_FIELD, i) || !Character.isWhitespace(in.raw(i).charAt(0))
                || i > 0 && !in.blank(i - 1) && in.matches(FIELD, i - 1)) {
            return false;
        }
        for (int k = i + 1; k < Math.min(in.size(), i + 12) && !in.blank(k); k++) {
            if (in.matches(PORT, k)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Fields dev = null;
        Fields port = null;
        String device = null;
        List<RdmaPortRecord> ports = new ArrayList<>();
        if (headless(in, from)) {
            dev = new Fields(); // its name is above the paste
        }
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            boolean indented = Character.isWhitespace(in.raw(i).charAt(0));
            Matcher m;
            if ((m = Notes.match(in, HCA, i)) != null) {
                port = flushPort(ports, device, port);
                flushDevice(b, device, dev, ports);
                device = m.group(1);
                dev = new Fields();
                dev.put("hca_id", device, in.source(i));
                b.use(i);
                if (!Notes.line(in, i).equals(in.get(i))) {
                    b.printed(i, "hca_id", device);
                }
            } else if (dev == null) {
                break;
            } else if ((m = Notes.match(in, PORT, i)) != null) {
                flushPort(ports, device, port);
                port = new Fields();
                port.put("port", m.group(1), in.source(i));
                b.use(i);
            } else if ((m = Notes.match(in, FIELD, i)) != null) {
                (port != null ? port : dev).put(m.group(1), m.group(2), in.source(i));
                b.use(i);
                if (!Notes.line(in, i).equals(in.get(i))) {
                    // the printed map reads the raw line: without this, "4121   # 4121 = ConnectX-4 Lx" stays the value
                    b.printed(i, m.group(1), m.group(2).strip());
                }
            } else if (indented || in.get(i).equals("Device ports:")) {
                b.use(i); // -v capability flags and notes ("NO SUPPORT", "core clock not supported")
            } else {
                break;
            }
        }
        flushPort(ports, device, port);
        flushDevice(b, device, dev, ports);
        return b.done(i);
    }

    private static void flushDevice(ParseBuilder b, String device, Fields f, List<RdmaPortRecord> ports) {
        if (f == null) {
            return;
        }
        b.add(new RdmaDeviceRecord(device, null, f.text("fw_ver"), f.text("hw_ver"), f.text("node_guid"),
                f.text("sys_image_guid"), f.text("board_id"), f.text("vendor_id"), f.text("vendor_part_id"),
                f.integer("phys_port_cnt"), f.text("transport"), f.first()));
        ports.forEach(b::add);
        ports.clear();
    }

    private static Fields flushPort(List<RdmaPortRecord> ports, String device, Fields f) {
        if (f == null) {
            return null;
        }
        Quantity rate = null;
        String width = null;
        Matcher w = f.text("active_width") == null ? null : WIDTH.matcher(f.text("active_width"));
        Matcher s = f.text("active_speed") == null ? null : SPEED.matcher(f.text("active_speed"));
        if (w != null && w.matches()) {
            width = w.group(1) + "X";
        }
        String speed = null;
        if (s != null && s.matches()) {
            speed = s.group(1) + " Gbps";
            if (width != null) {
                rate = Quantity.bitsPerSecond(UnitWords.number(w.group(1)) * UnitWords.number(s.group(1)) * 1e9,
                        f.text("active_width") + " × " + f.text("active_speed")); // as printed, the line names left out
            }
        }
        ports.add(new RdmaPortRecord(device, f.integer("port"), IbStates.state(f.text("state")),
                IbStates.physical(f.text("phys_state")), rate, width, speed, f.text("link_layer"),
                f.text("port_lid"), f.text("sm_lid"), mtu(f.text("active_mtu")), mtu(f.text("max_mtu")), null, null,
                f.first()));
        return null;
    }

    /** "4096 (5)" → 4096. */
    static Integer mtu(String text) {
        return text == null ? null : UnitWords.integer(text.replaceFirst("\\s*\\(.*\\)$", ""));
    }
}
