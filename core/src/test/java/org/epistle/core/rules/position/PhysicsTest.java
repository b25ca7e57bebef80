package org.epistle.core.rules.position;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/** A position has room for what the physics variants add, and keeps it through moves and turns. */
class PhysicsTest {
    private final Position start = Position.start(new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES));

    @Test
    void fide_positions_carry_no_physics() {
        assertTrue(start.physics().isEmpty());
    }

    @Test
    void momentum_travellers_and_energy_survive_a_move_and_the_end_of_the_turn() {
        Physics physics = Physics.NONE
                .withMotion(Square.of("e4"), new Physics.Motion(0, 2, false))
                .withTravellers(List.of(new Physics.Traveller(new Piece(Army.KING, Side.WHITE), Square.of("e1"), Square.of("g1")),
                        new Physics.Traveller(new Piece(Army.PAWN, Side.WHITE), Square.of("e1"), Square.of("e3"))))
                .withEnergy(Square.of("d4"), 7);
        Position p = start.withPhysics(physics);
        Position after = p.play(p.legalMoves().get(0)).endTurn();
        assertEquals(physics, after.physics());
        assertEquals(2, after.physics().travellers().size(), "two pieces may share a square while travelling");
        assertNotEquals(start, p, "physics is part of the position's identity");
    }

    @Test
    void clearing_a_motion_or_energy_removes_it() {
        Physics p = Physics.NONE.withMotion(Square.of("e4"), new Physics.Motion(0, 2, false)).withEnergy(Square.of("d4"), 3);
        assertTrue(p.withMotion(Square.of("e4"), null).withEnergy(Square.of("d4"), 0).isEmpty());
    }
}
