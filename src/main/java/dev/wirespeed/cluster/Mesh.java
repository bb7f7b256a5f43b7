package dev.wirespeed.cluster;

import dev.wirespeed.Version;
import dev.wirespeed.guard.PrintableTree;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.OutcomeStatus;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a mesh: connects to every agent, gathers their facts, runs the rounds (the pairs of a round
 * at the same time), then analyses the matrix. An agent that cannot be reached, refuses the token
 * or is lost mid-run is reported and its pairs skipped; the others go on. When {@code interrupted}
 * turns true the running pairs are cancelled, nothing new starts, and what finished is kept.
 */
public final class Mesh {
    /** Time per round beyond the test itself: connections, handshakes, draining, results. */
    static final double ROUND_OVERHEAD_SECONDS = 1.0;
    /** Gathering facts from every agent, before the first round. */
    static final double FACTS_SECONDS = 1.0;
    static final long FACTS_TIMEOUT_MILLIS = 30_000;
    static final long PING_TIMEOUT_MILLIS = 5_000;
    /** An agent on a busy host may need seconds for its first answer; a silent one costs this once. */
    static final int HANDSHAKE_TIMEOUT_MILLIS = 20_000;
    /** After a Ctrl-C, how long cancelled pairs may take to report what they measured. */
    static final long CANCEL_WAIT_MILLIS = 3_000;

    private final MeshConfig config;
    private final List<Endpoint> hosts;
    private final AgentClient[] clients;
    private final MeshResult.Host[] status;

    public Mesh(MeshConfig config) {
        this.config = config;
        this.hosts = config.hosts();
        this.clients = new AgentClient[hosts.size()];
        this.status = new MeshResult.Host[hosts.size()];
    }

    /** Test time of one round plus overhead, times the rounds, plus fact gathering. */
    public static double estimateSeconds(int rounds, double seconds, double omitSeconds, MeshEngine engine) {
        double perRound = seconds + omitSeconds + ROUND_OVERHEAD_SECONDS + (engine == MeshEngine.PERFTEST ? 1.5 : 0);
        return rounds * perRound + FACTS_SECONDS;
    }

    public MeshResult run(MeshListener listener) throws InterruptedException {
        long t0 = System.nanoTime();
        Instant startedAt = Instant.now();
        int pairCount = config.rounds().stream().mapToInt(r -> r.pairs().size()).sum();
        MeshResult.Params params = new MeshResult.Params(config.pattern(), config.engine(), config.seconds(),
                config.omitSeconds(), config.streams(), config.bidir(), config.expectPercent(), config.rounds().size(),
                pairCount, estimateSeconds(config.rounds().size(), config.seconds(), config.omitSeconds(), config.engine()),
                config.perftest());
        listener.planned(params, hosts.size(),
                config.rounds().stream().mapToInt(r -> r.pairs().size()).max().orElse(0));
        List<PairResult> results = new ArrayList<>();
        List<Confirmation.Done> retests = new ArrayList<>();
        String stoppedIn = null;
        try {
            AgentMessage.warmUp(Agent.localPeer());
            connectAll();
            gatherFacts();
            listener.connected(List.of(status), seconds(System.nanoTime() - t0));
            PairRunner runner = new PairRunner(config, hosts, clients);
            for (Round round : config.rounds()) {
                if (config.interrupted().getAsBoolean()) {
                    stoppedIn = "before round " + (round.index() + 1) + " of " + config.rounds().size();
                    break;
                }
                markLostSessions(round.index());
                boolean incast = MeshPattern.isIncast(config.pattern()) && !round.pairs().isEmpty();
                if (incast) {
                    incastWindow(round.pairs().getFirst().server(), round.pairs().size(),
                            Math.round((config.seconds() + config.omitSeconds()) * 1000) + PairRunner.ANSWER_SLACK_MILLIS);
                }
                List<PairResult> done = runRound(runner, round);
                if (incast) {
                    incastWindow(round.pairs().getFirst().server(), 1, 0);
                }
                results.addAll(done);
                checkSuspectAgents(round.index(), runner.drainSuspects());
                listener.roundDone(round, config.rounds().size(), done, seconds(System.nanoTime() - t0));
                if (done.stream().anyMatch(p -> p.status() == PairStatus.INTERRUPTED)) {
                    stoppedIn = "in round " + (round.index() + 1) + " of " + config.rounds().size();
                    break;
                }
            }
            // incast: a sender retried alone would have the receiver to itself, not its share of the burst
            if (stoppedIn == null && !MeshPattern.isIncast(config.pattern())) {
                stoppedIn = retryFailed(runner, results, listener, t0);
            }
            if (stoppedIn == null && !MeshPattern.isIncast(config.pattern())) {
                stoppedIn = confirm(runner, results, params, retests, listener, t0);
            }
        } finally {
            for (AgentClient c : clients) {
                if (c != null) {
                    c.close();
                }
            }
        }
        return assemble(startedAt, seconds(System.nanoTime() - t0), params, List.of(status), results, stoppedIn,
                retests);
    }

