package dev.wirespeed.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;

/**
 * A minimal self-signed X.509 v3 certificate for an Ed25519 key (RFC 5280 §4.1, RFC 8410 for the
 * algorithm identifier), DER-encoded by hand: the JDK can use certificates but has no public API
 * to make one, and running keytool would need a writable key store and a second process. Nobody
 * validates this certificate against a CA: the coordinator pins its key ({@link AgentTls}).
 * Every field is fixed, and Ed25519 signatures are deterministic, so one key gives one certificate.
 */
final class SelfSignedCertificate {
    /** id-Ed25519, 1.3.101.112 (RFC 8410 §3). */
    private static final byte[] ED25519_OID = {0x2b, 0x65, 0x70};
    /** id-at-commonName, 2.5.4.3. */
    private static final byte[] COMMON_NAME_OID = {0x55, 0x04, 0x03};
    /** A neutral name: the certificate says nothing about the software (docs/SECURITY.md). */
    private static final String NAME = "agent";

    private SelfSignedCertificate() {}

    static X509Certificate of(KeyPair ed25519) throws GeneralSecurityException {
        byte[] algorithm = sequence(tlv(0x06, ED25519_OID));
        byte[] name = sequence(set(sequence(tlv(0x06, COMMON_NAME_OID), tlv(0x0c, NAME.getBytes(StandardCharsets.UTF_8)))));
        // RFC 5280 §4.1.2.5: UTCTime through 2049; 99991231235959Z means "no well-defined expiration".
        byte[] validity = sequence(tlv(0x17, ascii("000101000000Z")), tlv(0x18, ascii("99991231235959Z")));
        byte[] tbs = sequence(
                tlv(0xa0, tlv(0x02, new byte[] {2})), // [0] EXPLICIT version v3
                tlv(0x02, new byte[] {1}),            // serial number
                algorithm, name, validity, name,
                ed25519.getPublic().getEncoded());    // SubjectPublicKeyInfo, already DER
        Signature signer = Signature.getInstance("Ed25519");
        signer.initSign(ed25519.getPrivate());
        signer.update(tbs);
        byte[] signature = signer.sign();
        byte[] bits = new byte[signature.length + 1]; // BIT STRING: leading byte = unused bits (0)
        System.arraycopy(signature, 0, bits, 1, signature.length);
        byte[] der = sequence(tbs, algorithm, tlv(0x03, bits));
        return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] sequence(byte[]... parts) {
        return tlv(0x30, concat(parts));
    }

    private static byte[] set(byte[]... parts) {
        return tlv(0x31, concat(parts));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }

    /** Tag, definite length (X.690 §8.1.3: short form below 128, else 0x80|count then big-endian bytes), value. */
    static byte[] tlv(int tag, byte[] value) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(tag);
        int n = value.length;
        if (n < 0x80) {
            b.write(n);
        } else {
            int bytes = n < 0x100 ? 1 : n < 0x10000 ? 2 : 3;
            b.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                b.write(n >>> (8 * i));
            }
        }
        b.writeBytes(value);
        return b.toByteArray();
    }
}
