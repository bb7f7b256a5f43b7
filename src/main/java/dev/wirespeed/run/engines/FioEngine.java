package dev.wirespeed.run.engines;

import dev.wirespeed.parse.Parser;
import dev.wirespeed.parse.fio.FioJsonParser;
import dev.wirespeed.run.PointParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * fio with src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt's options as defaults: --rw --bs --iodepth
 * --numjobs --runtime --time_based --size --filename, ioengine libaio, direct=1, group_reporting (numjobs > 1
 * is one result), JSON output read by explain's fio JSON parser. Point filename at a file on the mount under
 * test (/mnt/nfs-rdma/testfile); fio creates it at the given size.
 */
public final class FioEngine extends ExternalEngine {
    @Override
    public String name() {
        return "fio";
    }

    @Override
    Set<String> parameters() {
        return Set.of("rw", "bs", "iodepth", "numjobs", "runtime", "size", "filename", "ioengine", "direct", "time_based",
                "job");
    }

    @Override
    String defaultBinary(PointParams p) {
        return "fio";
    }

    @Override
    String debianPackage() {
        return "fio";
    }

    @Override
    void checkValues(PointParams p) {
        p.required("filename");
        p.word("filename", null);
        p.choice("rw", "randread", "read", "write", "randread", "randwrite", "rw", "readwrite", "randrw", "trim",
                "randtrim");
        p.size("bs", null, 512, 256L << 20);
        p.integer("iodepth", null, 1, 65_536);
        p.integer("numjobs", null, 1, 1024);
        p.integer("runtime", null, 1, 86_400);
        p.size("size", null, 4096, 1L << 50);
        p.word("ioengine", null);
        p.choice("direct", null, "0", "1");
        p.flag("time_based");
        p.word("job", null);
    }

    @Override
    List<String> clientArgs(PointParams p, String port) {
        List<String> a = new ArrayList<>();
        a.add("--name=" + p.text("job", "wirespeed"));
        a.add("--filename=" + p.text("filename", null));
        a.add("--rw=" + p.text("rw", "randread"));
        a.add("--bs=" + p.text("bs", "4k"));
        a.add("--iodepth=" + p.text("iodepth", "1"));
        a.add("--numjobs=" + p.text("numjobs", "1"));
        a.add("--runtime=" + p.text("runtime", "10"));
        if (!p.has("time_based") || p.flag("time_based")) {
            a.add("--time_based");
        }
        a.add("--size=" + p.text("size", "256M"));
        a.add("--ioengine=" + p.text("ioengine", "libaio"));
        a.add("--direct=" + p.text("direct", "1"));
        a.add("--group_reporting");
        a.add("--output-format=json");
        return a;
    }

    @Override
    double expectedSeconds(PointParams p) {
        // Laying out the file comes first and takes as long as the disk needs: allow for it.
        return p.integer("runtime", 10, 1, 86_400) + 30;
    }

    @Override
    Parser parser() {
        return new FioJsonParser();
    }

    @Override
    String rawFormat() {
        return "fio-json";
    }
}
