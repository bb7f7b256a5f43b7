package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.KeyPair;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class AgentTlsTest {
    /** RFC 8032 §7.1, TEST 1: the private key and the public key it gives. */
    @Test
    void theSeedIsTheEd25519PrivateKey() throws Exception {
        byte[] seed = HexFormat.of().parseHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
        KeyPair keys = AgentTls.keyPair(seed);
        // SubjectPublicKeyInfo of an Ed25519 key (RFC 8410 §4): a fixed 12-byte prefix, then the 32-byte key
        assertThat(HexFormat.of().formatHex(keys.getPublic().getEncoded())).isEqualTo("302a300506032b6570032100"
                + "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
    }

    @Test
    void theCertificateIsSelfSignedNeutralAndTheSameForOneKey() throws Exception {
        KeyPair keys = AgentTls.keyPair(Token.of("correct horse battery staple", "t").tlsKeySeed());
        X509Certificate a = SelfSignedCertificate.of(keys);
        X509Certificate b = SelfSignedCertificate.of(keys);
        a.verify(keys.getPublic());
        a.checkValidity();
        assertThat(a.getVersion()).isEqualTo(3);
        assertThat(a.getSubjectX500Principal().getName()).isEqualTo("CN=agent");
        assertThat(a.getIssuerX500Principal()).isEqualTo(a.getSubjectX500Principal());
        assertThat(a.getPublicKey()).isEqualTo(keys.getPublic());
        assertThat(a.getEncoded()).isEqualTo(b.getEncoded());
    }

    @Test
    void thePinFollowsTheToken() {
        Token token = Token.of("correct horse battery staple", "t");
        String pin = AgentTls.expectedFingerprint(token);
        assertThat(pin).matches("sha256:[0-9a-f]{64}");
        assertThat(AgentTls.forAgent(token).fingerprint()).isEqualTo(pin);
        assertThat(AgentTls.expectedFingerprint(Token.of("correct horse battery staplE", "t"))).isNotEqualTo(pin);
        assertThat(AgentTls.forAgent(null).fingerprint()).as("random without a token")
                .isNotEqualTo(AgentTls.forAgent(null).fingerprint());
    }

    @Test
    void derLengthsUseTheLongFormFrom128Bytes() {
        assertThat(SelfSignedCertificate.tlv(0x04, new byte[127])).startsWith(0x04, 0x7f);
        assertThat(SelfSignedCertificate.tlv(0x04, new byte[128])).startsWith(0x04, 0x81, 0x80);
        assertThat(SelfSignedCertificate.tlv(0x04, new byte[300])).startsWith(0x04, 0x82, 0x01, 0x2c).hasSize(304);
    }
}
