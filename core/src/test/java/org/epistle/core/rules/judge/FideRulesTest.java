package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.position.Position;
import org.junit.jupiter.api.Test;

/** FIDE chess, rule by rule, through the referee. */
class FideRulesTest {

    private static Outcome.Termination ending(Position p) {
        return p.outcome().orElseThrow(() -> new AssertionError("the game should be over: " + p)).termination();
    }

    @Test
    void en_passant_right_after_the_double_step_only() {
        Given g = Given.chess(null).after("e4", "a6", "e5", "d5");
        Verdict.Accepted a = g.accepts("exd6");
        assertEquals("exd6", a.notation());
        assertTrue(a.position().pieceAt(Square.of("d5")).isEmpty(), "the pawn taken en passant is gone");

        Given late = Given.chess(null).after("e4", "d5", "e5", "a6", "a3");
        late.refuses("exd6", Reason.CANNOT_MOVE_THERE);
    }

    @Test
    void promotion_to_any_piece() {
        Given g = Given.chess("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        Verdict.Accepted a = g.accepts("a8=N");
        assertEquals("a8=N", a.notation());
        assertEquals("Knight", a.position().pieceAt(Square.of("a8")).orElseThrow().type().name());
        assertEquals("Queen", Given.chess("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").accepts("a7-a8(Q)")
                .position().pieceAt(Square.of("a8")).orElseThrow().type().name());
        assertEquals("a8=Q+", Given.chess("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").accepts("a8Q").notation());
    }

    @Test
    void castling_on_both_sides_moves_king_and_rook() {
        Position p = Given.chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").accepts("O-O").position();
        assertEquals("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", Fen.write(p));
        Position q = Given.chess("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").accepts("0-0-0").position();
        assertEquals("2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2", Fen.write(q));
    }

    @Test
    void fools_mate_is_checkmate() {
        Given g = Given.chess(null).after("f3", "e5", "g4");
        Verdict.Accepted a = g.accepts("Qh4");
        assertEquals("Qh4#", a.notation());
        assertEquals(Outcome.Result.BLACK_WINS, a.position().outcome().orElseThrow().result());
        assertEquals(Outcome.Termination.CHECKMATE, ending(a.position()));
    }

    @Test
    void stalemate_is_a_draw() {
        Position p = Given.chess("7k/8/5K2/6Q1/8/8/8/8 w - - 0 1").accepts("Qg6").position();
        assertEquals(Outcome.Termination.STALEMATE, ending(p));
        assertEquals(Outcome.Result.DRAW, p.outcome().orElseThrow().result());
    }

    @Test
    void the_third_repetition_draws() {
        Given g = Given.chess(null).after("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1");
        assertFalse(g.position().isOver());
        Position p = g.accepts("Ng8").position();
        assertEquals(Outcome.Termination.THREEFOLD_REPETITION, ending(p));
    }

    @Test
    void fifty_moves_without_capture_or_pawn_move_draw() {
        Position p = Given.chess("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").accepts("Ra2").position();
        assertEquals(Outcome.Termination.FIFTY_MOVES, ending(p));
        Position q = Given.chess("4k3/8/8/8/8/8/8/R3K3 w - - 98 80").accepts("Ra2").position();
        assertFalse(q.isOver());
    }

    @Test
    void a_lone_bishop_cannot_mate() {
        Position p = Given.chess("4k3/8/8/8/8/8/2r5/1B2K3 w - - 0 1").accepts("Bxc2").position();
        assertEquals(Outcome.Termination.INSUFFICIENT_MATERIAL, ending(p));
        assertFalse(Given.chess("4k3/8/8/8/8/8/2r5/1R2K3 w - - 0 1").accepts("Rb2").position().isOver());
    }

    @Test
    void bishops_all_on_one_colour_cannot_mate_but_opposite_ones_could() {
        Position same = Given.chess("4k3/8/7b/8/8/8/1n6/2B1K3 w - - 0 1").accepts("Bxb2").position();
        assertEquals(Outcome.Termination.INSUFFICIENT_MATERIAL, ending(same));
        Position opposite = Given.chess("4k3/8/8/7b/8/8/1n6/2B1K3 w - - 0 1").accepts("Bxb2").position();
        assertFalse(opposite.isOver());
    }

    @Test
    void long_algebraic_and_colon_captures_are_read() {
        Given g = Given.chess(null).after("e2-e4", "d7-d5");
        assertEquals("exd5", g.accepts("e4:d5").notation());
        g.accepts("Qd8xd5");
        assertEquals("Nc3", g.accepts("Nb1-c3").notation());
    }
}
