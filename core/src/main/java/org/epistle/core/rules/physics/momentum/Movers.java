package org.epistle.core.rules.physics.momentum;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.epistle.core.rules.move.MoveGenerator;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.position.Physics.Motion;

/**
 * The pieces of one side that were in motion when its turn began, as the searches over a turn
 * follow them: where each stands now, its momentum, and whether it is still to be resolved, has
 * moved on, has been stopped, or has stopped by itself (and so may be started again).
 */
final class Movers {
    static final int PENDING = 0;
    static final int MOVED_ON = 1;
    static final int AUTOSTOPPED = 2;
    /** Stopped by the turn's one action, where it stands. */
    static final int STOPPED = 3;

    final int[] at;
    final Motion[] motion;
    final int[] state;

    Movers(List<Integer> squares, Map<Integer, Motion> motions) {
        this.at = squares.stream().mapToInt(Integer::intValue).toArray();
        this.motion = squares.stream().map(motions::get).toArray(Motion[]::new);
        this.state = new int[at.length];
    }

    int size() {
        return at.length;
    }

    /** A piece may be started unless it is in motion and unresolved, or has already moved on this turn. */
    boolean isFree(int square) {
        for (int i = 0; i < at.length; i++) {
            if (at[i] == square && state[i] != AUTOSTOPPED) {
                return false;
            }
        }
        return true;
    }

    /** Every start the side could make now: its pseudo-legal moves of pieces that are free. */
    int[] starts(Workboard board, int[] buffer) {
        int n = MoveGenerator.pseudoLegal(board, buffer);
        int kept = 0;
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            if (isFree(Moves.from(buffer[i]))) {
                out[kept++] = buffer[i];
            }
        }
        return Arrays.copyOf(out, kept);
    }

    /** Piece {@code i} goes on to {@code target}; {@code then} is asked in that state, which is undone after. */
    boolean movingOn(Workboard board, int i, int target, BooleanSupplier then) {
        int from = at[i];
        board.make(Threat.shift(board, from, target), false);
        at[i] = target;
        state[i] = MOVED_ON;
        try {
            return then.getAsBoolean();
        } finally {
            board.unmake();
            at[i] = from;
            state[i] = PENDING;
        }
    }

    /** Piece {@code i} is resolved without moving, stopped by itself or by the action; {@code then} is asked in that state. */
    boolean resting(int i, int how, BooleanSupplier then) {
        state[i] = how;
        try {
            return then.getAsBoolean();
        } finally {
            state[i] = PENDING;
        }
    }

    /** The start {@code move} is made; {@code then} is asked, and the move taken back. */
    static boolean starting(Workboard board, int move, BooleanSupplier then) {
        board.make(move, false);
        try {
            return then.getAsBoolean();
        } finally {
            board.unmake();
        }
    }

    /** This search state, for remembering states already tried. */
    long key(Workboard board, boolean acted) {
        return Threat.key(board, at, state, acted);
    }
}
