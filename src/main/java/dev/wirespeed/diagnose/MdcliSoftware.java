package dev.wirespeed.diagnose;

import dev.wirespeed.parse.other.MdcliParser;
import dev.wirespeed.parse.other.MdcliRecord;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The image a Huawei AP runs, as MD-CLI names it: "AirEngineX773_V600R023C10SPC200.cc" is model family
 * AirEngineX773, version V600R023C10 (R and C grow with each release), patch SPC200
 * (src/test/resources/parse/other/mdcli-software-name-seed000.txt). From {@code display
 * system/system-info/software-name} or startup-info's current-system-software.
 *
 * @param image   the file name as printed
 * @param product "AirEngineX773"
 * @param release 23 of "R023"
 * @param cycle   10 of "C10"
 * @param record  where it was read
 */
record MdcliSoftware(String image, String product, String version, int release, int cycle, MdcliRecord record) {
    private static final Pattern IMAGE = Pattern.compile("(\\w+?)_(V600R(\\d{3})C(\\d{2}))\\w*\\.cc");
    /**
     * V600R024C10: the first V600 (MD-CLI) release with FAT AP and Leader AP mode
     * (src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt, AirEngine 5773-21).
     */
    static final String FIRST_FAT = "V600R024C10";

    /** The running image of the log, the last one shown; null when none is. */
    static MdcliSoftware running(LogFacts log) {
        MdcliSoftware found = null;
        for (MdcliRecord r : log.all(MdcliRecord.class)) {
            String image = r.object().endsWith("software-name") ? r.get("value")
                    : r.object().equals("startup-info") ? r.get("current-system-software") : null;
            MdcliSoftware s = image == null ? null : of(image, r);
            if (s != null) {
                found = s;
            }
        }
        return found;
    }

    static MdcliSoftware of(String image, MdcliRecord r) {
        Matcher m = IMAGE.matcher(image.strip());
        return m.matches() ? new MdcliSoftware(image.strip(), m.group(1), m.group(2), Integer.parseInt(m.group(3)),
                Integer.parseInt(m.group(4)), r) : null;
    }

    /** Older than V600R024C10, so without FAT AP / Leader AP mode. */
    boolean beforeFat() {
        return release < 24 || release == 24 && cycle < 10;
    }

    /** MD-CLI errors that refuse for want of permission (edit-config on a FIT AP). */
    static List<MdcliRecord> permissionErrors(LogFacts log) {
        return log.all(MdcliRecord.class).stream().filter(r -> r.object().equals(MdcliParser.ERROR_OBJECT))
                .filter(r -> {
                    String m = r.get("message") == null ? "" : r.get("message").toLowerCase(Locale.ROOT);
                    return m.contains("permission") || m.contains("权限") || m.contains("not authorized");
                }).toList();
    }
}
