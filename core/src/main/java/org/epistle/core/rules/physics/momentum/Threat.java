package org.epistle.core.rules.physics.momentum;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.move.MoveGenerator;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.position.Physics.Motion;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Whether a king can be taken, the way Momentum Chess decides check (rule 8). A side can take the
 * enemy king in its turn when some order of its events gets there: its pieces in motion moving on
 * or stopping by themselves (a piece that can go on must, unless the one action stops it), and one
 * start — often of a piece that has just stopped by itself — that captures the king. A king is in
 * check when, whatever order its owner resolves only his forced momentum in, the opponent's next
 * turn could take it. Both are searches over orders, with positions already found fruitless
 * remembered, and the one action tried only where it can matter.
 */
final class Threat {
    private final Workboard board;
    private final Side attacker;
    private final int king;
    private final Movers movers;
    private final LongSet fruitless = new LongSet();
    private final int[] buffer = new int[MoveGenerator.MAX_MOVES];

    private Threat(Workboard board, Map<Integer, Motion> motions) {
        this.board = board;
        this.attacker = board.toMove();
        this.king = board.kingSquare(attacker.opponent());
        this.movers = new Movers(movingPiecesOf(board, motions, attacker), motions);
    }

    /** Whether the side to move on this board could take the enemy king during its turn. */
    static boolean canTakeKing(Workboard board, Map<Integer, Motion> motions) {
        Threat t = new Threat(board, motions);
        return t.king >= 0 && t.search(false);
    }

    /** Whether the side to move is in check: every order of its forced momentum leaves the king to be taken. */
    static boolean isCheck(Position position) {
        Workboard board = position.workboard();
        Map<Integer, Motion> motions = bySquare(position);
        Side defender = position.sideToMove();
        if (board.kingSquare(defender) < 0) {
            return false;
        }
        List<Integer> own = movingPiecesOf(board, motions, defender);
        return new Forced(board, motions, own).everyOrderLosesTheKing();
    }

    /**
     * Whether, with the side to move's turn done on this board, the other side's next turn could take
     * its king. The other side's motions are the given ones that still have their piece.
     */
    static boolean opponentCanTakeKingNext(Workboard board, Map<Integer, Motion> motions) {
        Side mover = board.toMove();
        board.passTo(mover.opponent()); // the same board, searched and put back: no copy per question
        try {
            return canTakeKing(board, motions); // only motions whose square holds their piece count
        } finally {
            board.passTo(mover);
        }
    }

    /** Whether the side that just moved left its king where the side to move could take it. */
    static boolean isExposed(Position position) {
        return canTakeKing(position.workboard(), bySquare(position));
    }

    static Map<Integer, Motion> bySquare(Position position) {
        Geometry g = position.geometry();
        Map<Integer, Motion> out = new HashMap<>();
        position.physics().motions().forEach((sq, m) -> out.put(g.index(sq), m));
        return out;
    }

    static List<Integer> movingPiecesOf(Workboard board, Map<Integer, Motion> motions, Side side) {
        List<Integer> out = new ArrayList<>();
        for (int sq : motions.keySet()) {
            int code = board.cell(sq);
            if (code != 0 && Ruleset.sideOf(code) == side) {
                out.add(sq);
            }
        }
        out.sort(null);
        return out;
    }

    private boolean search(boolean actionUsed) {
        if (!fruitless.add(movers.key(board, actionUsed))) {
            return false;
        }
        if (!actionUsed && aFreePieceTakesTheKing()) {
            return true;
        }
        int[] at = movers.at;
        int[] state = movers.state;
        boolean aimedButBlocked = false;
        for (int i = 0; i < at.length; i++) {
            if (state[i] != Movers.PENDING) {
                continue;
            }
            Continuation c = Continuation.of(board, at[i], movers.motion[i]);
            if (c.isPossible()) {
                if (c.target() == king || movers.movingOn(board, i, c.target(), () -> search(actionUsed))) {
                    return true;
                }
            } else {
                aimedButBlocked |= c.target() == king && c.obstacle() == Continuation.Obstacle.PATH_BLOCKED;
                if (movers.resting(i, Movers.AUTOSTOPPED, () -> search(actionUsed))) {
                    return true;
                }
            }
        }
        // Only a capturing momentum aimed at the king can profit from a start that is not itself the capture.
        if (!actionUsed && aimedButBlocked) {
            for (int m : movers.starts(board, buffer)) {
                if (Movers.starting(board, m, () -> search(true))) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean aFreePieceTakesTheKing() {
        if (!board.isAttacked(king, attacker)) {
            return false;
        }
        int n = MoveGenerator.pseudoLegal(board, buffer);
        for (int i = 0; i < n; i++) {
            if (Moves.to(buffer[i]) == king && movers.isFree(Moves.from(buffer[i]))) {
                return true;
            }
        }
        return false;
    }

    /** Momentum carries the piece; a pawn carried onto its last rank is promoted (to which piece does not matter this turn). */
    static int shift(Workboard board, int from, int to) {
        int code = board.cell(from);
        Ruleset rules = board.rules();
        if (Ruleset.typeOf(code) == 1 && rules.geometry().rankOf(to) == rules.promotionRank(Ruleset.sideOf(code))) {
            return Moves.shiftPromoting(from, to, rules.promotions(Ruleset.sideOf(code))[0]);
        }
        return Moves.shift(from, to);
    }

    static long key(Workboard board, int[] at, int[] state, boolean actionUsed) {
        long h = actionUsed ? 1 : 2;
        for (int i = 0; i < at.length; i++) {
            h = h * 1_000_003L + at[i] * 4L + state[i];
        }
        int size = board.rules().geometry().size();
        for (int sq = 0; sq < size; sq++) {
            h = h * 0x9E3779B97F4A7C15L + board.cell(sq);
        }
        return h;
    }

    /** The defender's side of the check question: every order of his forced momentum. */
    private static final class Forced {
        private final Workboard board;
        private final Map<Integer, Motion> motions;
        private final Movers movers;
        private final LongSet losing = new LongSet();
        private final LongSet safe = new LongSet();

        Forced(Workboard board, Map<Integer, Motion> motions, List<Integer> own) {
            this.board = board;
            this.motions = motions;
            this.movers = new Movers(own, motions);
        }

        boolean everyOrderLosesTheKing() {
            long k = movers.key(board, false);
            if (losing.contains(k) || safe.contains(k)) {
                return losing.contains(k);
            }
            boolean all = true;
            boolean anyLeft = false;
            for (int i = 0; i < movers.size() && all; i++) {
                if (movers.state[i] != Movers.PENDING) {
                    continue;
                }
                anyLeft = true;
                Continuation c = Continuation.of(board, movers.at[i], movers.motion[i]);
                if (c.isPossible()) {
                    // an order in which the defender's momentum takes the attacker's king first is no check
                    all = !(board.cell(c.target()) != 0 && Ruleset.typeOf(board.cell(c.target())) == 0)
                            && movers.movingOn(board, i, c.target(), this::everyOrderLosesTheKing);
                } else {
                    all = movers.resting(i, Movers.AUTOSTOPPED, this::everyOrderLosesTheKing);
                }
            }
            if (!anyLeft) {
                all = opponentCanTakeKingNext(board, motions);
            }
            (all ? losing : safe).add(k);
            return all;
        }
    }
}
