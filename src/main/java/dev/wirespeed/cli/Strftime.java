package dev.wirespeed.cli;

import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.Locale;
import java.util.Map;

/**
 * The strftime(3) codes iperf3's --timestamps users write, mapped to java.time patterns (C locale:
 * English names, %c = "%a %b %e %H:%M:%S %Y"). Any other code is refused rather than printed raw.
 */
final class Strftime {
    private Strftime() {}

    /** iperf3's default (iperf.h TIMESTAMP_FORMAT). */
    static final String DEFAULT = "%c ";

    private static final Map<Character, String> PATTERNS = Map.ofEntries(
            Map.entry('a', "EEE"), Map.entry('A', "EEEE"), Map.entry('b', "MMM"), Map.entry('h', "MMM"),
            Map.entry('B', "MMMM"), Map.entry('c', "EEE MMM ppd HH:mm:ss yyyy"), Map.entry('d', "dd"),
            Map.entry('e', "ppd"), Map.entry('H', "HH"), Map.entry('I', "hh"), Map.entry('j', "DDD"),
            Map.entry('m', "MM"), Map.entry('M', "mm"), Map.entry('p', "a"), Map.entry('S', "ss"),
            Map.entry('y', "yy"), Map.entry('Y', "yyyy"), Map.entry('Z', "zzz"), Map.entry('z', "xx"),
            Map.entry('T', "HH:mm:ss"), Map.entry('D', "MM/dd/yy"), Map.entry('F', "yyyy-MM-dd"),
            Map.entry('R', "HH:mm"), Map.entry('x', "MM/dd/yy"), Map.entry('X', "HH:mm:ss"));

    /** @throws IllegalArgumentException naming the first code it does not know */
    static DateTimeFormatter formatter(String strftime) {
        DateTimeFormatterBuilder b = new DateTimeFormatterBuilder();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < strftime.length(); i++) {
            char c = strftime.charAt(i);
            if (c != '%') {
                literal.append(c);
                continue;
            }
            if (i + 1 == strftime.length()) {
                throw new IllegalArgumentException("'" + strftime + "' ends with a lone %");
            }
            char code = strftime.charAt(++i);
            if (code == '%') {
                literal.append('%');
                continue;
            }
            String pattern = PATTERNS.get(code);
            if (pattern == null) {
                throw new IllegalArgumentException("%" + code + " is not a supported code (use %Y %m %d %H %M %S %a %b"
                        + " %e %j %p %I %y %Z %z %c %T %D %F %R %x %X %%)");
            }
            if (!literal.isEmpty()) {
                b.appendLiteral(literal.toString());
                literal.setLength(0);
            }
            b.appendPattern(pattern);
        }
        if (!literal.isEmpty()) {
            b.appendLiteral(literal.toString());
        }
        return b.toFormatter(Locale.ENGLISH);
    }
}
