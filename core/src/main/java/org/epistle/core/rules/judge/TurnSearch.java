package org.epistle.core.rules.judge;

import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.move.MoveGenerator;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Breach;
import org.epistle.core.rules.variant.TurnConstraint;
import org.epistle.core.rules.variant.TurnSoFar;
import org.epistle.core.rules.variant.TurnStep;

/**
 * Whether the side to move can play a complete turn: the question behind mate, stalemate and
 * "cannot complete a turn" in every schedule, Italian mate included. A depth-first search over the
 * moves of the turn, asking the same {@link TurnChecks} as the referee, that stops at the first
 * complete turn it finds and remembers the part-turns it has proved hopeless (the same men on the
 * same squares after the same number of moves, reached in another order, need no second look).
 *
 * <p>It is exact: it never gives up, so its "no" ends a game and its "yes" is a turn found. Until
 * 2026 it gave up after {@link #FORMER_BUDGET} part-turns and answered yes; {@link #within} still
 * does, so that the bench can count what the old search cut short. Its memory is bounded by
 * {@link ProvenKeys}: a part-turn forgotten is only looked at again.
 */
public final class TurnSearch {
    /** Part-turns the search used to examine before it gave up and answered yes. */
    public static final int FORMER_BUDGET = 50_000;
    /** No limit: the search runs until it knows. */
    private static final int EXACT = Integer.MAX_VALUE;

    private final TurnChecks rules;
    private final Side me;
    private final int budget;
    private final ProvenKeys hopeless = new ProvenKeys();
    /** The move lists, one per move of the turn, reused: the search allocates no list per part-turn. */
    private int[][] buffers = new int[4][];
    private int nodes;
    private boolean cutShort;
    /** The complete turn found, first move first, filled as the search unwinds. */
    private final java.util.ArrayDeque<Integer> witness = new java.util.ArrayDeque<>();

    /** Tries moves in a shuffled order when set, so that sample games differ; the answer does not depend on it. */
    private final java.util.SplittableRandom order;

    private TurnSearch(TurnChecks rules, Side me, java.util.SplittableRandom order, int budget) {
        this.rules = rules;
        this.me = me;
        this.order = order;
        this.budget = budget;
    }

    /** Whether the side to move has at least one complete legal turn. */
    public static boolean hasCompleteTurn(Position p) {
        return run(p).found;
    }

    /** The answer, with a complete turn when one was found (packed moves) and the work it took. */
    public record Result(boolean found, java.util.List<Integer> turn, int nodes, boolean cutShort) {
    }

    public static Result run(Position p) {
        return run(p, null);
    }

    /** As {@link #run(Position)}, trying moves in an order shuffled by {@code seed}: the turn found varies with it. */
    public static Result run(Position p, long seed) {
        return run(p, new java.util.SplittableRandom(seed));
    }

    private static Result run(Position p, java.util.SplittableRandom order) {
        return run(p, order, EXACT);
    }

    /** The search as it was, giving up after {@code budget} part-turns with a yes marked {@code cutShort}. */
    public static Result within(Position p, int budget) {
        return run(p, null, budget);
    }

    /**
     * A way to finish a turn begun with the moves in {@code turn}, standing at {@code current}: the
     * remaining moves, or empty when there is none.
     */
    static java.util.Optional<java.util.List<Integer>> completion(Position current, TurnSoFar turn) {
        TurnSearch s = new TurnSearch(new TurnChecks(current.rules().variant()), turn.side(), null, EXACT);
        boolean found = s.complete(current.workboard(), turn);
        return found && !s.cutShort ? java.util.Optional.of(java.util.List.copyOf(s.witness)) : java.util.Optional.empty();
    }

