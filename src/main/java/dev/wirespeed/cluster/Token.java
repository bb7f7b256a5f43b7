package dev.wirespeed.cluster;

import dev.wirespeed.guard.BoundedRead;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The shared secret of a coordinator and its agents, used only as an HMAC-SHA256 key (RFC 2104):
 * each side proves it holds the secret by MACing both sides' fresh nonces, so the secret never
 * crosses the wire and a recorded handshake cannot be replayed.
 *
 * <pre>
 * coordinator → agent   Hello(coordinatorNonce)
 * agent → coordinator   Challenge(agentNonce)
 * coordinator → agent   Auth(HMAC(secret, "wirespeed-agent/1 coordinator" ‖ agentNonce ‖ coordinatorNonce))
 * agent → coordinator   Welcome(proof = HMAC(secret, "wirespeed-agent/1 agent" ‖ coordinatorNonce ‖ agentNonce))
 * </pre>
 */
public final class Token {
    public static final int MIN_CHARS = 16;
    static final int MAX_CHARS = 4096;
    static final int NONCE_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String ALGORITHM = "HmacSHA256";

    private final byte[] secret;

    private Token(byte[] secret) {
        this.secret = secret;
    }

    /** The secret is the file's content with surrounding white space removed. */
    public static Token read(Path file) throws IOException {
        String text;
        try {
            // bounded from any source: /dev/zero as a token file is refused before a byte is read
            byte[] bytes = BoundedRead.file(file, MAX_CHARS * 4L, "--token-file");
            text = BoundedRead.utf8(bytes, "token file " + file).strip();
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException("token file " + file + " does not exist");
        }
        return of(text, file.toString());
    }

    static Token of(String text, String source) {
        if (text.length() < MIN_CHARS || text.length() > MAX_CHARS) {
            throw new IllegalArgumentException("token in " + source + " has " + text.length() + " characters; use "
                    + MIN_CHARS + ".." + MAX_CHARS + " (e.g. head -c 32 /dev/urandom | base64)");
        }
        return new Token(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether others than the owner may read the file (POSIX file systems only). */
    public static boolean readableByOthers(Path file) {
        try {
            Set<PosixFilePermission> p = Files.getPosixFilePermissions(file);
            return p.contains(PosixFilePermission.GROUP_READ) || p.contains(PosixFilePermission.OTHERS_READ);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    public static String nonce() {
        byte[] b = new byte[NONCE_BYTES];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** The coordinator's answer to the agent's challenge. */
    public String coordinatorMac(String agentNonce, String coordinatorNonce) {
        return mac("wirespeed-agent/1 coordinator", agentNonce, coordinatorNonce);
    }

    /** The agent's proof that it holds the secret too. */
    public String agentProof(String coordinatorNonce, String agentNonce) {
        return mac("wirespeed-agent/1 agent", coordinatorNonce, agentNonce);
    }

    /**
     * 32 bytes that seed the agents' TLS key ({@link AgentTls}): whoever holds the token can compute
     * the key, and so the coordinator pins it without a second file to distribute. The role label
     * keeps this value apart from every handshake MAC.
     */
    byte[] tlsKeySeed() {
        return HexFormat.of().parseHex(mac("wirespeed-agent/1 tls-key", "ed25519", "v1"));
    }

    /** Compares in constant time. */
    public static boolean matches(String expected, String given) {
        if (given == null) {
            return false;
        }
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII), given.getBytes(StandardCharsets.US_ASCII));
    }

    private String mac(String role, String first, String second) {
        try {
            Mac m = Mac.getInstance(ALGORITHM);
            m.init(new SecretKeySpec(secret, ALGORITHM));
            m.update(role.getBytes(StandardCharsets.US_ASCII));
            m.update((byte) 0);
            m.update(first.getBytes(StandardCharsets.US_ASCII));
            m.update((byte) 0);
            m.update(second.getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(m.doFinal());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
