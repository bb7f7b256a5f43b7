package dev.wirespeed.cli;

import java.util.regex.Pattern;

/** What a label may be: short, one word, so it can be typed back in `results compare A B`. */
final class Labels {
    static final String RULE = "1..64 letters, digits and . _ - + : @ /";
    private static final Pattern LABEL = Pattern.compile("[\\p{L}\\p{N}._+:@/-]{1,64}");

    private Labels() {}

    static boolean valid(String label) {
        return label != null && LABEL.matcher(label).matches();
    }
}
