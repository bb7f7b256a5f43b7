package dev.wirespeed.cluster;

import dev.wirespeed.testing.Golden;
import org.junit.jupiter.api.Test;

/**
 * Issue 27, deliver 8: the mesh summary a user reads (hosts table, matrix, verdict) pinned by a
 * golden file, from MeshReportTest's fixed five-host model: n3 sends slowly, n2 has a small MTU,
 * n5 was lost. See {@link Golden} to regenerate after a deliberate change.
 */
class MeshTextGoldenTest {
    @Test
    void summaryOfFiveHostsWithASlowOneAndALostOne() {
        MeshResult r = MeshReportTest.result(MeshReportTest.hosts(2, 5), MeshReportTest.pairs(6.1e9, 3, 5), null);
        Golden.assertMatches("mesh-summary.txt", Golden.render(out -> new MeshText(out).summary(r)));
    }
}
