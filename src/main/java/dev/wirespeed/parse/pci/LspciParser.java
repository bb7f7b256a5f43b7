package dev.wirespeed.parse.pci;

import dev.wirespeed.parse.PciAddress;
import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code lspci} (pciutils): the one-line list ("04:00.0 Ethernet controller: Mellanox …") and the
 * verbose form (-v, -vv, -vvv) whose indented lines carry LnkCap/LnkSta, the NUMA node, the
 * driver and VPD part number. Also reads grep-filtered verbose output ("lspci -s 04:00.0 -vvv |
 * grep Width"), taking the address from the command's -s option.
 */
public final class LspciParser extends BaseParser {
    /**
     * A device line; under {@code lspci -PP} (pciutils 3.6+, "show the path of bridges") the bridges above the
     * function come first, each followed by "/" ("0000:00:00.0/01:00.0 Ethernet controller …", "00:01.0/01:00.1
     * …"): group 1 is the function's own address, as printed.
     */
    static final Pattern DEVICE = Pattern.compile(
            "(?:" + PciAddress.BDF + "/(?:" + PciAddress.SHORT + "/){0,15})?"
            + "(" + PciAddress.BDF + ")\\s+([^:]+?)(?:\\s+\\[[0-9a-f]{4}\\])?:\\s+(.+)");
    /**
     * A device line glued after words on the same line ("here is my card under load 62:00.0 VGA compatible
     * controller: …", a script's echo "Card: "`lspci -s $C`): read when lspci's indented fields follow it.
     */
    private static final Pattern GLUED = Pattern.compile(
            "\\S.*?\\s(" + PciAddress.BDF + "\\s+[A-Z][^:]{2,60}?(?:\\s+\\[[0-9a-f]{4}\\])?:\\s+\\S.*)");
    private static final Pattern FIELD = Pattern.compile(
            "(?:Subsystem|Control|Status|Flags|LnkCap|LnkSta|Capabilities|Physical Slot|DeviceName|Kernel driver in use):.*");
    /** Groups: the speed as printed ("8GT/s"), its number, the width as printed ("x16"), its number. */
    private static final Pattern LNKCAP = Pattern.compile(
            "LnkCap:\\s*(?:Port #\\d+,\\s*)?Speed (([\\d.]+)GT/s)[^,]*,\\s*Width (x(\\d+)).*");
    private static final Pattern LNKCAP_UNKNOWN = Pattern.compile("LnkCap:\\s*(?:Port #\\d+,\\s*)?Speed unknown,\\s*Width (x(\\d+)).*");
    /**
     * The trained link with pciutils' comparison mark after speed and width (ls-caps.c link_compare):
     * 3.6.0–3.7.0 print "(ok)", "(downgraded)" or "(strange)"; since 3.8.0 nothing when equal,
     * "(downgraded)" or "(overdriven)". "Speed unknown … Width x0" is a link status of zero: no
     * trained link, as every SR-IOV virtual function reads (its link is its PF's).
     */
    private static final Pattern LNKSTA = Pattern.compile(
            "LnkSta:\\s*Speed (([\\d.]+|unknown)(?:GT/s)?)\\s*(\\((?:downgraded|ok|strange|overdriven)\\))?,"
            + "\\s*Width (x(\\d+))\\s*(\\((?:downgraded|ok|strange|overdriven)\\))?.*");
    /**
     * A capability's head, where an lspci -vv block pasted from its middle may begin (aristanetworks/sonic#71:
     * the device line and the first capabilities cut): "Capabilities: [58] MSI: Enable+ Count=1/32 …".
     */
    private static final Pattern CAPABILITY = Pattern.compile("Capabilities: \\[[0-9a-f]{2,3}(?: v\\d+)?\\] \\S.*");
    private static final Pattern PAYLOAD = Pattern.compile("MaxPayload (\\d+) bytes, MaxReadReq (\\d+) bytes");
    /**
     * The Express capability's first line (ls-caps.c cap_express_dev): a fragment pasted from here on
     * (Xilinx/SLASH#55) holds DevCtl's payload sizes above LnkCap.
     */
    private static final Pattern DEVCAP = Pattern.compile("DevCap:\\s*MaxPayload \\d+ bytes, PhantFunc \\d+.*");
    /**
     * LnkCtl2's target speed, the speed the link may train up to ("LnkCtl2: Target Link Speed: 16GT/s, EnterCompliance-
     * SpeedDis-"): kept as printed under its own name beside the whole line, so the token is found by its name.
     */
    private static final Pattern TARGET = Pattern.compile("LnkCtl2:\\s*Target Link Speed:\\s*([^,\\s]+).*");
    /**
     * An author's note after a device line, behind an arrow ("… (rev 01) <---this is AR5007EG", "… ← the NIC"):
     * kept aside as the device's printed "note", not as part of lspci's description.
     */
    private static final Pattern NOTE = Pattern.compile("\\s*(?:<-{1,4}|<={1,3}|←|⟵|⬅)\\s*(.*)$");
    /**
     * A field of the Vital Product Data capability (ls-vpd.c): "Product Name: CX4421A- ConnectX-4 LX SFP28" and the
     * keyword lines "[PN] Part number: MCX4421A-ACQN", "[SN] Serial number: …". The card's, so kept in the
     * device's printed map, not the link record's that the generic reading (the last record before the line)
     * would give them to.
     */
    private static final Pattern VPD_FIELD = Pattern.compile("(Product Name|\\[[A-Z0-9]{2}] [^:]+):\\s*(.*?)\\s*");
    /**
     * A VPD keyword's name after its two-letter keyword ("[SN] Serial number" → "Serial number"), for the names
     * ls-vpd.c gives one keyword each; "Vendor specific", "System specific", "Unknown" and "Reserved" name many.
     */
    private static final Pattern VPD_KEYWORD = Pattern.compile(
            "\\[[A-Z0-9]{2}] (?!Vendor specific$|System specific$|Unknown$|Reserved$)(.+)");
    private static final Pattern NUMA = Pattern.compile("NUMA node:\\s*(\\d+)");
    private static final Pattern DRIVER = Pattern.compile("Kernel driver in use:\\s*(\\S+)");
    private static final Pattern PART = Pattern.compile("\\[PN\\] Part number:\\s*(\\S+)");
    /** VPD's serial number keyword (ls-vpd.c "[SN] Serial number: MT2042X16761"), trailing blanks of the fixed field left out. */
    private static final Pattern SERIAL = Pattern.compile("\\[SN\\] Serial number:\\s*(\\S(?:.*\\S)?)\\s*");
    /**
     * What pciutils prints under "Vital Product Data" when it cannot decode it (ls-vpd.c): the read
     * failed, the data ends without its end tag, a resource type it does not know, a bad checksum.
     */
    private static final Pattern VPD_ERROR = Pattern.compile(
            "No end tag found|Not readable|Unknown (?:small|large) resource type [0-9a-fA-F]+, will not decode more\\.?"
                    + "|\\[RV\\] Reserved: checksum bad.*");
    /** The SR-IOV capability's counts (ls-ecaps.c cap_sriov): "Initial VFs: 8, Total VFs: 8, Number of VFs: 0, …". */
    private static final Pattern SRIOV = Pattern.compile("Initial VFs: (\\d{1,6}), Total VFs: (\\d{1,6}), Number of VFs: (\\d{1,6}).*");
    /** All ones read back from configuration space: revision 0xff, or header type 0x7f (0xff without its multi-function bit). */
    private static final Pattern ALL_ONES = Pattern.compile(".*\\(rev ff\\).*|!!! Unknown header type 7f");

    public LspciParser() {
        super("lspci", "lspci");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(DEVICE, i) || glued(in, i) != null || in.matches(LNKCAP, i) || in.matches(LNKSTA, i) || in.matches(LNKCAP_UNKNOWN, i)
                || (in.matches(CAPABILITY, i) || in.matches(DEVCAP, i)) && Character.isWhitespace(in.raw(i).charAt(0));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Command c = in.command();
        String address = c == null ? null : c.after("-s");
        Device d = new Device(address, null);
        // a list a page or a mail reply indented as a whole: device lines at the first one's indent
        int base = in.matches(DEVICE, from) ? indent(in.raw(from)) : 0;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            boolean indented = Character.isWhitespace(in.raw(i).charAt(0));
            Matcher m;
            if ((!indented || (base > 0 && indent(in.raw(i)) <= base) || heads(in, i))
                    && ((m = in.match(DEVICE, i)) != null || (m = glued(in, i)) != null)) {
                d.flush(b);
                d = new Device(m.group(1), in.source(i));
                d.bridgePath = m.start(1) > 0 ? m.group().substring(0, m.start(1) - 1) : null;
                d.headerLine = i;
                d.deviceClass = m.group(2);
                d.description = m.group(3).replaceFirst("Code language:.*$", "").strip();
                Matcher note = NOTE.matcher(d.description);
                if (note.find() && note.start() > 0) {
                    d.note = note.group(1).strip();
                    d.description = d.description.substring(0, note.start()).strip();
                }
                d.unreadable = ALL_ONES.matcher(d.description).matches();
                b.use(i);
            } else if ((m = in.match(LNKCAP, i)) != null) {
                d.capSpeed = Quantity.of(UnitWords.number(m.group(2)), "GT/s", m.group(1));
                d.capWidth = Quantity.lanes(UnitWords.integer(m.group(4)), m.group(3));
                d.linkSource = d.linkSource == null ? in.source(i) : d.linkSource;
                b.use(i);
            } else if ((m = in.match(LNKCAP_UNKNOWN, i)) != null) {
                d.capWidth = Quantity.lanes(UnitWords.integer(m.group(2)), m.group(1));
                d.linkSource = d.linkSource == null ? in.source(i) : d.linkSource;
                b.use(i);
            } else if ((m = in.match(LNKSTA, i)) != null) {
                double gt = UnitWords.number(m.group(2));
                d.speed = Double.isNaN(gt) ? null : Quantity.of(gt, "GT/s", m.group(1));
                d.speedDown = "(downgraded)".equals(m.group(3));
                d.width = Quantity.lanes(UnitWords.integer(m.group(5)), m.group(4));
                d.widthDown = "(downgraded)".equals(m.group(6));
                d.linkSource = d.linkSource == null ? in.source(i) : d.linkSource;
                b.use(i);
            } else if (indented || d.header != null || d.linkSource != null) {
                String s = in.get(i);
                if ((m = PAYLOAD.matcher(s)).find() && d.payload == null && s.startsWith("MaxPayload")) {
                    d.payload = UnitWords.integer(m.group(1));
                    d.readReq = UnitWords.integer(m.group(2));
                    d.payloadSource = d.header != null ? d.header : in.source(i);
                } else if ((m = NUMA.matcher(s)).matches()) {
                    d.numa = UnitWords.integer(m.group(1));
                } else if ((m = DRIVER.matcher(s)).matches()) {
                    d.driver = m.group(1);
                } else if ((m = PART.matcher(s)).matches()) {
                    d.part = m.group(1);
                } else if ((m = SERIAL.matcher(s)).matches()) {
                    d.serial = m.group(1);
                } else if (ALL_ONES.matcher(s).matches()) {
                    d.unreadable = true;
                } else if (VPD_ERROR.matcher(s).matches()) {
                    d.vpdError = s;
                } else if ((m = TARGET.matcher(s)).matches()) {
                    d.targetLine = i;
                    d.targetSpeed = m.group(1);
                } else if ((m = SRIOV.matcher(s)).matches()) {
                    d.totalVfs = UnitWords.integer(m.group(2));
                    d.numberOfVfs = UnitWords.integer(m.group(3));
                    d.sriovLine = i;
                    d.sriovText = s;
                }
                if ((m = VPD_FIELD.matcher(s)).matches()) {
                    d.vpd.add(new VpdField(i, m.group(1), m.group(2)));
                }
                if (!indented) {
                    break;
                }
                b.use(i); // the many other -vvv detail lines
            } else {
                break;
            }
        }
        d.flush(b);
        return b.done(i);
    }

    /**
     * True when the line is less indented than the next one: a device line inside a block a page
     * indented as a whole (an RST literal block), its detail lines indented further.
     */
    private static boolean heads(Lines in, int i) {
        for (int k = i + 1; k < in.size(); k++) {
            if (!in.blank(k)) {
                return indent(in.raw(i)) < indent(in.raw(k));
            }
        }
        return false;
    }

    /** The device line inside a line that glues it after words, when lspci's indented fields follow; else null. */
    private static Matcher glued(Lines in, int i) {
        Matcher g = in.match(GLUED, i);
        if (g == null || i + 1 >= in.size() || in.raw(i + 1).isEmpty() || !Character.isWhitespace(in.raw(i + 1).charAt(0))
                || !in.matches(FIELD, i + 1)) {
            return null;
        }
        Matcher d = DEVICE.matcher(g.group(1));
        return d.matches() ? d : null;
    }

    /** Leading blanks, a tab counted as eight columns. */
    private static int indent(String s) {
        int n = 0;
        for (int k = 0; k < s.length() && Character.isWhitespace(s.charAt(k)); k++) {
            n += s.charAt(k) == '\t' ? 8 - n % 8 : 1;
        }
        return n;
    }

    /** What is known of the current device while its lines are read. */
    /** A VPD field line as printed: its line, the name before the colon, the value after it. */
    private record VpdField(int line, String name, String value) {}

    private static final class Device {
        final String address;
        final Source header;
        String deviceClass;
        String description;
        String driver;
        String part;
        String serial;
        Integer numa;
        Quantity capSpeed;
        Quantity capWidth;
        Quantity speed;
        Quantity width;
        boolean speedDown;
        boolean widthDown;
        boolean unreadable;
        String vpdError;
        Integer totalVfs;
        Integer numberOfVfs;
        String bridgePath;
        int headerLine = -1;
        int sriovLine = -1;
        int targetLine = -1;
        String note;
        final List<VpdField> vpd = new ArrayList<>();
        String targetSpeed;
        String sriovText;
        Source payloadSource;
        Integer payload;
        Integer readReq;
        Source linkSource;

        Device(String address, Source header) {
            this.address = address;
            this.header = header;
        }

        void flush(ParseBuilder b) {
            if (header != null) {
                PciDevice device = new PciDevice(address, deviceClass, description, numa, driver, part, header,
                        unreadable ? Boolean.TRUE : null, vpdError, totalVfs, numberOfVfs, serial);
                b.add(device);
                if (note != null) {
                    b.printed(device, headerLine, "note", note); // an author's words after an arrow, not lspci's
                }
                if (bridgePath != null) {
                    b.printed(device, headerLine, "bridge path", bridgePath); // lspci -PP: kept as printed
                }
                vpd.forEach(field -> {
                    b.printed(device, field.line(), field.name(), field.value());
                    Matcher keyword = VPD_KEYWORD.matcher(field.name());
                    if (keyword.matches()) { // "[SN] Serial number": "Serial number" too, the words people quote
                        b.printed(device, field.line(), keyword.group(1), field.value());
                    }
                });
                if (sriovText != null) {
                    // several "Name: value" a line, split at the commas pciutils prints between them; the
                    // device's, not the link record's that the generic reading would give them to
                    for (String field : sriovText.split(", ")) {
                        int colon = field.indexOf(": ");
                        if (colon > 0) {
                            b.printed(device, sriovLine, field.substring(0, colon), field.substring(colon + 2));
                        }
                    }
                }
            }
            // a paste cut between DevCtl and LnkCap (corundum#47) still gives the payload sizes the
            // device runs with: a link record of those alone, sourced at the device line (DevCtl's
            // lines stay printed fields of the device, as they were)
            Source source = linkSource != null ? linkSource : payloadSource;
            if (source != null) {
                PcieLinkRecord link = new PcieLinkRecord(address, capSpeed, capWidth, speed, width,
                        speedDown ? Boolean.TRUE : null, widthDown ? Boolean.TRUE : null, payload, readReq, source);
                b.add(link);
                if (targetSpeed != null) {
                    b.printedBeside(link, targetLine, "Target Link Speed", targetSpeed);
                }
            }
        }
    }
}
