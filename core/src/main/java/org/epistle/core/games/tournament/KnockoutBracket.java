package org.epistle.core.games.tournament;

import java.util.ArrayList;
import java.util.List;

/**
 * The draw of a knockout for 4 to 64 players by seed: the bracket is the next power of two, seeded
 * so that 1 meets the last seed, 2 the one before, and 1 and 2 can only meet in the final. Places
 * left empty are byes, and because the empty places are the highest numbers they fall to the top
 * seeds.
 */
public final class KnockoutBracket {
    public static final int MIN_PLAYERS = 4;
    public static final int MAX_PLAYERS = 64;

    private final int players;
    private final int size;

    private KnockoutBracket(int players) {
        if (players < MIN_PLAYERS || players > MAX_PLAYERS) {
            throw new IllegalArgumentException("a knockout is for " + MIN_PLAYERS + " to " + MAX_PLAYERS
                    + " players, not " + players);
        }
        this.players = players;
        this.size = Integer.highestOneBit(players - 1) << 1;
    }

    public static KnockoutBracket of(int players) {
        return new KnockoutBracket(players);
    }

    public int players() {
        return players;
    }

    /** The places in the bracket: a power of two. */
    public int size() {
        return size;
    }

    /** How many rounds to a winner. */
    public int rounds() {
        return Integer.numberOfTrailingZeros(size);
    }

    /** The seed order along the bracket, top to bottom: 1, 8, 4, 5, 2, 7, 3, 6 for eight places. */
    public List<Integer> seedLines() {
        List<Integer> lines = List.of(1, 2);
        for (int n = 4; n <= size; n *= 2) {
            List<Integer> next = new ArrayList<>();
            for (int seed : lines) {
                next.add(seed);
                next.add(n + 1 - seed);
            }
            lines = next;
        }
        return List.copyOf(lines);
    }

    /** The first-round matches in bracket order; a match against a seed beyond the field is a bye. */
    public List<Tie> firstRound() {
        List<Integer> lines = seedLines();
        List<Tie> ties = new ArrayList<>();
        for (int i = 0; i < lines.size(); i += 2) {
            int a = lines.get(i);
            int b = lines.get(i + 1);
            ties.add(new Tie(1, i / 2 + 1, Math.min(a, b), Math.max(a, b) > players ? 0 : Math.max(a, b)));
        }
        return List.copyOf(ties);
    }

    /**
     * The next round from the winners of this one in bracket order: neighbours meet, the better seed
     * first (White in the first game).
     */
    public static List<Tie> nextRound(int round, List<Integer> winnersInBracketOrder) {
        if (winnersInBracketOrder.size() % 2 != 0 || winnersInBracketOrder.isEmpty()) {
            throw new IllegalArgumentException("a round needs an even number of winners, not " + winnersInBracketOrder);
        }
        List<Tie> ties = new ArrayList<>();
        for (int i = 0; i < winnersInBracketOrder.size(); i += 2) {
            int a = winnersInBracketOrder.get(i);
            int b = winnersInBracketOrder.get(i + 1);
            ties.add(new Tie(round + 1, i / 2 + 1, Math.min(a, b), Math.max(a, b)));
        }
        return List.copyOf(ties);
    }

    /**
     * One match of the draw: round, its slot in the bracket from the top, the better seed and the
     * other ({@code 0} for a bye: the better seed goes through without playing).
     */
    public record Tie(int round, int slot, int higher, int lower) {
        public boolean isBye() {
            return lower == 0;
        }

        @Override
        public String toString() {
            return isBye() ? higher + " (bye)" : higher + " v " + lower;
        }
    }
}
