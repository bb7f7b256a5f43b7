package dev.wirespeed.parse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ScratchDump {
    @Test
    void dump() throws Exception {
        String f = System.getProperty("dump.file");
        if (f == null) return;
        for (Piece p : LogReader.standard().read(Files.readString(Path.of(f)))) {
            System.out.println("[" + p.index() + "] " + p.firstLine() + "-" + p.lastLine() + " " + p.prompt() + " " + p.command());
            for (Parsed o : p.outputs()) {
                System.out.println("   " + o.format() + " " + o.firstLine() + "-" + o.lastLine() + " records=" + o.records().size()
                    + " skipped=" + o.skipped().size() + " notes=" + o.notes());
                for (ParsedRecord r : o.records()) System.out.println("      " + r.columns());
                for (Source s : o.skipped()) System.out.println("      SKIP " + s);
            }
            if (p.unrecognized() != null) System.out.println("   unrecognized " + p.unrecognized());
        }
    }
}