    /** With another node budget: for tests of what happens when it runs out. */
    static Result run(Position p, java.util.SplittableRandom order, int budget) {
        TurnChecks rules = new TurnChecks(p.rules().variant());
        TurnSearch s = new TurnSearch(rules, p.sideToMove(), order, budget);
        TurnSoFar turn = TurnSoFar.start(p.sideToMove(), p.movesThisTurn(), p.turnLog());
        boolean found = s.complete(p.workboard(), turn);
        return new Result(found, java.util.List.copyOf(s.witness), s.nodes, s.cutShort);
    }

    private boolean complete(Workboard board, TurnSoFar turn) {
        if (++nodes > budget) {
            cutShort = true;
            return true;
        }
        long key = key(board, turn);
        if (hopeless.contains(key)) {
            return false;
        }
        int[] buffer = buffer(turn.played());
        int n = rules.selfCheckWaits() ? MoveGenerator.pseudoLegal(board, buffer) : MoveGenerator.legal(board, buffer);
        if (order != null) {
            for (int i = n - 1; i > 0; i--) {
                int j = order.nextInt(i + 1);
                int t = buffer[i];
                buffer[i] = buffer[j];
                buffer[j] = t;
            }
        }
        boolean any = false;
        for (int i = 0; i < n; i++) {
            int m = buffer[i];
            Breach why = rules.check(board, turn, m);
            if (why != null) {
                continue;
            }
            any = true;
            TurnStep before = TurnChecks.step(board, m, false);
            board.make(m, false);
            boolean check = rules.policy.guardsTheKing() && board.inCheck(me.opponent());
            TurnSoFar next = turn.with(new TurnStep(before.from(), before.to(), before.kind(), before.mover(), before.captured(),
                    before.rookFrom(), before.rookTo(), check));
            boolean safe = rules.mayEndWith(board, me);
            boolean done;
            if (rules.turnOver(board, next)) {
                done = safe;
            } else {
                done = (safe && rules.mayStop(next)) || complete(board, next);
            }
            board.unmake();
            if (done) {
                witness.addFirst(m);
                return true;
            }
        }
        if (rules.unitedMoves && turn.played() == 0) {
            for (UnitedMove.Pair u : UnitedMove.all(board)) {
                int[] shifts = u.shifts();
                board.make(shifts[0], false);
                board.make(shifts[1], false);
                boolean safe = rules.mayEndWith(board, me);
                board.unmake();
                board.unmake();
                if (safe) {
                    witness.addFirst(shifts[1]);
                    witness.addFirst(shifts[0]);
                    return true;
                }
            }
        }
        if (!any && turn.played() > 0 && rules.shortfall == TurnConstraint.Shortfall.MOVES_LOST) {
            return rules.mayEndWith(board, me);
        }
        hopeless.add(key);
        return false;
    }

    private int[] buffer(int depth) {
        if (depth >= buffers.length) {
            buffers = java.util.Arrays.copyOf(buffers, Math.max(depth + 1, buffers.length * 2));
        }
        if (buffers[depth] == null) {
            buffers[depth] = new int[MoveGenerator.MAX_MOVES];
        }
        return buffers[depth];
    }

    /** The board and how far the turn has gone; with rules that remember men, which squares they moved between. */
    private long key(Workboard board, TurnSoFar turn) {
        long k = 1469598103934665603L;
        for (int sq = 0; sq < board.rules().geometry().size(); sq++) {
            k = (k ^ board.cell(sq)) * 1099511628211L;
        }
        k = (k ^ board.castlingRights()) * 1099511628211L;
        for (int[] ep : board.enPassant()) {
            k = (k ^ (ep[0] + 1)) * 1099511628211L;
        }
        k = (k ^ turn.played()) * 1099511628211L;
        if (rules.remembersMen) {
            long men = 0;
            for (TurnStep s : turn.steps()) {
                men += (s.from() * 131L + s.to()) * 0x9E3779B97F4A7C15L; // order does not matter
            }
            k ^= men;
        }
        return k;
    }

    static boolean isCapture(Workboard b, int move) {
        return b.cell(Moves.to(move)) != 0 || Moves.kind(move) == Moves.EN_PASSANT;
    }
}
