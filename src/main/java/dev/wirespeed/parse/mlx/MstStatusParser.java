package dev.wirespeed.parse.mlx;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mst status} and {@code mst status -v} (NVIDIA MFT), Linux, Windows, VMware and FreeBSD: "MST modules:",
 * "MST devices:" with "/dev/mst/mt4115_pciconf0 - PCI configuration cycles access." followed by
 * "domain:bus:dev.fn=0000:03:00.0 …", the Windows "mt4115_pciconf0 bus:dev.fn=02:00.0", and the
 * -v table "DEVICE_TYPE MST PCI RDMA NET NUMA [VFIO]", also under a bare "PCI devices:" (a row read by its header's columns when it
 * leaves cells empty, as a GPU's row has no RDMA or NET); the module lines ("MST PCI module is not loaded")
 * as {@link MstModule}s, so a paste from before "mst start" is read too. Also {@code mst start}:
 * "Starting MST (Mellanox Software Tools) driver set", "Loading MST PCI module - Success",
 * "Unloading MST PCI module (unused) - Success", "[warn] mst_pci is already loaded, skipping",
 * "Create devices".
 */
public final class MstStatusParser extends BaseParser {
    private static final Pattern SECTION = Pattern.compile("MST (modules|devices):|PCI devices:|MST PCI .*|DEVICE_TYPE\\s+MST.*"
            + "|Chip revision is: .*|No MST devices were found.*|Create devices");
    private static final Pattern START = Pattern.compile("Starting MST \\(Mellanox Software Tools\\) driver set");
    /** mst start's module steps; "(unused)": it unloads the PCI module when the configuration module suffices. */
    private static final Pattern STEP = Pattern.compile("(Loading|Unloading) (MST PCI(?: configuration)?) module(?: \\(unused\\))? - Success");
    private static final Pattern ALREADY = Pattern.compile("\\[warn\\] (mst_pci|mst_pciconf) is already loaded, skipping");
    /**
     * A device line: its path, then a dash and a description or its bus:dev.fn; on VMware and FreeBSD the path
     * may stand alone ("mt4099_pciconf0", "/dev/mt4099_pci_cr0", a function's "mt4115_pciconf0.1") or be a
     * FreeBSD PCI selector ("pci0:3:0:0 - ConnectX4").
     */
    private static final Pattern DEV = Pattern.compile(
            "(/dev/mst/\\S+|(?:/dev/)?mt\\d+_\\w+(?:\\.\\d+)?|pci\\d+(?::\\d+){3})(?:\\s+(?:-\\s+.*|bus:dev\\.fn=(\\S+).*))?");
    private static final Pattern MODULE = Pattern.compile("(MST PCI(?: configuration)?) module (is not loaded|loaded)");
    private static final Pattern DBDF = Pattern.compile("domain:bus:dev\\.fn=(\\S+).*");
    private static final Pattern TABLE = Pattern.compile(
            "(\\S+\\(rev:\\w+\\))\\s+(\\S+)\\s+([0-9a-fA-F:.]+)\\s+(\\S+)\\s+(\\S+)\\s+(-?\\d+)");

    public MstStatusParser() {
        super("mst", "mst");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        String s = in.get(i);
        if (s.equals("PCI devices:")) { // -v's head on VMware and FreeBSD, whose table follows (under a rule on FreeBSD)
            int j = i + 1;
            while (j < in.size() && in.decoration(j)) {
                j++;
            }
            return j < in.size() && in.get(j).startsWith("DEVICE_TYPE") && in.get(j).contains("MST");
        }
        return s.equals("MST modules:") || s.equals("MST devices:") || in.matches(START, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String path = null;
        Source src = null;
        String pci = null;
        String header = null; // the -v table's head, whose columns place a row's cells
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i) || in.decoration(i)) {
                continue;
            }
            Matcher m;
            if ((m = in.match(DEV, i)) != null) {
                if (path != null) {
                    b.add(new MstDevice(path, pci, chip(path), null, null, null, null, src));
                }
                path = m.group(1);
                pci = m.group(2);
                src = in.source(i);
                b.use(i);
            } else if ((m = in.match(DBDF, i)) != null && path != null) {
                pci = m.group(1);
                b.use(i);
            } else if (in.get(i).startsWith("DEVICE_TYPE") && in.get(i).contains("MST")) {
                header = in.raw(i);
                b.use(i);
            } else if (header != null && !in.matches(TABLE, i) && in.matches(ROW_START, i)) {
                // a row with empty RDMA/NET cells, or one a paste cut before its NUMA cell
                String[] cells = cells(header, in.raw(i));
                b.use(i).add(new MstDevice(cells[1], cells[2], cells[0], cells[3], dash(cells[4]), net(cells[4]),
                        UnitWords.integer(cells[5]),
                        in.source(i)));
            } else if ((m = in.match(TABLE, i)) != null) {
                b.use(i).add(new MstDevice(m.group(2), m.group(3), m.group(1), dash(m.group(4)), dash(m.group(5)), net(m.group(5)),
                        UnitWords.integer(m.group(6)), in.source(i)));
            } else if ((m = in.match(MODULE, i)) != null) {
                b.use(i).add(new MstModule(m.group(1), m.group(2).equals("loaded"), in.source(i)));
            } else if ((m = in.match(STEP, i)) != null) {
                b.use(i).add(new MstModule(m.group(2), m.group(1).equals("Loading"), in.source(i)));
            } else if ((m = in.match(ALREADY, i)) != null) {
                String module = m.group(1).equals("mst_pci") ? "MST PCI" : "MST PCI configuration";
                b.use(i).add(new MstModule(module, true, in.source(i)));
            } else if (in.matches(SECTION, i) || in.matches(START, i)) {
                b.use(i);
            } else {
                break;
            }
        }
        if (path != null) {
            b.add(new MstDevice(path, pci, chip(path), null, null, null, null, src));
        }
        return b.done(i);
    }

    /** A -v row's first cells: type, MST and PCI; the rest are placed by the head's columns. */
    private static final Pattern ROW_START = Pattern.compile("\\S+\\(rev:\\w+\\)\\s+\\S+\\s+[0-9a-fA-F:.]+(\\s.*)?");
    private static final String[] COLUMNS = {"DEVICE_TYPE", "MST", "PCI", "RDMA", "NET", "NUMA"};

    /**
     * The row's cells: its first three words are type, MST and PCI (as ROW_START has them); a later word belongs
     * to the last column starting at or before it, moved back by as many columns as the PCI cell sits right of
     * its own (FreeBSD's rows are set off one column from the head).
     */
    private static String[] cells(String header, String row) {
        int[] starts = new int[COLUMNS.length];
        for (int c = 0; c < COLUMNS.length; c++) {
            Matcher m = Pattern.compile("\\b" + COLUMNS[c] + "\\b").matcher(header);
            starts[c] = m.find() ? m.start() : Integer.MAX_VALUE;
        }
        String[] cells = new String[COLUMNS.length];
        Matcher w = Pattern.compile("\\S+").matcher(row);
        int shift = 0; // how many columns right of its head the row sits: its PCI cell under RDMA on FreeBSD
        for (int c = 0; c < 3 && w.find(); c++) {
            cells[c] = w.group();
            if (c == 2) {
                shift = Math.max(0, column(starts, w.start()) - 2);
            }
        }
        while (w.find()) {
            int col = Math.max(3, column(starts, w.start()) - shift);
            if (cells[col] == null) {
                cells[col] = w.group();
            }
        }
        return cells;
    }

    /** The last column starting at or before a word; a cell may start one column early (a wider value). */
    private static int column(int[] starts, int at) {
        int col = 0;
        for (int c = 0; c < starts.length; c++) {
            if (starts[c] <= at + 1) {
                col = c;
            }
        }
        return col;
    }

    private static String net(String s) {
        return s == null ? null : dash(s.replaceFirst("^net-", ""));
    }

    private static String chip(String path) {
        Matcher m = Pattern.compile(".*?(mt\\d+).*").matcher(path);
        return m.matches() ? m.group(1) : null;
    }

    private static String dash(String s) {
        return s == null || s.equals("-") || s.equals("NA") ? null : s;
    }
}
