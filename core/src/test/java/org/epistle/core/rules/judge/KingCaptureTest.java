package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.variant.CheckPolicy;
import org.epistle.core.rules.variant.NotationStyle;
import org.epistle.core.rules.variant.TurnSchedule;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.WinCondition;
import org.junit.jupiter.api.Test;

/**
 * "No check, capture the king" is data: a variant names {@link CheckPolicy#NONE} and
 * {@link WinCondition#KING_CAPTURE}, and the referee lets kings stand en prise and ends the game
 * when one is taken. Shown here on one- and two-move turns as the variants that use it will be.
 */
class KingCaptureTest {
    private static Variant kingCapture(int movesPerTurn) {
        return new Variant("test-king-capture-" + movesPerTurn, "Test King Capture", "test", "test", List.of(),
                Geometry.STANDARD, new TurnSchedule.Fixed(movesPerTurn), CheckPolicy.NONE, WinCondition.KING_CAPTURE,
                movesPerTurn == 1 ? NotationStyle.SAN : NotationStyle.SAN_SLASHED);
    }

    private static Given oneMove(String fen) {
        return Given.game(kingCapture(1), Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES, fen);
    }

    static Given twoMoves(String fen) {
        return Given.game(kingCapture(2), Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES, fen);
    }

    @Test
    void a_king_may_step_next_to_an_enemy_rook_and_nobody_calls_check() {
        Given g = oneMove("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
        Verdict.Accepted a = g.accepts("Kd2");
        assertEquals("Kd2", a.notation());
        assertFalse(a.position().isCheck(Side.WHITE));
        assertTrue(a.position().outcome().isEmpty());
    }

    @Test
    void a_piece_pinned_in_chess_may_move_and_leave_its_king_to_be_taken() {
        Given g = oneMove("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
        g.accepts("Bd3");
        Verdict.Accepted a = g.accepts("Rxe1");
        assertEquals("Rxe1", a.notation());
        assertEquals(new Outcome(Outcome.Result.BLACK_WINS, Outcome.Termination.KING_CAPTURED), a.position().outcome().orElseThrow());
    }

    @Test
    void a_check_does_not_end_a_two_move_turn() {
        Given g = twoMoves("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        Verdict.Accepted a = g.accepts("Ra8/Kd2");
        assertEquals("Ra8/Kd2", a.notation());
    }

    @Test
    void taking_the_king_with_the_first_move_ends_the_turn_and_wins() {
        Given g = twoMoves("4k3/8/8/8/8/8/8/4RK2 w - - 0 1");
        Verdict.Accepted a = g.accepts("Rxe8");
        assertEquals(new Outcome(Outcome.Result.WHITE_WINS, Outcome.Termination.KING_CAPTURED), a.position().outcome().orElseThrow());
        assertEquals("Rxe8", a.notation());
    }

    @Test
    void what_would_be_mate_in_chess_only_threatens_the_king() {
        Given g = oneMove("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        Verdict.Accepted mate = g.accepts("Ra8");
        assertEquals("Ra8", mate.notation());
        assertTrue(mate.position().outcome().isEmpty());
        g.accepts("h6");
        assertEquals(Outcome.Termination.KING_CAPTURED, g.accepts("Rxg8").position().outcome().orElseThrow().termination());
    }
}
