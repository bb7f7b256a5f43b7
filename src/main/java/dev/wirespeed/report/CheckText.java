package dev.wirespeed.report;

import dev.wirespeed.diagnose.DoctorReport;
import dev.wirespeed.diagnose.Verdict;
import java.io.PrintWriter;
import java.util.Locale;

/** The tail of {@code wirespeed check}'s text: the verdict, then doctor's count when it found something. */
public final class CheckText {
    private CheckText() {}

    /**
     * @param verdict     null when the bandwidth test did not finish
     * @param notFinished why it did not finish (its outcome's message), for a null verdict
     */
    public static void verdict(PrintWriter out, Verdict verdict, String notFinished, DoctorReport doctor) {
        out.println("verdict: " + (verdict == null ? "the test did not finish (" + notFinished + ")" : verdict.text()));
        if (!doctor.healthy()) {
            out.printf(Locale.ROOT, "doctor: %d error(s), %d warning(s) above.%n", doctor.summary().errors(),
                    doctor.summary().warnings());
        }
    }
}
