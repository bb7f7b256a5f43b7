package dev.wirespeed.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanTest {
    static final String PLAN = """
            name: nfs
            repetitions: 2
            labels: [seed000]
            defaults: {runtime: 10, size: 256M}
            grid: {bs: [4k, 16k], iodepth: [8, 12, 16]}
            series:
              - engine: fio
                label: nfs-rdma
                params: {filename: /mnt/nfs-rdma/testfile}
              - engine: fio
                label: nfs-tcp
                params: {filename: /mnt/nfs-tcp/testfile}
                grid: {iodepth: [8]}
            """;

    @Test
    void expandsSeriesTimesGridTimesRepetitions() {
        Plan plan = PlanReader.read(PLAN, "p.yaml");
        List<Point> points = Expansion.points(plan, Engines.standard());
        // series 1: 2 bs × 3 iodepth × 2 reps; series 2: its own iodepth list replaces the plan's: 2 × 1 × 2
        assertThat(points).hasSize(12 + 4);
        Point first = points.getFirst();
        assertThat(first.params()).containsEntry("bs", "4k").containsEntry("iodepth", "8")
                .containsEntry("runtime", "10").containsEntry("filename", "/mnt/nfs-rdma/testfile");
        assertThat(first.labels()).containsExactly("seed000", "nfs-rdma");
        assertThat(first.gridValues()).containsExactly(Map.entry("bs", "4k"), Map.entry("iodepth", "8"));
        assertThat(points.get(1).repetition()).isEqualTo(2);
        assertThat(points.stream().map(Point::key).distinct()).hasSize(points.size());
        assertThat(points.getLast().labels()).containsExactly("seed000", "nfs-tcp");
        // Expanding again gives the same keys: --resume depends on it.
        assertThat(Expansion.points(PlanReader.read(PLAN, "p.yaml"), Engines.standard()).stream().map(Point::key))
                .containsExactlyElementsOf(points.stream().map(Point::key).toList());
    }

    @Test
    void describesCommandsForDryRun() {
        Plan plan = PlanReader.read(PLAN, "p.yaml");
        Point p = Expansion.points(plan, Engines.standard()).getFirst();
        assertThat(Engines.standard().named("fio").describe(new PointParams(p.params(), "x")))
                .isEqualTo("fio --name=wirespeed --filename=/mnt/nfs-rdma/testfile --rw=randread --bs=4k --iodepth=8 "
                        + "--numjobs=1 --runtime=10 --time_based --size=256M --ioengine=libaio --direct=1 "
                        + "--group_reporting --output-format=json");
        Plan iperf = PlanReader.read("name: x\nseries: [{engine: iperf3, params: {streams: 4, duration: 5}}]", "x");
        Point q = Expansion.points(iperf, Engines.standard()).getFirst();
        assertThat(Engines.standard().named("iperf3").describe(new PointParams(q.params(), "x")))
                .isEqualTo("server: iperf3 -s -1 -B 127.0.0.1 -p PORT ; client: iperf3 -c 127.0.0.1 -p PORT -P 4 -t 5 -J");
    }

    @Test
    void perftestOptionsFollowThePlan() {
        Plan plan = PlanReader.read("""
                name: rdma
                series:
                  - engine: perftest
                    params: {test: ib_send_lat, device: mlx5_0, ib_port: 1, gid_index: 3, connection: UD, all: true,
                             server: running, host: 10.0.0.2}
                """, "r.yaml");
        Point p = Expansion.points(plan, Engines.standard()).getFirst();
        assertThat(Engines.standard().named("perftest").describe(new PointParams(p.params(), "x")))
                .isEqualTo("ib_send_lat -d mlx5_0 -i 1 -x 3 -c UD -a -F 10.0.0.2");
        assertThat(Engines.standard().named("perftest").programs(new PointParams(p.params(), "x")))
                .containsExactly(new PlanEngine.Program("ib_send_lat", "perftest"));
    }

    @Test
    void badPlansSayWhereInOneLine() {
        assertBad("name: x\nseries: []", "'series' must be a non-empty list");
        assertBad("name: x\nseries: [{engine: nope}]", "unknown engine 'nope'");
        assertBad("name: x\nseries: [{engine: fio, params: {filename: /f, bs: huge}}]",
                "series 1 (fio): bs 'huge' must be a size");
        assertBad("name: x\nseries: [{engine: iperf3, params: {streams: 0}}]", "streams '0' must be a whole number in 1..128");
        assertBad("name: x\nseries: [{engine: iperf3, params: {colour: red}}]", "unknown parameter 'colour'");
        assertBad("name: x\nrepetitions: 0\nseries: [{engine: iperf3}]", "'repetitions' must be a number in 1..1000");
        assertBad("name: x\nbogus: 1\nseries: [{engine: iperf3}]", "unknown key 'bogus'");
        assertBad("name: x\nseries: [{engine: fio}]", "parameter 'filename' is required");
        assertBad("name: [x\n", "not valid YAML");
        assertBad("name: x\nseries: [{engine: perftest, params: {size: 64, all: true}}]", "all 'true' must be false");
        assertBad("name: x\ngrid: {streams: [1, 1]}\nseries: [{engine: iperf3}]", "lists a value twice");
    }

    private static void assertBad(String yaml, String message) {
        assertThatThrownBy(() -> Expansion.points(PlanReader.read(yaml, "bad.yaml"), Engines.standard()))
                .isInstanceOf(PlanException.class).hasMessageContaining(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void theExamplesAreValidPlans() throws Exception {
        try (var files = Files.list(Path.of("examples"))) {
            List<Path> plans = files.filter(f -> f.toString().endsWith(".yaml")).toList();
            assertThat(plans).hasSizeGreaterThanOrEqualTo(3);
            for (Path f : plans) {
                Plan plan = PlanReader.read(Files.readString(f), f.toString());
                assertThat(Expansion.points(plan, Engines.standard())).as(f.toString()).isNotEmpty();
            }
        }
    }
}
