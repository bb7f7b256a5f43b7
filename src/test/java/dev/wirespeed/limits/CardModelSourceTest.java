package dev.wirespeed.limits;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The source a card's rating shows in a finding names the document users can look up, never where
 * the project read it (issue 27 point 7: provenance is the code's comment, pointing at fixture files).
 */
class CardModelSourceTest {
    @Test
    void aRatingCitesItsDocumentNotASeed() {
        assertThat(CardModel.byPartNumber("MCX4121A-ACAT").orElseThrow().source())
                .isEqualTo("NVIDIA ConnectX-4 Lx EN OPN table: MCX4121A-ACAT");
        assertThat(CardModel.byPsid("MT_1680110023").orElseThrow().source())
                .isEqualTo("mlxfwmanager description: PSID MT_1680110023");
        assertThat(CardModel.byPartNumber("MCX4421A-ACQN").orElseThrow().source())
                .isEqualTo("ConnectX-4 Lx for OCP 2.0, 25GbE: MCX4421A-ACQN");
    }

    @Test
    void noKnownCardsSourceNamesASeed() {
        for (String pn : new String[] {"MCX4111A-XCAT", "MCX4131A-GCAT", "MCX455A-ECA_Ax", "MCX354A-FCB_A2-A5",
                "MCX342A-XCC_Ax", "MCX4421A-ACQN"}) {
            assertThat(CardModel.byPartNumber(pn).orElseThrow().source()).as(pn).doesNotContainIgnoringCase("seed");
        }
    }
}
