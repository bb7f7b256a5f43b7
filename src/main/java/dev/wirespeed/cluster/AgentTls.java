package dev.wirespeed.cluster;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.security.spec.NamedParameterSpec;
import java.util.HexFormat;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * TLS 1.3 on the agent's control channel (RFC 8446), JDK only. The agent's Ed25519 key is derived
 * from the token ({@link Token#tlsKeySeed}), so the token file is also the pin: the coordinator
 * computes the same public key and accepts only a certificate that carries it. No CA, no second
 * file to copy to every node. Who holds the token can act as an agent; that is the trust the
 * token's HMAC already gives. Without a token (loopback agents) the key is random and the
 * coordinator pins nothing: privacy from other users' sniffers on the host, no authentication.
 *
 * <p>On the wire: the 6-byte preamble in clear, then TLS; the token handshake and every request and
 * answer travel inside it (docs/SECURITY.md).
 */
final class AgentTls {
    static final String PROTOCOL = "TLSv1.3";
    /** First byte of a TLS record that starts a handshake: ContentType handshake(22), RFC 8446 §5.1. */
    static final int HANDSHAKE_RECORD = 0x16;
    private static final char[] STORE_PASSWORD = "unused".toCharArray();

    private final SSLContext context;
    private final String fingerprint;

    private AgentTls(SSLContext context, String fingerprint) {
        this.context = context;
        this.fingerprint = fingerprint;
    }

    /** The agent's side: a key from the token (random without one) and its self-signed certificate. */
    static AgentTls forAgent(Token token) {
        try {
            KeyPair keys = keyPair(token != null ? token.tlsKeySeed() : randomSeed());
            X509Certificate cert = SelfSignedCertificate.of(keys);
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("agent", keys.getPrivate(), STORE_PASSWORD, new X509Certificate[] {cert});
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(store, STORE_PASSWORD);
            SSLContext context = SSLContext.getInstance(PROTOCOL);
            context.init(kmf.getKeyManagers(), null, null);
            return new AgentTls(context, fingerprint(keys.getPublic()));
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot set up the agent's TLS key: " + e.getMessage(), e);
        }
    }

    /** "sha256:" and the hex SHA-256 of the key's SubjectPublicKeyInfo (the pin; shown in the agent's log). */
    String fingerprint() {
        return fingerprint;
    }

    /** The pin a coordinator holding {@code token} expects. */
    static String expectedFingerprint(Token token) {
        try {
            return fingerprint(keyPair(token.tlsKeySeed()).getPublic());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 is part of every JDK since 15", e);
        }
    }

    /**
     * Runs the server side of the handshake over a connection whose preamble was read and whose
     * next byte, {@code first}, was read too (it begins the client's hello).
     */
    SSLSocket accept(Socket plain, int first) throws IOException {
        SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket(plain,
                new ByteArrayInputStream(new byte[] {(byte) first}), true);
        s.setUseClientMode(false);
        s.setEnabledProtocols(new String[] {PROTOCOL});
        s.startHandshake();
        return s;
    }

    /**
     * Runs the coordinator's side of the handshake after the preamble was written. A certificate
     * whose key is not the token's ends it with {@link PinMismatch} as a cause.
     */
    static SSLSocket connect(Socket plain, Token token) throws IOException {
        SSLContext context;
        try {
            context = SSLContext.getInstance(PROTOCOL);
            context.init(null, new TrustManager[] {new Pin(token == null ? null : expectedFingerprint(token))}, null);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("TLS 1.3 is part of every JDK since 11", e);
        }
        SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket(plain,
                plain.getInetAddress().getHostAddress(), plain.getPort(), true);
        SSLParameters p = s.getSSLParameters();
        p.setProtocols(new String[] {PROTOCOL});
        p.setServerNames(List.of()); // no host name in the clear ClientHello
        s.setSSLParameters(p);
        s.setUseClientMode(true);
        s.startHandshake();
        return s;
    }

    /** The pin mismatch behind a failed handshake, or null when it failed for another reason. */
    static PinMismatch pinMismatch(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof PinMismatch m) {
                return m;
            }
        }
        return null;
    }

    static String fingerprint(PublicKey key) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key.getEncoded()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /**
     * The Ed25519 key pair whose private key is {@code seed} (RFC 8032 §5.1.5: the private key is 32
     * bytes, the public key a function of them). The JDK builds the pair only from a SecureRandom,
     * so this one hands out the seed.
     */
    static KeyPair keyPair(byte[] seed) throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("Ed25519");
        g.initialize(NamedParameterSpec.ED25519, new SeedRandom(seed));
        return g.generateKeyPair();
    }

    private static byte[] randomSeed() {
        byte[] seed = new byte[32];
        new SecureRandom().nextBytes(seed);
        return seed;
    }

    /** Hands out its seed once, for {@link #keyPair}; anything else is a misuse. */
    private static final class SeedRandom extends SecureRandom {
        private final byte[] seed;
        private boolean used;

        SeedRandom(byte[] seed) {
            this.seed = seed.clone();
        }

        @Override
        public synchronized void nextBytes(byte[] bytes) {
            if (used || bytes.length != seed.length) {
                throw new IllegalStateException("the Ed25519 key generator asked for other bytes than its private key");
            }
            used = true;
            System.arraycopy(seed, 0, bytes, 0, seed.length);
        }
    }

    /** The agent's certificate does not carry the key the token gives. */
    static final class PinMismatch extends CertificateException {
        final String expected;
        final String presented;

        PinMismatch(String expected, String presented) {
            super("certificate key " + presented + " is not the pinned " + expected);
            this.expected = expected;
            this.presented = presented;
        }
    }

    /** Accepts a server whose leaf certificate carries the pinned key; any server when nothing is pinned. */
    private static final class Pin extends X509ExtendedTrustManager {
        private final String expected;

        Pin(String expected) {
            this.expected = expected;
        }

        private void check(X509Certificate[] chain) throws CertificateException {
            if (chain == null || chain.length == 0) {
                throw new CertificateException("the agent sent no certificate");
            }
            String presented = fingerprint(chain[0].getPublicKey());
            if (expected != null && !MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                    presented.getBytes(StandardCharsets.US_ASCII))) {
                throw new PinMismatch(expected, presented);
            }
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            throw new CertificateException("coordinators do not present certificates");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            throw new CertificateException("coordinators do not present certificates");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("coordinators do not present certificates");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
