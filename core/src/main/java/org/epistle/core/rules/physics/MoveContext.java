package org.epistle.core.rules.physics;

import java.util.Optional;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.position.Position;

/**
 * A move as an after-move rule sees it.
 *
 * @param before  the position the move was played from
 * @param move    the move
 * @param played  the position right after the move, before any physics
 * @param choice  what the player wrote after {@code =} when the move itself is no promotion: the
 *                piece a field-promoted pawn or an energy-fed piece becomes ("Rg1=Q", "Bxd4=R")
 * @param written the move in the game's notation, without marks ("Qd5"), for descriptions
 */
public record MoveContext(Position before, Move move, Position played, Optional<String> choice, String written) {
}
