package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Help names the docs of the installation it runs from: tarball, .deb, checkout. */
class DocsTest {
    @TempDir
    Path dir;

    @Test
    void findsTheDocsOfEachLayout() throws Exception {
        // the release tarball: ROOT/lib/wirespeed.jar, ROOT/share/doc/wirespeed/docs
        Path tarball = dir.resolve("wirespeed-1.0");
        Files.createDirectories(tarball.resolve("share/doc/wirespeed/docs/json"));
        assertThat(Docs.dirFor(tarball.resolve("lib/wirespeed.jar"))).isEqualTo(tarball.resolve("share/doc/wirespeed/docs"));
        // the .deb: /usr/lib/wirespeed/lib/wirespeed.jar, /usr/share/doc/wirespeed/docs
        Path usr = dir.resolve("usr");
        Files.createDirectories(usr.resolve("share/doc/wirespeed/docs/json"));
        assertThat(Docs.dirFor(usr.resolve("lib/wirespeed/lib/wirespeed.jar")))
                .isEqualTo(usr.resolve("share/doc/wirespeed/docs"));
        // a checkout: ROOT/target/wirespeed.jar or ROOT/target/classes, ROOT/docs beside ROOT/pom.xml
        Path checkout = dir.resolve("src");
        Files.createDirectories(checkout.resolve("docs/json"));
        Files.writeString(checkout.resolve("pom.xml"), "<project/>");
        assertThat(Docs.dirFor(checkout.resolve("target/wirespeed.jar"))).isEqualTo(checkout.resolve("docs"));
        assertThat(Docs.dirFor(checkout.resolve("target/classes"))).isEqualTo(checkout.resolve("docs"));
        // a plain jar anywhere else: none (help then names the repository's docs/)
        assertThat(Docs.dirFor(dir.resolve("elsewhere/wirespeed-1.0.jar"))).isNull();
    }

    @Test
    void helpSaysWhereItsDocsFilesAre() {
        Cli.Run help = Cli.run("bw", "--help");
        Matcher m = Pattern.compile("files named above are, in this installation, in:\\n\\s+(\\S+)\\n").matcher(help.out());
        assertThat(m.find()).as(help.out()).isTrue();
        Path docs = Path.of(m.group(1));
        assertThat(docs).isAbsolute();
        Matcher named = Pattern.compile("docs/(json/bw\\.schema\\.json)").matcher(help.out());
        assertThat(named.find()).as(help.out()).isTrue();
        assertThat(docs.resolve(named.group(1))).exists();
    }
}
