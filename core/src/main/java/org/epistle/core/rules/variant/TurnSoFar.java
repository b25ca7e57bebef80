package org.epistle.core.rules.variant;

import java.util.ArrayList;
import java.util.List;
import org.epistle.core.rules.board.Side;

/**
 * The moves made so far in the turn being played, and what the turn is entitled to. A man is
 * followed through the turn by the square it stands on, so "the same man" survives its own moves.
 */
public record TurnSoFar(Side side, int allowed, List<TurnStep> steps, TurnLog log) {
    public TurnSoFar {
        steps = List.copyOf(steps);
    }

    public static TurnSoFar start(Side side, int allowed, TurnLog log) {
        return new TurnSoFar(side, allowed, List.of(), log);
    }

    public int played() {
        return steps.size();
    }

    public TurnSoFar with(TurnStep step) {
        List<TurnStep> s = new ArrayList<>(steps);
        s.add(step);
        return new TurnSoFar(side, allowed, s, log);
    }

    public TurnStep last() {
        return steps.get(steps.size() - 1);
    }

    /**
     * How often the man now standing on {@code square} has moved in this turn. With
     * {@code castlingMovesRook} a castling counts as a move of the corner piece too.
     */
    public int timesMoved(int square, boolean castlingMovesRook) {
        int count = 0;
        int at = square;
        for (int i = steps.size() - 1; i >= 0; i--) {
            TurnStep s = steps.get(i);
            if (s.to() == at) {
                count++;
                at = s.from();
            } else if (castlingMovesRook && s.rookTo() == at) {
                count++;
                at = s.rookFrom();
            }
        }
        return count;
    }

    /** The squares where the men that moved this turn now stand, with how often each moved. */
    public java.util.Map<Integer, Integer> movedMen(boolean castlingMovesRook) {
        java.util.Map<Integer, Integer> men = new java.util.TreeMap<>();
        for (TurnStep s : steps) {
            Integer before = men.remove(s.from());
            men.put(s.to(), (before == null ? 0 : before) + 1);
            if (castlingMovesRook && s.rookFrom() >= 0) {
                Integer r = men.remove(s.rookFrom());
                men.put(s.rookTo(), (r == null ? 0 : r) + 1);
            }
        }
        return men;
    }

    /** Whether a move of this turn captured. */
    public boolean captured() {
        return steps.stream().anyMatch(s -> s.captured() != 0);
    }
}
