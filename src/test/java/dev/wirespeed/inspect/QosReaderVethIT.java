package dev.wirespeed.inspect;

import dev.wirespeed.explain.CommandFacts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.io.Programs;
import dev.wirespeed.testing.Netns;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A netdev without DCB (a veth in a namespace this test creates): iproute2's dcb fails on it
 * ("Operation not supported"), and doctor's QoS reading must add nothing, so no lossless-RoCE rule
 * can speak of it.
 */
class QosReaderVethIT {
    @Test
    void aVethWithoutDcbGivesNoPfcTrustOrPauseFacts() throws Exception {
        assumeTrue(Netns.available(), Netns.SKIP);
        assumeTrue(Programs.find("dcb").isPresent(), "needs dcb (iproute2)");
        try (Netns net = new Netns()) {
            String ns = net.add("q");
            String veth = net.name("v0");
            net.ip("-n", ns, "link", "add", veth, "type", "veth", "peer", "name", net.name("v1"));
            net.ip("-n", ns, "link", "set", veth, "up");
            // the premise: dcb really refuses a veth
            Process dcb = new ProcessBuilder("ip", "netns", "exec", ns, "dcb", "-j", "pfc", "show", "dev", veth)
                    .redirectErrorStream(true).start();
            assertThat(dcb.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(dcb.exitValue()).as(new String(dcb.getInputStream().readAllBytes())).isNotZero();

            Facts.Builder b = Facts.builder("veth");
            new QosReader(new RootedFs(Path.of("/"), null), new CommandFacts(), List.of("ip", "netns", "exec", ns)).read(veth, b);
            Facts f = b.build();
            assertThat(f.settings()).isEmpty();
            assertThat(f.interfaces()).allSatisfy(i -> assertThat(i.pause().isPresent()).isFalse());
            List<Finding> findings = RuleSet.standard().diagnose(f);
            assertThat(findings).noneMatch(x -> x.rule().startsWith("roce-"));
        }
    }
}
