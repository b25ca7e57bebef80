package org.epistle.core.games.tournament;

import java.util.ArrayList;
import java.util.List;

/**
 * The FIDE Berger tables (Handbook C.05, Annex 1) for 3 to 20 players. With an odd number of players a
 * bye takes the number N+1, and whoever is paired with it sits the round out.
 *
 * <p>The tables follow one rule, which is what makes them printable for any even size: with n numbers,
 * player n is fixed and the others turn round a circle of n-1. In round r player n meets the one whose
 * number a satisfies 2a = r+1 (mod n-1), taking White in even rounds; the other boards pair a+k with a-k
 * (k = 1 .. n/2-1, counted round the circle), a+k taking White. The test compares this with the
 * published tables, not with itself.
 */
public final class BergerTable {
    public static final int MIN_PLAYERS = 3;
    public static final int MAX_PLAYERS = 20;

    private final int players;
    private final int cycles;
    private final List<Round> rounds;

    private BergerTable(int players, int cycles) {
        if (players < MIN_PLAYERS || players > MAX_PLAYERS) {
            throw new IllegalArgumentException("a round robin is for " + MIN_PLAYERS + " to " + MAX_PLAYERS
                    + " players, not " + players);
        }
        this.players = players;
        this.cycles = cycles;
        this.rounds = build();
    }

    /** Everyone meets everyone once. */
    public static BergerTable single(int players) {
        return new BergerTable(players, 1);
    }

    /**
     * Everyone meets everyone twice. The second cycle repeats the single table with colours reversed; in the
     * first cycle the last two rounds change places, as the Handbook (C.05, Annex 1) prescribes for double
     * round robins, so that nobody has the same colour three times running across the two cycles.
     */
    public static BergerTable doubled(int players) {
        return new BergerTable(players, 2);
    }

    public static BergerTable of(int players, int cycles) {
        if (cycles != 1 && cycles != 2) {
            throw new IllegalArgumentException("a round robin has one or two cycles, not " + cycles);
        }
        return new BergerTable(players, cycles);
    }

    public int players() {
        return players;
    }

    public int cycles() {
        return cycles;
    }

    public List<Round> rounds() {
        return rounds;
    }

    /** The number of the bye, N+1, when N is odd. */
    public boolean hasBye() {
        return players % 2 == 1;
    }

    public int bye() {
        if (!hasBye()) {
            throw new IllegalStateException(players + " players need no bye");
        }
        return players + 1;
    }

    public boolean isBye(Pairing pairing) {
        return hasBye() && pairing.includes(bye());
    }

    /** The games to be played: every pairing but those with the bye, with its round number. */
    public List<Scheduled> games() {
        List<Scheduled> games = new ArrayList<>();
        for (Round round : rounds) {
            for (Pairing p : round.pairings()) {
                if (!isBye(p)) {
                    games.add(new Scheduled(round.number(), p));
                }
            }
        }
        return List.copyOf(games);
    }

    /** A game the table calls for: which round, who has White, who has Black. */
    public record Scheduled(int round, Pairing pairing) {
    }

    private List<Round> build() {
        int n = players + players % 2;
        int circle = n - 1;
        List<Round> first = new ArrayList<>();
        for (int r = 1; r <= circle; r++) {
            int a = fixedPlayersOpponent(r, circle);
            List<Pairing> boards = new ArrayList<>();
            boards.add(r % 2 == 0 ? new Pairing(n, a) : new Pairing(a, n));
            for (int k = 1; k < n / 2; k++) {
                boards.add(new Pairing(onCircle(a + k, circle), onCircle(a - k, circle)));
            }
            first.add(new Round(r, boards));
        }
        if (cycles == 1) {
            return List.copyOf(first);
        }
        List<Round> all = new ArrayList<>(first.subList(0, circle - 2));
        // the last two rounds of the first cycle swapped: played as rounds circle-1 and circle
        all.add(new Round(circle - 1, first.get(circle - 1).pairings()));
        all.add(new Round(circle, first.get(circle - 2).pairings()));
        for (Round r : first) { // the second cycle in the table's own order
            all.add(new Round(r.number() + circle, r.pairings().stream().map(Pairing::reversed).toList()));
        }
        return List.copyOf(all);
    }

    /** The a with 2a = r+1 (mod circle), found by trying: the circle has at most 19 places. */
    private static int fixedPlayersOpponent(int round, int circle) {
        for (int a = 1; a <= circle; a++) {
            if ((2 * a - (round + 1)) % circle == 0) {
                return a;
            }
        }
        throw new AssertionError("circle of odd size " + circle + " has no half of " + (round + 1));
    }

    private static int onCircle(int k, int circle) {
        return Math.floorMod(k - 1, circle) + 1;
    }
}