    /**
     * Re-tests the slow pairs the mesh found, each beside a control pair, so that one slow moment is
     * not named a slow link (issue 26; {@link Confirmation}). Fills {@code done} (a re-test that
     * could not run says why); returns where Ctrl-C stopped the re-tests, or null.
     */
    private String confirm(PairRunner runner, List<PairResult> results, MeshResult.Params params,
                           List<Confirmation.Done> done, MeshListener listener, long t0) throws InterruptedException {
        List<String> labels = hosts.stream().map(Endpoint::label).toList();
        Outliers.Result first = Outliers.analyse(labels, results, ceilings(List.of(status), params), params.expectPercent());
        List<Confirmation.Retest> plan = Confirmation.plan(labels, first, results);
        int count = Math.min(plan.size(), Confirmation.MAX_RETESTS);
        if (count > 0) {
            double perTest = config.seconds() + config.omitSeconds() + ROUND_OVERHEAD_SECONDS;
            listener.retestsPlanned(count, plan.size(), plan.subList(0, count).stream()
                    .mapToDouble(r -> r.disjoint() || r.control() == null ? perTest : 2 * perTest).sum());
        }
        String stopped = null;
        for (int k = 0; k < plan.size(); k++) {
            Confirmation.Retest r = plan.get(k);
            if (k >= count) {
                done.add(Confirmation.Done.skipped(r, "the mesh re-tests at most " + Confirmation.MAX_RETESTS + " slow pairs"));
                continue;
            }
            if (stopped != null || config.interrupted().getAsBoolean()) {
                stopped = stopped != null ? stopped : "in re-test " + (k + 1) + " of " + count;
                done.add(Confirmation.Done.skipped(r, "the mesh was stopped"));
                continue;
            }
            int index = config.rounds().size() + k; // a number for the pair results only: they are evidence, not pairs
            markLostSessions(index);
            List<Pair> together = r.disjoint() ? List.of(r.pair(), r.control()) : List.of(r.pair());
            List<PairResult> got = runRound(runner, new Round(index, together, List.of()));
            PairResult control = r.disjoint() ? got.get(1) : null;
            if (r.control() != null && !r.disjoint() && !config.interrupted().getAsBoolean()) {
                control = runRound(runner, new Round(index, List.of(r.control()), List.of())).getFirst();
            }
            done.add(new Confirmation.Done(r, got.getFirst(), control, null));
            listener.retestDone(k, count, got.getFirst(), control, seconds(System.nanoTime() - t0));
            if (got.getFirst().status() == PairStatus.INTERRUPTED
                    || (control != null && control.status() == PairStatus.INTERRUPTED)) {
                stopped = "in re-test " + (k + 1) + " of " + count;
            }
        }
        return stopped;
    }

