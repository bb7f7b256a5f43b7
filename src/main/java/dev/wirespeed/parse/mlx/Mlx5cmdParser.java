package dev.wirespeed.parse.mlx;

import dev.wirespeed.limits.NicModel;
import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Fields;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import dev.wirespeed.parse.ib.IbStates;
import dev.wirespeed.parse.ib.RdmaPortRecord;
import dev.wirespeed.parse.pci.PciDevice;
import dev.wirespeed.parse.pci.PcieLinkRecord;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mlx5cmd -stat} (WinOF-2, Windows): "NIC 1:" with "physical_location=Bus 2, Device 0,
 * Function 0", an "uplink:" block (BUS=PCI-E Gen3, SPEED=8.0 GT/s, WIDTH=x4, CAPS=8.0*x4), firmware
 * and PSID, then "Adapter N:" blocks with port_state, port_phys_state, link_speed, link_layer.
 * CAPS is what the card can do, SPEED/WIDTH what the slot gave it.
 */
public final class Mlx5cmdParser extends BaseParser {
    private static final Pattern NIC = Pattern.compile("NIC (\\d+):");
    private static final Pattern ADAPTER = Pattern.compile("Adapter (\\d+):");
    private static final Pattern KV = Pattern.compile("([A-Za-z_]\\w*)=(.*)");
    private static final Pattern LOCATION = Pattern.compile("Bus (\\d+), Device (\\d+), Function (\\d+)");
    private static final Pattern CAPS = Pattern.compile("([\\d.]+)\\*x(\\d+)");
    private static final Pattern OTHER = Pattern.compile("uplink:|physical_location:|RDMA GIDs table:|PKEYs table:|GID\\[\\d+\\]:"
            + "|PKEY\\[\\d+\\]=.*");

    public Mlx5cmdParser() {
        super("mlx5cmd", "mlx5cmd");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(NIC, i) && i + 1 < in.size() && in.get(i + 1).startsWith("physical_location");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Fields nic = null;
        Fields adapter = null;
        String nicName = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if ((m = in.match(NIC, i)) != null) {
                flushAdapter(b, nicName, adapter);
                adapter = null;
                flushNic(b, nicName, nic);
                nicName = "NIC " + m.group(1);
                nic = new Fields();
                nic.put("nic", nicName, in.source(i));
                b.use(i);
            } else if (nic != null && in.matches(ADAPTER, i)) {
                flushAdapter(b, nicName, adapter);
                adapter = new Fields();
                adapter.put("adapter", in.get(i), in.source(i));
                b.use(i);
            } else if (nic != null && (m = in.match(KV, i)) != null) {
                String key = m.group(1);
                String value = m.group(2);
                if (key.equals("name") && value.contains("interface_description=")) {
                    value = value.substring(value.indexOf("interface_description=") + "interface_description=".length());
                    key = "interface_description";
                }
                (adapter != null ? adapter : nic).put(key, value, in.source(i));
                b.use(i);
            } else if (nic != null && in.matches(OTHER, i)) {
                b.use(i);
            } else {
                break;
            }
        }
        flushAdapter(b, nicName, adapter);
        flushNic(b, nicName, nic);
        return b.done(i);
    }

    private static void flushNic(ParseBuilder b, String name, Fields f) {
        if (f == null) {
            return;
        }
        Matcher loc = f.text("physical_location") == null ? null : LOCATION.matcher(f.text("physical_location"));
        String address = loc != null && loc.matches() ? String.format("%02x:%02x.%s",
                Integer.parseInt(loc.group(1)) & 0xff, Integer.parseInt(loc.group(2)) & 0x1f, loc.group(3)) : null;
        b.add(new MlxDevice(name, null, null, null, f.text("psid"), address, f.text("fw_ver"), null, f.text("state"),
                f.first()));
        Quantity speed = null;
        String sp = f.text("speed");
        if (sp != null && sp.matches("[\\d.]+\\s*GT/s")) {
            speed = Quantity.of(UnitWords.number(sp.replace("GT/s", "")), "GT/s", sp);
        }
        // each value keeps its own token as printed ("x4", "8.0*x16"), not its line (round 13, ethib13)
        Quantity width = f.text("width") == null ? null
                : Quantity.lanes(UnitWords.integer(f.text("width").replace("x", "")), f.text("width"));
        Matcher caps = f.text("caps") == null ? null : CAPS.matcher(f.text("caps"));
        Quantity capSpeed = null;
        Quantity capWidth = null;
        if (caps != null && caps.matches()) {
            capSpeed = Quantity.of(UnitWords.number(caps.group(1)), "GT/s", f.text("caps"));
            capWidth = Quantity.lanes(UnitWords.integer(caps.group(2)), f.text("caps"));
        }
        String part = f.text("vendor_part_id");
        if (address != null && part != null && part.matches("\\d{1,6}")) {
            // vendor_part_id is the PCI device id in decimal (4115 = 0x1013, ConnectX-4)
            String family = NicModel.lookup(NicModel.MELLANOX, Integer.parseInt(part))
                    .map(NicModel::family).orElse("Mellanox device");
            b.add(new PciDevice(address, null, family + " (vendor_part_id " + part + ")", null, null,
                    null, f.first()));
        }
        if (speed != null || width != null) {
            Source src = new Source(f.first().line(), f.raw("width") != null ? f.raw("width") : f.first().text());
            b.add(new PcieLinkRecord(address, capSpeed, capWidth, speed, width, null, null, null, null, src));
        }
    }

    private static void flushAdapter(ParseBuilder b, String nic, Fields f) {
        if (f == null || nic == null) {
            return;
        }
        Quantity rate = null;
        String ls = f.text("link_speed");
        if (ls != null && ls.matches("[\\d.]+\\s*Gbps")) {
            rate = Quantity.bitsPerSecond(UnitWords.number(ls.replace("Gbps", "")) * 1e9, ls); // the value as printed
        }
        String mtu = f.text("active_mtu");
        String name = f.text("interface_description") != null ? f.text("interface_description") : nic;
        String width = f.text("link_width") == null ? null : f.text("link_width").replaceFirst("\\s*\\(.*", "").toUpperCase();
        b.add(new RdmaPortRecord(name, 1, IbStates.state(f.text("port_state")), IbStates.physical(f.text("port_phys_state")),
                rate, width, null, "IB".equals(f.text("link_layer")) ? "InfiniBand" : f.text("link_layer"), f.text("port_lid"),
                f.text("sm_lid"), mtu == null ? null : UnitWords.integer(mtu.replaceFirst("\\s*\\(.*", "")), null, f.text("port_guid"),
                null, f.first()));
    }
}
