package org.epistle.core.rules.physics.momentum;

import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.piece.Step;
import org.epistle.core.rules.position.Physics.Motion;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Where a piece in motion goes next, and what stops it. Momentum is pure geometry: the piece
 * repeats its last displacement whatever kind it is now (a pawn that went e2-e4 goes on to e6, a
 * pawn promoted on the way keeps the pawn's momentum). A non-capturing momentum needs an empty
 * target, a capturing one an enemy piece there; a slide needs the squares between clear, a leap
 * does not.
 */
record Continuation(int from, int target, Obstacle obstacle, int blockedAt) {

    /** Why a piece cannot continue. */
    enum Obstacle { NONE, OFF_BOARD, TARGET_OCCUPIED, NOTHING_TO_CAPTURE, OWN_PIECE_ON_TARGET, PATH_BLOCKED }

    boolean isPossible() {
        return obstacle == Obstacle.NONE;
    }

    static Continuation of(Workboard board, int from, Motion motion) {
        Geometry g = board.rules().geometry();
        int file = g.fileOf(from) + motion.dx();
        int rank = g.rankOf(from) + motion.dy();
        if (!g.contains(file, rank)) {
            return new Continuation(from, -1, Obstacle.OFF_BOARD, -1);
        }
        int target = g.index(file, rank);
        int mover = board.cell(from);
        int there = board.cell(target);
        if (there != 0 && Ruleset.sideIndex(there) == Ruleset.sideIndex(mover)) {
            return new Continuation(from, target, motion.capturing() ? Obstacle.OWN_PIECE_ON_TARGET : Obstacle.TARGET_OCCUPIED, target);
        }
        if (!motion.capturing() && there != 0) {
            return new Continuation(from, target, Obstacle.TARGET_OCCUPIED, target);
        }
        if (motion.capturing() && there == 0) {
            return new Continuation(from, target, Obstacle.NOTHING_TO_CAPTURE, target);
        }
        if (!leaps(board.rules().pieceOf(mover), Ruleset.sideOf(mover), motion.dx(), motion.dy())) {
            int steps = Math.max(Math.abs(motion.dx()), Math.abs(motion.dy()));
            boolean straight = motion.dx() == 0 || motion.dy() == 0 || Math.abs(motion.dx()) == Math.abs(motion.dy());
            if (straight) {
                int ux = Integer.signum(motion.dx());
                int uy = Integer.signum(motion.dy());
                for (int k = 1; k < steps; k++) {
                    int between = g.index(g.fileOf(from) + ux * k, g.rankOf(from) + uy * k);
                    if (board.cell(between) != 0) {
                        return new Continuation(from, target, Obstacle.PATH_BLOCKED, between);
                    }
                }
            }
        }
        return new Continuation(from, target, Obstacle.NONE, -1);
    }

    /**
     * Whether the piece could make this displacement as a leap: then its momentum jumps too. A
     * pawn's double step is a lame leap and a short rook slides, so both continue as slides.
     */
    static boolean leaps(PieceType type, Side side, int dx, int dy) {
        int ownDx = side == Side.WHITE ? dx : -dx;
        int ownDy = side == Side.WHITE ? dy : -dy;
        for (Step s : type.movement().steps()) {
            if (s.isLeap() && !s.lame() && s.dx() == ownDx && s.dy() == ownDy) {
                return true;
            }
        }
        return false;
    }
}
