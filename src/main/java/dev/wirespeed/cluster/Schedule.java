package dev.wirespeed.cluster;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/** Turns a pattern into rounds of disjoint pairs. */
public final class Schedule {
    private Schedule() {}

    /**
     * Every pair of {@code n} hosts exactly once, by the circle method (a round-robin
     * 1-factorization of the complete graph K_n): host n-1 stays fixed and the others rotate one
     * place a round. Even n: n-1 rounds of n/2 pairs. Odd n: a phantom host makes it even, and
     * whoever meets it sits the round out, so n rounds of (n-1)/2 pairs, each host idle once.
     */
    public static List<Round> allPairs(int n) {
        if (n < 2) {
            return List.of();
        }
        int m = n % 2 == 0 ? n : n + 1;
        int rotating = m - 1;
        List<Round> rounds = new ArrayList<>(rotating);
        for (int r = 0; r < rotating; r++) {
            List<Pair> pairs = new ArrayList<>(m / 2);
            List<Integer> idle = new ArrayList<>(1);
            // The fixed host alternates sides so that every host runs the client about half the time.
            add(pairs, idle, n, r % 2 == 0 ? m - 1 : r, r % 2 == 0 ? r : m - 1);
            for (int k = 1; k < m / 2; k++) {
                add(pairs, idle, n, (r + k) % rotating, (r - k + rotating) % rotating);
            }
            rounds.add(new Round(r, pairs, idle));
        }
        return rounds;
    }

    private static void add(List<Pair> pairs, List<Integer> idle, int n, int a, int b) {
        if (a >= n) {
            idle.add(b);
        } else if (b >= n) {
            idle.add(a);
        } else {
            pairs.add(new Pair(a, b));
        }
    }

    /** Each host with the next, the last with the first: n pairs (one for n = 2). */
    public static List<Pair> ringPairs(int n) {
        List<Pair> pairs = new ArrayList<>();
        if (n == 2) {
            pairs.add(new Pair(0, 1));
        } else if (n > 2) {
            for (int i = 0; i < n; i++) {
                pairs.add(new Pair(i, (i + 1) % n));
            }
        }
        return pairs;
    }

    /** The centre with every other host; the centre runs each test, so one pair a round. */
    public static List<Pair> starPairs(int n, int centre) {
        List<Pair> pairs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (i != centre) {
                pairs.add(new Pair(centre, i));
            }
        }
        return pairs;
    }

    /**
     * Packs pairs into rounds first-fit, in the order given: each pair goes into the earliest round
     * where neither host is busy. At most 2Δ-1 rounds for a host in Δ pairs (ring: 2 or 3).
     */
    public static List<Round> rounds(int n, List<Pair> pairs) {
        List<List<Pair>> packed = new ArrayList<>();
        List<BitSet> busy = new ArrayList<>();
        for (Pair p : pairs) {
            if (p.client() >= n || p.server() >= n) {
                throw new IllegalArgumentException("pair " + p + " outside " + n + " hosts");
            }
            int r = 0;
            while (r < packed.size() && (busy.get(r).get(p.client()) || busy.get(r).get(p.server()))) {
                r++;
            }
            if (r == packed.size()) {
                packed.add(new ArrayList<>());
                busy.add(new BitSet(n));
            }
            packed.get(r).add(p);
            busy.get(r).set(p.client());
            busy.get(r).set(p.server());
        }
        List<Round> rounds = new ArrayList<>(packed.size());
        for (int r = 0; r < packed.size(); r++) {
            List<Integer> idle = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (!busy.get(r).get(i)) {
                    idle.add(i);
                }
            }
            rounds.add(new Round(r, packed.get(r), idle));
        }
        return rounds;
    }
}
