package org.epistle.core.rules.physics.momentum;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.move.MoveGenerator;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.position.Physics.Motion;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Whether a side in check has a turn after which its king cannot be taken: the question mate
 * asks. Every turn is tried, as a search over the order of the side's events and its one action
 * (a start, or a stop that keeps a piece where it is), with boards already tried remembered.
 * A turn that takes the opponent's king is an escape too: it wins.
 */
final class Escape {
    private final Workboard board;
    private final Side me;
    private final Map<Integer, Motion> theirMotions;
    private final Movers movers;
    private final boolean mustAct;
    private final LongSet tried = new LongSet();

    private Escape(Position position) {
        this.board = position.workboard();
        this.me = position.sideToMove();
        Map<Integer, Motion> all = Threat.bySquare(position);
        List<Integer> mine = Threat.movingPiecesOf(board, all, me);
        this.movers = new Movers(mine, all);
        this.mustAct = mine.isEmpty();
        this.theirMotions = new HashMap<>(all);
        mine.forEach(theirMotions::remove);
    }

    /** Whether the side to move has some turn that leaves its king safe from the opponent's next turn. */
    static boolean exists(Position position) {
        return new Escape(position).search(false);
    }

    private boolean search(boolean acted) {
        if (!tried.add(movers.key(board, acted))) {
            return false;
        }
        int[] at = movers.at;
        int[] state = movers.state;
        boolean allResolved = true;
        for (int i = 0; i < at.length; i++) {
            if (state[i] != Movers.PENDING) {
                continue;
            }
            allResolved = false;
            Continuation c = Continuation.of(board, at[i], movers.motion[i]);
            if (c.isPossible()) {
                if (isKing(board.cell(c.target()))
                        || movers.movingOn(board, i, c.target(), () -> search(acted))
                        || (!acted && movers.resting(i, Movers.STOPPED, () -> search(true)))) { // stopped: the turn's action
                    return true;
                }
            } else if (movers.resting(i, Movers.AUTOSTOPPED, () -> search(acted))) {
                return true;
            }
        }
        if (allResolved && (acted || !mustAct) && kingIsSafe()) {
            return true;
        }
        if (!acted) {
            for (int m : movers.starts(board, new int[MoveGenerator.MAX_MOVES])) {
                if (isKing(board.cell(Moves.to(m))) || Movers.starting(board, m, () -> search(true))) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean kingIsSafe() {
        return !Threat.opponentCanTakeKingNext(board, theirMotions);
    }

    private boolean isKing(int code) {
        return code != 0 && Ruleset.typeOf(code) == 0 && Ruleset.sideOf(code) != me;
    }
}
