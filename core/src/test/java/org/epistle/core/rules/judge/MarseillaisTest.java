package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/** Marseillais and Balanced Marseillais: two moves a turn, with intermediate check observed. */
class MarseillaisTest {

    @Test
    void a_turn_is_two_moves_with_one_man_or_two() {
        Given g = Given.marseillais(null);
        assertEquals("e4/e5", g.accepts("e4/e5").notation());
        assertEquals(Side.BLACK, g.position().sideToMove());
        assertEquals("Nf6/d5", g.accepts("Nf6, d5").notation());
        assertEquals(2, g.position().turnNumber());
    }

    @Test
    void a_check_given_with_the_first_move_is_a_complete_turn() {
        Given g = Given.marseillais(null).after("e4/d4", "e5/f6");
        Verdict.Accepted a = g.accepts("Qh5+");
        assertEquals("Qh5+", a.notation());
        assertEquals(Side.BLACK, a.position().sideToMove());
    }

    @Test
    void a_check_on_the_second_move_is_allowed() {
        Given g = Given.marseillais(null).after("Nf3/e4", "d5/dxe4");
        assertEquals("Ne5/Bb5+", g.accepts("Ne5/Bb5+").notation());
    }

    @Test
    void both_pawns_of_a_double_double_step_can_be_taken_en_passant() {
        Given g = Given.marseillais("4k3/8/8/8/2p1p3/8/3P1P2/4K3 w - - 0 1");
        g.accepts("d4/f4");
        Verdict.Accepted a = g.accepts("cxd3/exf3");
        Position p = a.position();
        assertTrue(p.pieceAt(Square.of("d4")).isEmpty());
        assertTrue(p.pieceAt(Square.of("f4")).isEmpty());
        assertEquals("4k3/8/8/8/8/3p1p2/8/4K3 w - - 0 2", p.toString());
    }

    @Test
    void the_en_passant_chance_lasts_one_turn_only() {
        Given g = Given.marseillais("4k3/8/8/8/2p5/8/3P4/4K3 w - - 0 1").after("d4/Kf2", "Kf7/Ke8", "Kg3/Kf2");
        g.refuses("cxd3/Kd8", Reason.CANNOT_MOVE_THERE);
    }

    @Test
    void a_pawn_that_moved_twice_in_the_turn_cannot_be_taken_en_passant() {
        Given g = Given.marseillais("4k3/8/8/8/8/2p5/8/4K3 w - - 0 1");
        // d2-d4-d5 is impossible here without a d-pawn; use a white pawn that double-steps then steps on
        Given h = Given.marseillais("4k3/8/8/2p5/8/8/3P4/4K3 w - - 0 1").after("d4/d5");
        h.refuses("cxd6/Kd8", Reason.CANNOT_MOVE_THERE);
        assertFalse(g.position().isOver());
    }

    @Test
    void a_king_may_not_step_into_check_and_out_again() {
        Given g = Given.marseillais("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
        g.refuses("Kd2/Ke1", Reason.LEAVES_KING_IN_CHECK);
    }

    @Test
    void a_player_who_can_make_only_one_move_is_stalemated() {
        Given g = Given.marseillais("8/8/8/8/7p/p7/P1k4P/K7 b - - 0 1");
        Position p = g.accepts("Kd2/Kc2").position();
        assertEquals(Outcome.Termination.STALEMATE, p.outcome().orElseThrow().termination());
        // in FIDE chess the same position is no stalemate: h2-h3 is a whole turn
        Given fide = Given.chess("8/8/8/8/7p/p7/P1k4P/K7 b - - 0 1");
        assertFalse(fide.accepts("Kd2").position().isOver());
    }

    @Test
    void balanced_marseillais_opens_with_a_single_move() {
        Given g = Given.game(VariantCatalog.BALANCED_MARSEILLAIS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES, null);
        g.refuses("d4/e4", Reason.TOO_MANY_MOVES, "This turn of Balanced Marseillais Chess has 1 move; you sent 2.");
        g.accepts("d4");
        g.refuses("Nf6", Reason.TOO_FEW_MOVES);
        g.accepts("Nf6/d5");
        assertEquals("Nc3/Nf3", g.accepts("Nc3/Nf3").notation());
    }
}
