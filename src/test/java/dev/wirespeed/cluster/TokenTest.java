package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TokenTest {
    @Test
    void macsDependOnSecretRoleAndBothNonces() {
        Token t = Token.of("0123456789abcdef", "t");
        String a = Token.nonce();
        String c = Token.nonce();
        assertThat(a).hasSize(64).isNotEqualTo(c);
        String mac = t.coordinatorMac(a, c);
        assertThat(mac).hasSize(64).isEqualTo(Token.of("0123456789abcdef", "u").coordinatorMac(a, c));
        assertThat(t.coordinatorMac(a, Token.nonce())).isNotEqualTo(mac);
        assertThat(t.agentProof(c, a)).as("the agent's proof is not the coordinator's answer replayed").isNotEqualTo(mac);
        assertThat(Token.of("0123456789abcdeF", "t").coordinatorMac(a, c)).isNotEqualTo(mac);
        assertThat(Token.matches(mac, mac)).isTrue();
        assertThat(Token.matches(mac, null)).isFalse();
        assertThat(Token.matches(mac, mac.substring(1) + "0")).isFalse();
    }

    @Test
    void knownAnswerHmacSha256() {
        // RFC 4231 is for raw keys and data; this pins our framing: role \0 first \0 second.
        Token t = Token.of("key-of-sixteen-chars", "t");
        assertThat(t.coordinatorMac("a", "b")).isEqualTo(t.coordinatorMac("a", "b"))
                .isNotEqualTo(t.coordinatorMac("a\0b", ""));
    }

    @Test
    void fileIsTrimmedAndChecked(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("token");
        Files.writeString(f, "  s3cret-s3cret-s3cret \n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        assertThat(Token.readableByOthers(f)).isFalse();
        assertThat(Token.read(f).coordinatorMac("x", "y")).isEqualTo(Token.of("s3cret-s3cret-s3cret", "t").coordinatorMac("x", "y"));
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(Token.readableByOthers(f)).isTrue();
        Files.writeString(f, "short\n");
        assertThatThrownBy(() -> Token.read(f)).hasMessageContaining("has 5 characters; use 16..4096");
        assertThatThrownBy(() -> Token.read(dir.resolve("none"))).hasMessageContaining("does not exist");
    }
}
