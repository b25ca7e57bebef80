package org.epistle.core.rules.variant;

import java.util.List;
import org.epistle.core.rules.board.Side;

/**
 * How many moves a player makes in a turn. Data, so multi-move variants are a line each. Most
 * schedules count from the turn number alone; the ones that depend on play (Very Scottish, Bank of
 * Scotland, Switchback, Capturing Progressive) also read the {@link TurnLog}.
 */
public sealed interface TurnSchedule permits TurnSchedule.Fixed, TurnSchedule.OpeningTurn, TurnSchedule.Progressive,
        TurnSchedule.Fibonacci, TurnSchedule.ByTurn, TurnSchedule.BySide, TurnSchedule.DependsOnPlay {

    /** More moves than any board can hold men to move: "every man may move" schedules. */
    int UNLIMITED = 64;

    /**
     * Moves in the given turn, before anything is known of the play.
     *
     * @param turnNumber counted from 1, a White turn and the Black turn after it share a number
     */
    int moves(int turnNumber, Side side);

    /** Moves in the given turn, knowing what has been played; schedules that ignore play need not override it. */
    default int moves(int turnNumber, Side side, TurnLog log) {
        return moves(turnNumber, side);
    }

    /** Whether the count depends on the play (the {@link TurnLog}), so a position must carry the log to know it. */
    default boolean readsTurnLog() {
        return false;
    }

    /** The turns of one game counted one after the other from 0: White's first, Black's first, White's second... */
    static int halfTurn(int turnNumber, Side side) {
        return 2 * (turnNumber - 1) + side.ordinal();
    }

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

    /**
     * One more move every {@code every} turns, counting both players' turns: every = 1 is Progressive
     * Chess (1, 2, 3, 4...), 2 gives each side 1 then 2 (1, 1, 2, 2...), 4 is Slow Progressive. With
     * a {@code cycle} above 0 the count starts again at 1 after {@code cycle} moves (Progressive Cyclical).
     */
    record Progressive(int every, int cycle) implements TurnSchedule {
        public static final Progressive CLASSIC = new Progressive(1, 0);

        public Progressive {
            if (every < 1 || cycle < 0) throw new IllegalArgumentException("every >= 1, cycle >= 0");
        }

        @Override
        public int moves(int turnNumber, Side side) {
            int step = TurnSchedule.halfTurn(turnNumber, side) / every;
            return (cycle > 0 ? step % cycle : step) + 1;
        }
    }

    /** 1, 1, 2, 3, 5, 8... moves, counting both players' turns (Fibonacci Chess). */
    record Fibonacci() implements TurnSchedule {
        @Override
        public int moves(int turnNumber, Side side) {
            int a = 1;
            int b = 1;
            for (int i = 0; i < TurnSchedule.halfTurn(turnNumber, side); i++) {
                int c = a + b;
                a = b;
                b = Math.min(c, UNLIMITED);
            }
            return a;
        }
    }

    /**
     * Moves per turn number, the same for both sides: the listed opening turns, then {@code thereafter}
     * (Triplets: 1, 2, then 3). With {@code repeat} the list cycles (Alternating Marseillais: 1, 2, 1, 2...).
     */
    record ByTurn(List<Integer> opening, int thereafter, boolean repeat) implements TurnSchedule {
        public ByTurn {
            opening = List.copyOf(opening);
        }

        @Override
        public int moves(int turnNumber, Side side) {
            int i = turnNumber - 1;
            if (repeat) {
                return opening.get(i % opening.size());
            }
            return i < opening.size() ? opening.get(i) : thereafter;
        }
    }

    /** A schedule for each side (two moves against one: White two a turn, Black one). */
    record BySide(TurnSchedule white, TurnSchedule black) implements TurnSchedule {
        @Override
        public boolean readsTurnLog() {
            return white.readsTurnLog() || black.readsTurnLog();
        }

        @Override
        public int moves(int turnNumber, Side side) {
            return (side == Side.WHITE ? white : black).moves(turnNumber, side);
        }

        @Override
        public int moves(int turnNumber, Side side, TurnLog log) {
            return (side == Side.WHITE ? white : black).moves(turnNumber, side, log);
        }
    }

    /** The schedules whose count depends on what was played (the {@link TurnLog}), not on the turn number alone. */
    sealed interface DependsOnPlay extends TurnSchedule permits VeryScottish, BankOfScotland, Switchback, CapturingProgressive {
        @Override
        default boolean readsTurnLog() {
            return true;
        }
    }

    /** One move more than the opponent actually made in his last turn (Very Scottish); White starts with one. */
    record VeryScottish() implements DependsOnPlay {
        @Override
        public int moves(int turnNumber, Side side) {
            return 1;
        }

        @Override
        public int moves(int turnNumber, Side side, TurnLog log) {
            return log.lastPlayed() + 1;
        }
    }

    /** Progressive, plus one move on every later turn for each check the player has given (Bank of Scotland). */
    record BankOfScotland() implements DependsOnPlay {
        @Override
        public int moves(int turnNumber, Side side) {
            return Progressive.CLASSIC.moves(turnNumber, side);
        }

        @Override
        public int moves(int turnNumber, Side side, TurnLog log) {
            return moves(turnNumber, side) + log.checksGivenBy(side);
        }
    }

    /**
     * Each turn one more than the opponent's entitlement, except that a turn ending in check gives
     * the checked player one move fewer than the checker had, never fewer than one (Switchback).
     */
    record Switchback() implements DependsOnPlay {
        @Override
        public int moves(int turnNumber, Side side) {
            return Progressive.CLASSIC.moves(turnNumber, side);
        }

        @Override
        public int moves(int turnNumber, Side side, TurnLog log) {
            if (log.lastAllowed() == 0) {
                return 1;
            }
            return log.lastGaveCheck() ? Math.max(1, log.lastAllowed() - 1) : log.lastAllowed() + 1;
        }
    }

    /**
     * One move a turn, as in chess, until a turn captures: then the opponent has one move more than
     * the capturing turn had; a turn without a capture brings the game back to one move (Capturing Progressive).
     */
    record CapturingProgressive() implements DependsOnPlay {
        @Override
        public int moves(int turnNumber, Side side) {
            return 1;
        }

        @Override
        public int moves(int turnNumber, Side side, TurnLog log) {
            return log.lastCaptured() ? log.lastAllowed() + 1 : 1;
        }
    }
}
