package dev.wirespeed.cluster;

import dev.wirespeed.engine.session.PeerTotals;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Runs one pair of a mesh through the client's agent and turns the answer into a {@link PairResult}. */
final class PairRunner {
    /** Beyond the test's own time, how long the coordinator waits for an answer before calling the agent lost. */
    static final long ANSWER_SLACK_MILLIS = 30_000;
    static final int DEFAULT_MAX_STREAMS = 8;
    /** Lets the perftest server start listening before its client connects. */
    static final long PERFTEST_SETTLE_MILLIS = 1_000;

    private record Running(AgentClient client, long id) {}

    private final MeshConfig config;
    private final List<Endpoint> hosts;
    private final AgentClient[] clients;
    private final Map<Pair, Running> running = new ConcurrentHashMap<>();
    private final Set<Integer> suspects = ConcurrentHashMap.newKeySet();

    PairRunner(MeshConfig config, List<Endpoint> hosts, AgentClient[] clients) {
        this.config = config;
        this.hosts = hosts;
        this.clients = clients;
    }

    PairResult run(int round, Pair p) {
        String a = hosts.get(p.client()).label();
        String b = hosts.get(p.server()).label();
        try {
            return config.engine() == MeshEngine.PERFTEST ? perftest(round, p, a, b) : tcp(round, p, a, b);
        } catch (AgentClient.AgentException e) {
            // The client's session broke: that agent is lost (the mesh marks it from the session).
            return new PairResult(round, a, b, PairStatus.FAILED, "agent " + a + " lost: " + e.getMessage(), List.of());
        } catch (IOException e) {
            // The agent answered with a failure, e.g. it could not reach its peer: check the peer.
            suspects.add(p.server());
            return new PairResult(round, a, b, PairStatus.FAILED, a + ": " + e.getMessage(), List.of());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new PairResult(round, a, b, PairStatus.INTERRUPTED, "stopped by the user", List.of());
        } finally {
            running.remove(p);
        }
    }

    private PairResult tcp(int round, Pair p, String a, String b) throws IOException, InterruptedException {
        AgentClient client = clients[p.client()];
        Endpoint server = hosts.get(p.server());
        int streams = config.streams() != null ? config.streams()
                : Math.clamp(client.welcome().agent().cores() == null ? 1 : client.welcome().agent().cores(), 1,
                        DEFAULT_MAX_STREAMS);
        TestSpec spec = TestSpec.tcpBandwidth().direction(config.bidir() ? Direction.BIDIR : Direction.UPLOAD)
                .streams(streams).durationMillis(Math.round(config.seconds() * 1000))
                .omitMillis(Math.round(config.omitSeconds() * 1000)).build();
        long id = client.nextId();
        running.put(p, new Running(client, id));
        AgentMessage.TestDone done = client.call(new AgentMessage.RunTest(id, server.host(), server.port(), spec),
                AgentMessage.TestDone.class, testMillis() + ANSWER_SLACK_MILLIS);
        BwResult r = done.result();
        // the agent's figures, checked as a server's are: none past what the path and the time allow
        String refused = r == null ? "no result" : PeerTotals.problem(r, config.seconds() + config.omitSeconds());
        if (refused != null) {
            return new PairResult(round, a, b, PairStatus.FAILED, a + ": the agent's result was refused: " + refused,
                    List.of());
        }
        r = PeerTotals.nothingMoved(r, Math.round((config.seconds() + config.omitSeconds()) * 1e9));
        List<PairResult.Flow> flows = flows(r, a, b);
        BwResult.Outcome o = r.outcome();
        if (o.ok()) {
            return new PairResult(round, a, b, PairStatus.OK, null, flows, r.counters(), r.serverSharedWithTests());
        }
        if (o.status() == OutcomeStatus.INTERRUPTED) {
            return new PairResult(round, a, b, PairStatus.INTERRUPTED, o.message(), flows, r.counters(),
                    r.serverSharedWithTests());
        }
        suspects.add(p.server());
        return new PairResult(round, a, b, PairStatus.FAILED, b + ": " + o.message(), flows, r.counters(),
                r.serverSharedWithTests());
    }

    private PairResult perftest(int round, Pair p, String a, String b) throws IOException, InterruptedException {
        AgentClient client = clients[p.client()];
        AgentClient server = clients[p.server()];
        PerftestSpec spec = config.perftest();
        try {
            server.call(new AgentMessage.RunPerftest(server.nextId(), spec, null), AgentMessage.PerftestStarted.class,
                    ANSWER_SLACK_MILLIS);
        } catch (AgentClient.AgentException e) {
            suspects.add(p.server());
            return new PairResult(round, a, b, PairStatus.FAILED, "agent " + b + " lost: " + e.getMessage(), List.of());
        } catch (IOException e) {
            return new PairResult(round, a, b, PairStatus.FAILED, b + ": " + e.getMessage(), List.of());
        }
        Thread.sleep(PERFTEST_SETTLE_MILLIS);
        long id = client.nextId();
        running.put(p, new Running(client, id));
        AgentMessage.PerftestDone done = client.call(new AgentMessage.RunPerftest(id, spec, hosts.get(p.server()).host()),
                AgentMessage.PerftestDone.class, spec.durationSeconds() * 1000L + ANSWER_SLACK_MILLIS);
        Optional<Measurement.Metric> rate = done.measurement() == null ? Optional.empty()
                : done.measurement().metric(Measurement.Metrics.BITS_PER_SECOND);
        if (rate.isEmpty()) {
            return new PairResult(round, a, b, PairStatus.FAILED, a + " answered without perftest's rate (an agent of"
                    + " another release? run the same wirespeed on every host)", List.of());
        }
        return new PairResult(round, a, b, PairStatus.OK, null,
                List.of(new PairResult.Flow(a, b, rate.get().value(), null, null, null)));
    }

    /** Upload flows go client → server, download flows server → client; rates as the receiver counted them. */
    static List<PairResult.Flow> flows(BwResult r, String client, String server) {
        List<PairResult.Flow> flows = new ArrayList<>();
        for (BwResult.DirectionResult d : r.directions()) {
            BwResult.Summary s = d.receiverSummary() != null ? d.receiverSummary() : d.senderSummary();
            if (s == null) {
                continue;
            }
            boolean up = Direction.UPLOAD.label().equals(d.direction());
            Long retransmits = d.senderSummary() != null && d.senderSummary().retransmits() != null
                    ? d.senderSummary().retransmits().sockets() : null;
            flows.add(new PairResult.Flow(up ? client : server, up ? server : client, s.bitsPerSecond(), s.bytes(),
                    s.seconds(), retransmits));
        }
        return flows;
    }

    private long testMillis() {
        return Math.round((config.seconds() + config.omitSeconds()) * 1000);
    }

    /** Ctrl-C: asks every running client to stop; each answers with what it measured. */
    void cancelAll() {
        running.values().forEach(r -> r.client().send(new AgentMessage.Cancel(r.id())));
    }

    /** Agents that a failed pair points at since the last call. */
    Set<Integer> drainSuspects() {
        Set<Integer> out = new HashSet<>(suspects);
        suspects.removeAll(out);
        return out;
    }
}
