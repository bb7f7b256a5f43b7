package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * CPU frequency as src/test/resources/parse/seeds/003_6d654e133b65fb90.txt checks it (issue 26):
 * {@code cpupower frequency-info} and the older {@code cpufreq-info} ("analyzing CPU 0:", "driver: intel_pstate"
 * or "no or unknown cpufreq driver is active on this CPU", "hardware limits: 800 MHz - 3.50 GHz", "The governor
 * "powersave" may decide …", "current CPU frequency: 1.20 GHz (asserted by call to kernel)";
 * tools/power/cpupower/utils/cpufreq-info.c),
 * {@code cat /sys/devices/system/cpu/cpu*}{@code /cpufreq/scaling_governor} (one governor a line, read only
 * after that command), and the MHz lines of /proc/cpuinfo ("cpu MHz : 1200.000") and lscpu ("CPU MHz:", "CPU
 * max MHz:", "CPU min MHz:").
 */
public final class CpuFreqParser extends BaseParser {
    private static final Pattern ANALYZING = Pattern.compile("analyzing CPU (\\d+):\\s*(.*)");
    private static final Pattern DRIVER = Pattern.compile("driver: (\\S+)");
    private static final Pattern NO_DRIVER = Pattern.compile("no or unknown cpufreq driver is active on this CPU");
    private static final Pattern LIMITS = Pattern.compile("hardware limits: ([\\d.]+ [MG]Hz) - ([\\d.]+ [MG]Hz)");
    private static final Pattern GOVERNOR = Pattern.compile(".*The governor \"([\\w-]+)\" may decide.*");
    private static final Pattern CURRENT = Pattern.compile(
            "current CPU frequency(?::| is) ([\\d.]+ [MG]Hz)(?: \\(asserted by call to (?:kernel|hardware)\\))?\\.?");
    /** The rest of cpupower's block: read past. */
    private static final Pattern OTHER = Pattern.compile("(?:CPUs which |maximum transition latency|available |current policy"
            + "|within this range|current CPU frequency|boost state|Supported:|Active:|Unable to determine|Not Available"
            + "|AMD PSTATE|\\d+(?:\\.\\d+)? [MG]Hz).*");
    private static final Pattern GOVERNOR_LINE = Pattern.compile("(?:\\S*scaling_governor:)?(performance|powersave|ondemand|"
            + "conservative|schedutil|userspace)");
    private static final Pattern MHZ = Pattern.compile("(cpu MHz|CPU MHz|CPU max MHz|CPU min MHz|CPU\\(s\\) scaling MHz)\\s*:\\s*([\\d.]+)%?");

    public CpuFreqParser() {
        super("cpufreq", "cpupower", "cpufreq-info");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(ANALYZING, i) || in.matches(MHZ, i) && !in.get(i).startsWith("CPU(s)")
                || governorCommand(in.command()) && in.matches(GOVERNOR_LINE, i);
    }

    private static boolean governorCommand(Command c) {
        return c != null && c.text().contains("scaling_governor") && !c.text().contains("tee") && !c.text().contains(">");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        boolean governors = governorCommand(in.command());
        Block cpu = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            String s = in.get(i).strip();
            Matcher m;
            if ((m = ANALYZING.matcher(s)).matches()) {
                cpu = flush(b, cpu);
                cpu = new Block(m.group(1), in.source(i));
                b.use(i);
                if (!m.group(2).isEmpty()) {
                    read(cpu, m.group(2)); // a page that joined the block onto one line
                }
            } else if (cpu != null && (read(cpu, s) || OTHER.matcher(s).matches())) {
                b.use(i);
            } else if ((m = MHZ.matcher(s)).matches()) {
                cpu = flush(b, cpu);
                double v = Double.parseDouble(m.group(2));
                String what = m.group(1).toLowerCase(Locale.ROOT);
                b.add(new CpuFrequency(null, null, null, null, what.equals("cpu mhz") ? v : null,
                        what.equals("cpu min mhz") ? v : null, what.equals("cpu max mhz") ? v : null, in.source(i))).use(i);
            } else if (governors && (m = GOVERNOR_LINE.matcher(s)).matches()) {
                b.add(new CpuFrequency(null, null, null, m.group(1), null, null, null, in.source(i))).use(i);
            } else {
                break;
            }
        }
        flush(b, cpu);
        return b.done(i);
    }

    /** Reads one line of a cpupower block into it; false when the line is none of the values it keeps. */
    private static boolean read(Block cpu, String s) {
        Matcher m;
        if ((m = DRIVER.matcher(s)).matches()) {
            cpu.driver = m.group(1);
        } else if (NO_DRIVER.matcher(s).matches()) {
            cpu.noDriver = true;
        } else if ((m = LIMITS.matcher(s)).matches()) {
            cpu.min = mhz(m.group(1));
            cpu.max = mhz(m.group(2));
        } else if ((m = GOVERNOR.matcher(s)).matches()) {
            cpu.governor = m.group(1);
        } else if ((m = CURRENT.matcher(s)).matches()) {
            cpu.current = mhz(m.group(1));
        } else {
            return false;
        }
        return true;
    }

    /** cpupower's print_speed: "800 MHz", "3.50 GHz". */
    private static Double mhz(String text) {
        String[] p = text.split(" ");
        double v = Double.parseDouble(p[0]);
        return p[1].equals("GHz") ? v * 1000 : v;
    }

    private static Block flush(ParseBuilder b, Block cpu) {
        if (cpu != null) {
            b.add(new CpuFrequency(cpu.cpu, cpu.driver, cpu.noDriver ? Boolean.TRUE : null, cpu.governor, cpu.current,
                    cpu.min, cpu.max, cpu.source));
        }
        return null;
    }

    private static final class Block {
        final String cpu;
        final Source source;
        String driver;
        boolean noDriver;
        String governor;
        Double current;
        Double min;
        Double max;

        Block(String cpu, Source source) {
            this.cpu = cpu;
            this.source = source;
        }
    }
}