    /**
     * Runs every failed pair whose two agents still answer once more, in extra rounds after the
     * last: a heartbeat missed on a busy host should not cost a pair. A retried pair replaces its
     * first attempt, with that attempt's reason in its message; its round is numbered after the
     * planned ones. Returns where Ctrl-C stopped the retries, or null.
     */
    private String retryFailed(PairRunner runner, List<PairResult> results, MeshListener listener, long t0)
            throws InterruptedException {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < hosts.size(); i++) {
            index.put(hosts.get(i).label(), i);
        }
        Map<Pair, Integer> positions = new LinkedHashMap<>();
        for (int k = 0; k < results.size(); k++) {
            PairResult r = results.get(k);
            Pair p = new Pair(index.get(r.client()), index.get(r.server()));
            if (r.status() == PairStatus.FAILED && status[p.client()].ok() && status[p.server()].ok()) {
                positions.put(p, k);
            }
        }
        if (positions.isEmpty()) {
            return null;
        }
        List<Round> retries = Schedule.rounds(hosts.size(), new ArrayList<>(positions.keySet()));
        int first = config.rounds().size();
        for (Round planned : retries) {
            Round round = new Round(first + planned.index(), planned.pairs(), planned.idle());
            if (config.interrupted().getAsBoolean()) {
                return "before retry " + (planned.index() + 1) + " of " + retries.size();
            }
            markLostSessions(round.index());
            List<PairResult> done = runRound(runner, round);
            List<PairResult> merged = new ArrayList<>();
            for (int k = 0; k < done.size(); k++) {
                PairResult again = done.get(k);
                int at = positions.get(round.pairs().get(k));
                String before = results.get(at).message();
                PairResult kept = again.withMessage(again.ok() ? "retried; the first attempt failed: " + before
                        : again.message() + " (retried; first attempt: " + before + ")");
                results.set(at, kept);
                merged.add(kept);
            }
            checkSuspectAgents(round.index(), runner.drainSuspects());
            listener.retryDone(planned.index(), retries.size(), merged, seconds(System.nanoTime() - t0));
            if (done.stream().anyMatch(p -> p.status() == PairStatus.INTERRUPTED)) {
                return "in retry " + (planned.index() + 1) + " of " + retries.size();
            }
        }
        return null;
    }

    /**
     * Asks the incast receiver's agent to admit {@code tests} tests at once for {@code millis} (0
     * closes): an agent's port otherwise runs one test at a time (issue 32). An agent that cannot
     * is left as it is; its senders then report "server busy", which names the cause.
     */
    private void incastWindow(int receiver, int tests, long millis) throws InterruptedException {
        AgentClient c = clients[receiver];
        if (c == null || !status[receiver].ok()) {
            return;
        }
        try {
            c.call(new AgentMessage.OpenIncast(c.nextId(), tests, millis), AgentMessage.IncastOpen.class,
                    PING_TIMEOUT_MILLIS);
        } catch (IOException e) {
            // the pairs say what came of it (an agent lost here is marked from its session)
        }
    }

    private void connectAll() throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) {
            int index = i;
            threads.add(Thread.ofVirtual().name("ws-connect").start(() -> connect(index)));
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    private void connect(int i) {
        Endpoint e = hosts.get(i);
        try {
            clients[i] = AgentClient.connect(e, config.token(), config.connectTimeoutMillis(),
                    Math.max(config.connectTimeoutMillis(), HANDSHAKE_TIMEOUT_MILLIS), config.insecure());
            status[i] = host(e, HostStatus.OK, null, null, null, null);
        } catch (AgentClient.AgentException ex) {
            status[i] = host(e, ex.status(), ex.getMessage(), null, null, null);
        }
    }

    private void gatherFacts() throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) {
            if (clients[i] == null) {
                continue;
            }
            int index = i;
            threads.add(Thread.ofVirtual().name("ws-facts").start(() -> {
                AgentClient c = clients[index];
                try {
                    AgentMessage.FactsReply r = c.call(new AgentMessage.GetFacts(c.nextId()), AgentMessage.FactsReply.class,
                            FACTS_TIMEOUT_MILLIS);
                    // the peer codec escapes the agent's strings; its doctor report is a tree, escaped here
                    status[index] = host(hosts.get(index), HostStatus.OK, null, null, r.facts(),
                            PrintableTree.of(r.doctor()));
                } catch (AgentClient.AgentException e) {
                    lose(index, null, e.getMessage());
                } catch (IOException e) {
                    // An agent that cannot read its facts can still test: keep it, say why facts are missing.
                    status[index] = host(hosts.get(index), HostStatus.OK, "no facts: " + e.getMessage(), null, null, null);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    private List<PairResult> runRound(PairRunner runner, Round round) throws InterruptedException {
        Map<Pair, CompletableFuture<PairResult>> running = new LinkedHashMap<>();
        List<PairResult> out = new ArrayList<>();
        for (Pair p : round.pairs()) {
            String skip = skipReason(p);
            if (skip != null) {
                running.put(p, CompletableFuture.completedFuture(new PairResult(round.index(),
                        hosts.get(p.client()).label(), hosts.get(p.server()).label(), PairStatus.SKIPPED, skip, List.of())));
                continue;
            }
            CompletableFuture<PairResult> f = new CompletableFuture<>();
            Thread.ofVirtual().name("ws-pair").start(() -> f.complete(runner.run(round.index(), p)));
            running.put(p, f);
        }
        boolean cancelled = false;
        long cancelDeadline = Long.MAX_VALUE;
        for (var e : running.entrySet()) {
            while (!e.getValue().isDone()) {
                if (!cancelled && config.interrupted().getAsBoolean()) {
                    cancelled = true;
                    cancelDeadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CANCEL_WAIT_MILLIS);
                    runner.cancelAll();
                }
                if (System.nanoTime() > cancelDeadline) {
                    break;
                }
                try {
                    e.getValue().get(50, TimeUnit.MILLISECONDS);
                } catch (TimeoutException | ExecutionException ignored) {
                    // poll again
                }
            }
            Pair p = e.getKey();
            PairResult r = e.getValue().getNow(null);
            out.add(r != null ? r : new PairResult(round.index(), hosts.get(p.client()).label(),
                    hosts.get(p.server()).label(), PairStatus.INTERRUPTED, "stopped by the user", List.of()));
        }
        return out;
    }

    /** Why a pair cannot run: one of its hosts never answered or was lost. */
    private String skipReason(Pair p) {
        for (int i : new int[] {p.client(), p.server()}) {
            MeshResult.Host h = status[i];
            if (!h.ok()) {
                return h.label() + " " + (h.status() == HostStatus.LOST
                        ? "lost in round " + (h.lostInRound() == null ? "?" : h.lostInRound() + 1) : h.status())
                        + ": " + h.message();
            }
        }
        return null;
    }

    private void markLostSessions(int round) {
        for (int i = 0; i < clients.length; i++) {
            if (clients[i] != null && clients[i].lost() != null && status[i].ok()) {
                lose(i, round, clients[i].lost());
            }
        }
    }

    /** Agents a failed pair points at (the far end of a lost peer): ping them, mark the silent ones lost. */
    private void checkSuspectAgents(int round, Set<Integer> suspects) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int i : suspects) {
            if (clients[i] != null && status[i].ok()) {
                threads.add(Thread.ofVirtual().start(() -> {
                    if (!clients[i].ping(PING_TIMEOUT_MILLIS)) {
                        lose(i, round, clients[i].lost());
                    }
                }));
            }
        }
        for (Thread t : threads) {
            t.join();
        }
        markLostSessions(round);
    }

    private synchronized void lose(int i, Integer round, String reason) {
        MeshResult.Host h = status[i];
        status[i] = new MeshResult.Host(h.label(), h.host(), h.port(), HostStatus.LOST, reason, round, h.facts(), h.doctor());
    }

    /**
     * Analyses what was measured and builds the result with its verdict.
     *
     * @param stoppedIn where Ctrl-C stopped the mesh ("in round 3 of 5"), null when it ran to the end
     */
    static MeshResult assemble(Instant startedAt, double elapsed, MeshResult.Params params,
                               List<MeshResult.Host> hostResults, List<PairResult> pairs, String stoppedIn) {
        return assemble(startedAt, elapsed, params, hostResults, pairs, stoppedIn, List.of());
    }

    /**
     * As above, with the re-tests of the slow pairs: a slow pair is named only when its re-test
     * confirms it; one that was not re-tested is "not enough evidence" ({@link Confirmation}).
     */
    static MeshResult assemble(Instant startedAt, double elapsed, MeshResult.Params params,
                               List<MeshResult.Host> hostResults, List<PairResult> pairs, String stoppedIn,
                               List<Confirmation.Done> retests) {
        List<String> labels = hostResults.stream().map(MeshResult.Host::label).toList();
        Map<String, Double> ceilings = ceilings(hostResults, params);
        Map<String, NodeFacts> facts = new LinkedHashMap<>();
        for (MeshResult.Host h : hostResults) {
            if (h.facts() != null) {
                facts.put(h.label(), h.facts());
            }
        }
        boolean incast = MeshPattern.isIncast(params.pattern());
        // incast: every sender shares the receiver on purpose, so all would look slow beside a
        // median of other links; the pairs are summed and compared for fairness instead (Incast)
        Outliers.Result analysis = incast
                ? new Outliers.Result(null, params.expectPercent(), (int) pairs.stream().filter(PairResult::ok)
                        .mapToLong(p -> p.flows().size()).sum(), List.of(), List.of(), null)
                : Confirmation.judge(Outliers.analyse(labels, pairs, ceilings, params.expectPercent()), pairs, ceilings,
                        retests);
        Consistency.Result consistency = Consistency.check(labels, facts);
        long usable = hostResults.stream().filter(h -> h.ok() || h.status() == HostStatus.LOST).count();
        BwResult.Outcome outcome;
        if (stoppedIn != null) {
            long finished = pairs.stream().filter(PairResult::ok).count();
            outcome = new BwResult.Outcome(OutcomeStatus.INTERRUPTED, "stopped by the user " + stoppedIn + "; " + finished + " of "
                    + params.pairs() + " pairs finished");
        } else if (usable < 2) {
            outcome = new BwResult.Outcome(OutcomeStatus.FAILED, usable + " of " + hostResults.size()
                    + " agents answered; a mesh needs at least two");
        } else {
            outcome = BwResult.Outcome.OK;
        }
        MeshResult partial = new MeshResult(MeshResult.SCHEMA, new BwResult.Tool("wirespeed", Version.get()),
                startedAt.toString(), Math.round(elapsed * 10) / 10.0, params, hostResults, List.copyOf(pairs),
                matrix(labels, pairs), Incast.of(params.pattern(), pairs), analysis, consistency, List.of(), outcome);
        return new MeshResult(partial.schema(), partial.tool(), partial.startedAt(), partial.elapsedSeconds(),
                partial.params(), partial.hosts(), partial.pairs(), partial.matrix(), partial.incast(), partial.analysis(),
                partial.consistency(), MeshVerdict.lines(partial), partial.outcome());
    }

    /** Each host's TCP ceiling from its facts (TCP meshes only: perftest's rates are not TCP goodput). */
    static Map<String, Double> ceilings(List<MeshResult.Host> hostResults, MeshResult.Params params) {
        Map<String, Double> ceilings = new HashMap<>();
        for (MeshResult.Host h : hostResults) {
            if (h != null && h.facts() != null && params.engine() == MeshEngine.TCP
                    && h.facts().tcpCeilingBitsPerSecond() != null) {
                ceilings.put(h.label(), h.facts().tcpCeilingBitsPerSecond());
            }
        }
        return ceilings;
    }

    static MeshResult.Matrix matrix(List<String> labels, List<PairResult> pairs) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            index.put(labels.get(i), i);
        }
        Double[][] m = new Double[labels.size()][labels.size()];
        for (PairResult p : pairs) {
            if (!p.ok()) {
                continue;
            }
            for (PairResult.Flow f : p.flows()) {
                m[index.get(f.from())][index.get(f.to())] = f.bitsPerSecond();
            }
        }
        List<List<Double>> rows = new ArrayList<>();
        for (Double[] row : m) {
            rows.add(Arrays.asList(row.clone()));
        }
        return new MeshResult.Matrix(labels, rows);
    }

    private static MeshResult.Host host(Endpoint e, HostStatus status, String message, Integer lostInRound, NodeFacts facts,
                                        tools.jackson.databind.JsonNode doctor) {
        return new MeshResult.Host(e.label(), e.host(), e.port(), status, message, lostInRound, facts, doctor);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
