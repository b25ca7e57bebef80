package org.epistle.core.rules.variant;

import org.epistle.core.rules.board.Side;

/** How many moves a player makes in a turn. Data, so multi-move variants are a line each. */
public sealed interface TurnSchedule permits TurnSchedule.Fixed, TurnSchedule.OpeningTurn {

    /**
     * Moves in the given turn.
     *
     * @param turnNumber counted from 1, a White turn and the Black turn after it share a number
     */
    int moves(int turnNumber, Side side);

    /** The same number of moves in every turn (FIDE chess: 1, Marseillais: 2). */
    record Fixed(int moves) implements TurnSchedule {
        public Fixed {
            if (moves < 1) throw new IllegalArgumentException("a turn has at least one move");
        }

        @Override
        public int moves(int turnNumber, Side side) {
            return moves;
        }
    }

    /** White's first turn is shorter (Balanced Marseillais: one move, then two a turn). */
    record OpeningTurn(int firstWhiteTurn, int thereafter) implements TurnSchedule {
        @Override
        public int moves(int turnNumber, Side side) {
            return turnNumber == 1 && side == Side.WHITE ? firstWhiteTurn : thereafter;
        }
    }
}
