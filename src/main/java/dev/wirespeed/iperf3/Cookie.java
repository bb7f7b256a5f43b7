package dev.wirespeed.iperf3;

import dev.wirespeed.wire.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;

/**
 * The 37-byte test cookie: 36 characters and a NUL. iperf3 3.2 and later draw the characters from
 * {@code a-z2-7} (make_cookie in src/iperf_util.c); 3.0 and 3.1 built them from the host name,
 * the time and random hex, so a server accepts any printable ASCII.
 */
final class Cookie {
    private static final byte[] ALPHABET = "abcdefghijklmnopqrstuvwxyz234567".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom RANDOM = new SecureRandom();

    private Cookie() {}

    static byte[] random() {
        byte[] cookie = new byte[Iperf3.COOKIE_BYTES];
        for (int i = 0; i < cookie.length - 1; i++) {
            cookie[i] = ALPHABET[RANDOM.nextInt(ALPHABET.length)];
        }
        return cookie;
    }

    /** The cookie's 36 characters; ProtocolException when it is not printable text ending in NUL. */
    static String text(byte[] cookie) throws ProtocolException {
        if (cookie.length != Iperf3.COOKIE_BYTES || cookie[cookie.length - 1] != 0) {
            throw new ProtocolException("not an iperf3 cookie (no NUL at byte " + Iperf3.COOKIE_BYTES + ")");
        }
        for (int i = 0; i < cookie.length - 1; i++) {
            if (cookie[i] < 0x21 || cookie[i] > 0x7e) {
                throw new ProtocolException("not an iperf3 cookie (byte " + (i + 1) + " is 0x"
                        + Integer.toHexString(cookie[i] & 0xff) + ")");
            }
        }
        return new String(cookie, 0, cookie.length - 1, StandardCharsets.US_ASCII);
    }
}
