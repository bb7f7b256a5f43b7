package dev.wirespeed.iperf3;

import dev.wirespeed.wire.ProtocolException;
import java.math.BigInteger;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * Typed reads of iperf3's JSON. A value of the wrong JSON type is an error, never a default: a
 * string where a number belongs once crashed iperf3's own server (CVE-2024-53580).
 */
final class JsonValues {
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);
    private static final BigInteger TWO_TO_63 = BigInteger.ONE.shiftLeft(63);
    private static final double TWO_TO_63_DOUBLE = 0x1p63;

    private JsonValues() {}

    /**
     * An integer. iperf3 3.12 prints its int64 values with PRIu64, so -1 arrives as
     * 18446744073709551615 (2^64 - 1): values from 2^63 to 2^64 - 1 are read as negative. A
     * value that went through a double (1.8446744073709552e19) has lost its low bits; iperf3
     * writes only -1 that way.
     */
    static long integer(JsonNode v, String key) throws ProtocolException {
        if (v == null || !v.isNumber()) {
            throw wrongType(key, v, "a number");
        }
        if (v.isIntegralNumber()) {
            BigInteger b = v.bigIntegerValue();
            if (b.compareTo(TWO_TO_63) >= 0 && b.compareTo(TWO_TO_64) < 0) {
                b = b.subtract(TWO_TO_64);
            }
            if (b.bitLength() > 63) {
                throw new ProtocolException("'" + key + "' " + v + " is out of range");
            }
            return b.longValue();
        }
        double d = v.doubleValue();
        if (d >= TWO_TO_63_DOUBLE && d <= 2 * TWO_TO_63_DOUBLE) {
            return -1;
        }
        if (!Double.isFinite(d) || d != Math.rint(d) || Math.abs(d) >= TWO_TO_63_DOUBLE) {
            throw new ProtocolException("'" + key + "' " + v + " is not an integer");
        }
        return (long) d;
    }

    /** An integer within [min, max]; outside it is {@code refusal}. */
    static long integer(JsonNode v, String key, long min, long max, Iperf3Error refusal) throws ProtocolException {
        long n = integer(v, key);
        if (n < min || n > max) {
            throw new Iperf3Refusal(refusal, Iperf3Error.Errno.EINVAL,
                    "'" + key + "' " + n + " is out of range (" + min + ".." + max + ")");
        }
        return n;
    }

    static double number(JsonNode v, String key) throws ProtocolException {
        if (v == null || !v.isNumber()) {
            throw wrongType(key, v, "a number");
        }
        if (v.isIntegralNumber()) {
            return integer(v, key);
        }
        double d = v.doubleValue();
        if (!Double.isFinite(d)) {
            throw new ProtocolException("'" + key + "' is not a finite number");
        }
        return d;
    }

    /** iperf3 writes flags as {@code true}; {@code false} reads as absent. */
    static boolean flag(JsonNode v, String key) throws ProtocolException {
        if (v == null || !v.isBoolean()) {
            throw wrongType(key, v, "true or false");
        }
        return v.booleanValue();
    }

    static String string(JsonNode v, String key, int maxChars) throws ProtocolException {
        if (v == null || !v.isString()) {
            throw wrongType(key, v, "a string");
        }
        String s = v.stringValue();
        if (s.length() > maxChars) {
            throw new ProtocolException("'" + key + "' is longer than " + maxChars + " characters");
        }
        return s;
    }

    static ProtocolException wrongType(String key, JsonNode v, String expected) {
        String actual = v == null || v.isMissingNode() ? "missing" : v.getNodeType().name().toLowerCase(Locale.ROOT);
        return new ProtocolException("'" + key + "' is " + (actual.equals("missing") ? "missing" : "a " + actual)
                + ", not " + expected);
    }
}
