package org.epistle.core.games.clock;

import java.util.Optional;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.physics.energy.ParticleCollision;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.TwoSquareCheck;

/**
 * What a timeout decides: the side out of time loses, unless its opponent could not win by any series of
 * legal turns. Kings mate only with help: a bare king, or a king with one knight or one bishop of the FIDE
 * army, gives no mate position in any number of moves a turn (core/DESIGN.md, "Clocks"). Army pieces and pawns
 * are never assumed harmless, as {@code Material} does; a variant whose king checks from two squares away
 * mates with the king alone, and in Particle Collision Chess a piece changes its form on a charged square (a
 * knight may become a queen), so in those families a timeout always loses.
 */
public final class TimeForfeit {
    public static final String TERMINATION = "time forfeit";

    private TimeForfeit() {
    }

    /** The result when {@code flagged} ran out of time in this position: "1-0", "0-1" or "1/2-1/2". */
    public static String result(Position position, Side flagged) {
        return cannotMate(position, flagged.opponent()) ? "1/2-1/2" : (flagged == Side.WHITE ? "0-1" : "1-0");
    }

    /** Why the game is drawn rather than lost, or empty when it is lost. */
    public static Optional<String> drawnBecause(Position position, Side flagged) {
        Side other = flagged.opponent();
        if (!cannotMate(position, other)) {
            return Optional.empty();
        }
        return Optional.of(flagged.label() + " ran out of time, but " + other.label()
                + " has too little left to mate by any series of legal turns, so the game is drawn.");
    }

    static boolean cannotMate(Position p, Side side) {
        if (p.rules().variant().physics(TwoSquareCheck.class).isPresent()
                || p.rules().variant().physics(ParticleCollision.class).isPresent()) {
            return false;
        }
        int helpers = 0;
        for (int sq = 0; sq < p.geometry().size(); sq++) {
            if (p.code(sq) == 0) {
                continue;
            }
            Piece piece = p.piece(sq);
            if (piece.side() != side || piece.type().isRoyal()) {
                continue;
            }
            boolean minor = piece.type().isSamePieceAs(Armies.FABULOUS_FIDES.knight())
                    || piece.type().isSamePieceAs(Armies.FABULOUS_FIDES.bishop());
            if (!minor || ++helpers > 1) {
                return false;
            }
        }
        return true;
    }
}
