package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.ib.IbdiagFabric;
import dev.wirespeed.parse.ib.IbdiagStage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ibdiagnet's console output on real runs (parse/ib/README.md), and the ibdiagnet-errors rule. */
class IbdiagnetParserTest {
    private static List<Finding> findings(String text) {
        return Explainer.standard().explain("d.txt", text).findings().stream()
                .filter(f -> f.rule().equals("ibdiagnet-errors")).toList();
    }

    @Test
    void wholeRunGivesTheStageTableTheFabricAndTheWidthError() {
        Parsed p = Fixture.only("ib/ibdiagnet-fabric-logparsertask.txt", "ibdiagnet");
        assertThat(p.skipped()).isEmpty();
        assertThat(p.firstLine()).isEqualTo(1);
        assertThat(p.lastLine()).as("the last file line of the run").isEqualTo(195);
        List<IbdiagStage> stages = p.all(IbdiagStage.class);
        assertThat(stages).extracting(s -> s.stage() + " " + s.warnings() + "/" + s.errors()).containsExactly(
                "Discovery 3/0", "Lids Check 0/0", "Links Check 0/0", "Subnet Manager 0/0", "Port Counters 0/0",
                "Nodes Information 16/0", "Speed / Width checks 0/15", "Virtualization 0/0", "Partition Keys 0/0",
                "Temperature Sensing 0/0", "Create IBNetDiscover File 0/0");
        IbdiagStage width = stages.get(6);
        assertThat(width.errorLines()).extracting(Source::text).containsExactly(
                "-E- Links Speed Check finished with errors", "-E- Links Width Check finished with errors",
                "-E- Link: smg-ib-sw041/U1/P24<-->S900a840300308e40/N900a840300308e40/P49 - Unexpected width, actual link "
                        + "width is 2x (enable_width1=\"1x or 2x or 4x\", enable_width2=\"1x or 2x or 4x\" therefore final "
                        + "width should be 4x)");
        IbdiagFabric f = p.all(IbdiagFabric.class).getFirst();
        assertThat(f.totalNodes()).isEqualTo(42);
        assertThat(f.switches()).isEqualTo(6);
        assertThat(f.channelAdapters()).isEqualTo(31);
        assertThat(f.links()).isEqualTo(58);
        assertThat(f.linksAt()).containsExactly(Map.entry("4x2.5", 4), Map.entry("4x14", 3),
                Map.entry("4x25", 21), Map.entry("4x50", 23), Map.entry("4x100", 6),
                Map.entry("2x50", 1));
        assertThat(f.masterSm()).startsWith("Port=1 LID=10 GUID=0x98039b0300952b30").endsWith("smg-ib-svr43 mlx5_0");

        List<Finding> found = findings(Fixture.text("ib/ibdiagnet-fabric-logparsertask.txt"));
        assertThat(found).extracting(x -> x.severity() + " " + x.message()).containsExactly(
                "WARN ibdiagnet: Speed / Width checks found 15 errors",
                "INFO ibdiagnet: warnings in Discovery (3), Nodes Information (16)");
        assertThat(found.getFirst().evidence()).hasSize(4);
        assertThat(found.getFirst().evidence().get(3).raw()).contains("Unexpected width, actual link width is 2x");
    }

    @Test
    void summariesAloneAndACleanRun() {
        Parsed p = Fixture.only("ib/ibdiagnet-summary-ar-openai-recipe.txt", "ibdiagnet");
        assertThat(p.all(IbdiagStage.class)).extracting(s -> s.stage() + " " + s.warnings() + "/" + s.errors())
                .containsExactly("Discovery 3/0", "Virtualization 0/0", "Routing 0/0");
        IbdiagFabric f = p.all(IbdiagFabric.class).getFirst();
        assertThat(f.totalNodes()).isEqualTo(15);
        assertThat(f.switches()).isEqualTo(3);
        assertThat(f.links()).isNull();
        assertThat(f.linksAt()).isEmpty();
        assertThat(p.skipped()).isEmpty();
        assertThat(findings(Fixture.text("ib/ibdiagnet-summary-ar-openai-recipe.txt"))).singleElement()
                .satisfies(x -> assertThat(x.severity()).isEqualTo(Severity.INFO));
    }

    @Test
    void truncatedAndGarbledRunsKeepWhatTheyShow() {
        String text = Fixture.text("ib/ibdiagnet-fabric-logparsertask.txt");
        // cut inside the stage table: the rows before the cut, no crash, the error stage not yet printed
        String cut = text.substring(0, text.indexOf("-I- Speed / Width checks") + 12);
        List<IbdiagStage> stages = Fixture.blocksOf(cut).stream().flatMap(b -> b.all(IbdiagStage.class).stream()).toList();
        assertThat(stages).extracting(IbdiagStage::stage).endsWith("Nodes Information").doesNotContain("Speed / Width checks");
        assertThat(findings(cut)).extracting(Finding::severity).containsExactly(Severity.INFO);
        // cut before the summary: the fabric and no stage table, so no finding
        String early = text.substring(0, text.indexOf("Summary\n-I- Stage"));
        assertThat(Fixture.blocksOf(early).stream().flatMap(b -> b.all(IbdiagFabric.class).stream())).hasSize(1);
        assertThat(findings(early)).isEmpty();
        // a garbled count is not a row: the table stops being read there, the rows before it stay
        String garbled = text.replace("-I- Nodes Information                   16         0",
                "-I- Nodes Information                   1x         0");
        List<IbdiagStage> g = Fixture.blocksOf(garbled).stream().flatMap(b -> b.all(IbdiagStage.class).stream()).toList();
        assertThat(g).extracting(IbdiagStage::stage).doesNotContain("Nodes Information").contains("Port Counters");
    }
}
