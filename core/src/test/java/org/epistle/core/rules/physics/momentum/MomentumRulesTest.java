package org.epistle.core.rules.physics.momentum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.position.Physics.Motion;
import org.junit.jupiter.api.Test;

/** The rules of Momentum Chess and every example of the clarifications, one test each. */
class MomentumRulesTest {

    @Test
    void a_pawn_played_e2_e4_goes_on_to_e6() {
        MomentumGame g = MomentumGame.start().after("e2-e4", "Ng8-f6");
        assertEquals(new Motion(0, 2, false), g.position().physics().motions().get(Square.of("e4")));
        Verdict.Accepted a = g.accepts("e4-e6");
        assertEquals("e4-e6", a.notation());
        assertEquals(new Motion(0, 2, false), a.position().physics().motions().get(Square.of("e6")));
    }

    @Test
    void a_piece_in_motion_may_only_go_on_or_be_stopped() {
        MomentumGame g = MomentumGame.start().after("e2-e4", "Ng8-f6");
        assertEquals("Your pawn on e4 is in motion: it goes on to e6 unless it is stopped, so it cannot go to e5 this turn.",
                g.refuses("e4-e5", Reason.MOMENTUM_MUST_CONTINUE).explanation());
        Verdict.Accepted stopped = g.accepts("e4-e4");
        assertEquals("e4-e4", stopped.notation());
        assertTrue(stopped.position().physics().motions().keySet().stream().noneMatch(s -> s.name().equals("e4")));
    }

    @Test
    void a_piece_in_motion_left_out_of_the_turn_goes_on_by_itself_after_the_written_events() {
        // Rule 2: "After 1. e2-e4, the White Pawn will continue on with 2. e4-e6 unless it is stopped."
        MomentumGame g = MomentumGame.start().after("e2-e4", "Ng8-f6");
        Verdict.Accepted a = g.accepts("d2-d4");
        assertEquals("d2-d4, e4-e6", a.notation(), "the continuation is written out, after the written start");
        assertEquals(new Motion(0, 2, false), a.position().physics().motions().get(Square.of("e6")));
        assertEquals(new Motion(0, 2, false), a.position().physics().motions().get(Square.of("d4")));
        assertEquals(List.of("Your pawn e4 went on to e6 by itself, as the turn left it out: e4-e6."), a.notices());
        // the canonical notation is the same turn written in full
        MomentumGame written = MomentumGame.start().after("e2-e4", "Ng8-f6");
        assertEquals(a.position(), written.accepts("d2-d4, e4-e6").position());
    }

    @Test
    void the_check_of_rule_5_comes_from_a_pawn_that_goes_on_by_itself() {
        // "after 1. e4; 1...d6???; 2. e6, Bb5!; this move is check": the pawn's e4-e6 left out goes on by itself
        MomentumGame g = MomentumGame.start().after("e2-e4", "d7-d6");
        Verdict.Accepted a = g.accepts("Bf1-b5");
        assertEquals("Bf1-b5, e4-e6+", a.notation());
    }

    @Test
    void the_example_of_rule_8_is_read_as_the_document_writes_it_semicolons_and_all() {
        // "after 1.e4; 1...d6??; 2.Bb5+!,e6; 2...c6,d5; 3.Qh5; Black is in check … 3...Qd7,c5,d4; which is obviously hopeless"
        MomentumGame g = MomentumGame.start().after("1.e4;", "1...d6??;", "2.Bb5+!,e6;", "2...c6,d5;");
        assertTrue(g.accepts("3.Qh5;").notation().endsWith("+"));
        assertEquals("Qd8-d7, c6-c5, d5-d4", g.accepts("3...Qd7,c5,d4;").notation());
    }

    @Test
    void the_mate_threat_of_rule_8_with_the_pawns_left_out() {
        // "1.e4; 1...d6??; 2.Bb5+!,e6; 2...c6,d5; 3.Qh5; Black is in check because the Pawn at c6 must continue
        // on to c5": written with every continuation left out, as the document writes them after the first
        MomentumGame g = MomentumGame.start().after("e2-e4", "d7-d6", "Bf1-b5");
        assertEquals("c7-c6, d6-d5", g.accepts("c7-c6").notation());
        Verdict.Accepted qh5 = g.accepts("Qd1-h5");
        assertTrue(qh5.notation().endsWith("+"), qh5.notation());
        // "the only way to avoid mate is 3...Qd7,c5,d4": the queen's move, the pawns going on by themselves
        Verdict.Accepted answer = g.accepts("Qd8-d7");
        assertEquals("Qd8-d7, d5-d4, c6-c5", answer.notation(), "the pawn farthest forward goes on first");
    }

    @Test
    void a_piece_left_out_that_could_not_go_on_at_one_moment_stopped_by_itself_then() {
        // "if you have previously moved your Bishop from f1 to d3, and you have a Pawn on c4, and you plan to move
        // that Pawn away from c4, it is your choice whether to allow the Bishop to stop itself on d3 before you move
        // the Pawn, or to move the Pawn first and allow the Bishop to continue on to b5."
        String fen = "4k3/8/8/8/2P5/3B4/8/4K3 w - - 0 1 motion:d3:-2:2";
        Verdict.Accepted left = MomentumGame.position(fen).accepts("c4-c5");
        assertEquals("c4-c5", left.notation(), "left out, the bishop stopped while the pawn was in its way");
        assertFalse(left.position().physics().motions().containsKey(Square.of("d3")));
        assertEquals(List.of("Your bishop d3 stopped by itself: at one moment of the turn it could not go on to b5. "
                + "To have it go on, write Bd3-b5 after the move that clears its way."), left.notices());
        Verdict.Accepted written = MomentumGame.position(fen).accepts("c4-c5, Bd3-b5");
        assertTrue(written.position().physics().motions().containsKey(Square.of("b5")));
        assertTrue(written.notices().isEmpty(), written.notices()::toString);
    }

    @Test
    void pieces_left_out_that_meet_go_on_farthest_forward_first_and_the_other_stops() {
        // two rooks on the a-file moving up one square a turn: the rear one is blocked by the front one when the
        // turn begins, so left out it stops by itself; written after the front one, it goes on
        String column = "4k3/8/8/8/R7/R7/8/4K3 w - - 0 1 motion:a3:0:1,a4:0:1";
        Verdict.Accepted a = MomentumGame.position(column).accepts("Ke1-d1");
        assertEquals("Ke1-d1, Ra4-a5", a.notation());
        assertEquals(List.of("Your rook a4 went on to a5 by itself, as the turn left it out: Ra4-a5.",
                "Your rook a3 stopped by itself: at one moment of the turn it could not go on to a4. "
                + "To have it go on, write Ra3-a4 after the move that clears its way."), a.notices());
        assertEquals("Ra4-a5, Ra3-a4, Ke1-d1", MomentumGame.position(column).accepts("Ra4-a5, Ra3-a4, Ke1-d1").notation());
        // both rooks would go on to b3: the one on the third rank goes first, and the other then stops by itself
        String meeting = "4k3/8/8/8/8/R7/1R6/4K3 w - - 0 1 motion:a3:1:0,b2:0:1";
        Verdict.Accepted b = MomentumGame.position(meeting).accepts("Ke1-d1");
        assertEquals("Ke1-d1, Ra3-b3", b.notation());
        assertEquals(List.of(Square.of("b3")), List.copyOf(b.position().physics().motions().keySet()));
    }

    @Test
    void a_pawn_left_out_that_would_be_promoted_must_be_written_with_its_piece() {
        MomentumGame g = MomentumGame.position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1 motion:a7:0:1");
        assertEquals("Your pawn on a7 goes on to a8 by itself and becomes another piece there, and the turn does not say which.",
                g.refuses("Ke1-d1", Reason.MOMENTUM_PROMOTES_UNWRITTEN).explanation());
        assertTrue(g.accepts("Ke1-d1, a7-a8=Q").notation().startsWith("Ke1-d1, a7-a8=Q"));
    }

    @Test
    void capture_and_non_capture_are_different_speeds() {
        // After 1. Ng1-f3 e7-e5 the knight's momentum would take it to e5, which is occupied: it stops by
        // itself, and capturing there is a new start, not momentum.
        MomentumGame g = MomentumGame.start().after("Ng1-f3", "e7-e5");
        Verdict.Accepted a = g.accepts("Nf3:e5");
        assertEquals("Nf3:e5", a.notation());
        assertEquals(new Motion(-1, 2, true), a.position().physics().motions().get(Square.of("e5")));
        MomentumGame again = MomentumGame.start().after("Ng1-f3", "e7-e5");
        assertEquals(Reason.ONE_ACTION_PER_TURN, again.refuses("Nf3:e5, d2-d4", Reason.ONE_ACTION_PER_TURN).reason());
    }

    @Test
    void a_capturing_momentum_goes_on_only_by_capturing() {
        MomentumGame g = MomentumGame.position("4k3/8/8/p7/8/p7/8/R3K3 w - - 0 1");
        g.accepts("Ra1:a3");
        assertEquals(new Motion(0, 2, true), g.position().physics().motions().get(Square.of("a3")));
        g.accepts("Ke8-d7");
        assertEquals("Ra3:a5", g.accepts("Ra3:a5").notation());
        g.accepts("Kd7-c7");
        // a7 is empty: a capturing momentum cannot go on there, so the rook stops by itself
        Verdict.Accepted a = g.accepts("Ke1-e2");
        assertTrue(a.position().physics().motions().isEmpty(), () -> a.position().physics().toString());
    }

    @Test
    void a_slide_needs_a_clear_path_and_a_leap_does_not() {
        MomentumGame g = MomentumGame.start().after("e2-e4", "e7-e5");
        // e4-e6 would pass over the black pawn on e5, so the pawn stops by itself; a new piece may start
        Verdict.Accepted a = g.accepts("Ng1-f3");
        assertFalse(a.position().physics().motions().containsKey(Square.of("e4")));
    }

    @Test
    void a_stop_after_moving_on_is_the_turns_action() {
        MomentumGame g = MomentumGame.start().after("e2-e4", "Ng8-f6");
        Verdict.Accepted a = g.accepts("e4-e6, e6-e6");
        assertEquals("e4-e6, e6-e6", a.notation());
        assertFalse(a.position().physics().motions().containsKey(Square.of("e6")));
    }

    @Test
    void a_piece_that_moved_on_does_nothing_else() {
        MomentumGame g = MomentumGame.start().after("e2-e4", "Ng8-f6");
        assertEquals(Reason.ALREADY_MOVED_BY_MOMENTUM, g.refuses("e4-e6, e6-e7", Reason.ALREADY_MOVED_BY_MOMENTUM).reason());
    }

    @Test
    void only_one_start_or_stop_a_turn() {
        MomentumGame g = MomentumGame.start();
        assertEquals("Only one piece may be started or stopped per turn: e2-e4 already used your move, "
                        + "and d2-d4 would set a second piece moving.",
                g.refuses("e2-e4, d2-d4", Reason.ONE_ACTION_PER_TURN).explanation());
    }

    @Test
    void kings_have_no_momentum_but_a_castled_rook_has() {
        MomentumGame g = MomentumGame.position("r3k3/8/8/8/8/8/8/4K2R w K - 0 1");
        Verdict.Accepted a = g.accepts("O-O");
        assertEquals(List.of(Square.of("f1")), List.copyOf(a.position().physics().motions().keySet()));
        assertEquals(new Motion(-2, 0, false), a.position().physics().motions().get(Square.of("f1")));
        g.accepts("Ke8-d8");
        assertEquals("Rf1-d1", g.accepts("Rf1-d1").notation());
    }

    @Test
    void a_pawn_promoted_by_momentum_keeps_the_pawns_momentum() {
        MomentumGame g = MomentumGame.position("k7/8/P7/8/8/8/8/4K3 w - - 0 1").after("a6-a7", "Ka8-b8");
        Verdict.Accepted a = g.accepts("a7-a8=Q");
        assertEquals(new Motion(0, 1, false), a.position().physics().motions().get(Square.of("a8")));
        g.accepts("Kb8-c7");
        // off the board next: the new queen stops by itself, and may not be started in the same turn? It may:
        // a piece that stopped by itself can be started.
        Verdict.Accepted b = g.accepts("Qa8-a1");
        assertEquals("Qa8-a1", b.notation());
    }

    @Test
    void taking_the_king_wins() {
        MomentumGame g = MomentumGame.position("4k3/8/8/8/8/8/8/4RK2 w - - 0 1");
        Verdict.Accepted a = g.accepts("Re1:e8");
        assertEquals(new Outcome(Outcome.Result.WHITE_WINS, Outcome.Termination.KING_CAPTURED), a.position().outcome().orElseThrow());
    }

    @Test
    void leaving_your_king_to_be_taken_is_allowed_with_a_warning() {
        Verdict.Accepted safe = MomentumGame.position("4k3/8/8/8/8/8/8/3RK3 b - - 0 1").accepts("Ke8-f7");
        assertTrue(safe.notices().isEmpty(), safe.notices()::toString);
        Verdict.Accepted exposed = MomentumGame.position("4k3/8/8/8/8/8/8/3RK3 b - - 0 1").accepts("Ke8-d7");
        assertEquals(List.of("Careful: your king on d7 can be taken in White's next turn, which would lose the game."),
                exposed.notices());
        assertTrue(exposed.position().isCheck(Side.BLACK));
    }

    // The clarifications of rule 5 and rule 8, one by one.

    @Test
    void after_1_e4_d6_2_e6_Bb5_black_is_in_check() {
        MomentumGame g = MomentumGame.start().after("e2-e4", "d7-d6");
        Verdict.Accepted a = g.accepts("e4-e6, Bf1-b5");
        assertEquals("e4-e6, Bf1-b5+", a.notation());
        assertTrue(a.position().isCheck(Side.BLACK));
    }

    @Test
    void Bf1_d3_is_check_until_b5_b4_clears_the_bishops_way() {
        MomentumGame g = MomentumGame.position("8/8/6k1/1p6/8/8/8/5B1K w - - 0 1");
        assertEquals("Bf1-d3+", g.accepts("Bf1-d3").notation());
        assertTrue(g.position().isCheck(Side.BLACK));
        Verdict.Accepted a = g.accepts("b5-b4");
        assertFalse(a.position().isCheck(Side.BLACK));
        assertTrue(a.notices().isEmpty());
    }

    @Test
    void after_3_Qh5_the_pawn_on_c6_must_go_on_and_black_is_in_check() {
        MomentumGame g = MomentumGame.start().after("e2-e4", "d7-d6", "Bf1-b5, e4-e6", "c7-c6, d6-d5");
        Verdict.Accepted qh5 = g.accepts("Qd1-h5");
        assertEquals("Qd1-h5+", qh5.notation());
        Verdict.Accepted defence = g.accepts("Qd8-d7, c6-c5, d5-d4");
        assertTrue(defence.notices().isEmpty(), defence.notices()::toString);
    }

    @Test
    void after_2_Nc6_d5_3_Qh5_is_not_check_because_d4_stops_the_knight() {
        MomentumGame g = MomentumGame.start().after("e2-e4", "d7-d6", "Bf1-b5, e4-e6", "Nb8-c6, d6-d5");
        Verdict.Accepted qh5 = g.accepts("Qd1-h5");
        assertEquals("Qd1-h5", qh5.notation());
        Verdict.Accepted reply = g.accepts("d5-d4, Bc8:e6");
        assertTrue(reply.notices().isEmpty(), reply.notices()::toString);
    }

    @Test
    void Bc4_b5_with_the_white_king_on_a7_is_not_check() {
        MomentumGame g = MomentumGame.position("4k3/K7/8/8/2B5/8/8/8 w - - 0 1");
        assertEquals("Bc4-b5", g.accepts("Bc4-b5").notation());
        assertFalse(g.position().isCheck(Side.BLACK));
    }

    @Test
    void Bc4_b5_with_a_pawn_in_motion_on_a4_is_check() {
        MomentumGame g = MomentumGame.position("4k3/K7/8/8/P1B5/8/8/8 w - - 0 1").moving("a4", 0, 1);
        assertEquals("Bc4-b5, a4-a5+", g.accepts("Bc4-b5, a4-a5").notation());
        assertTrue(g.position().isCheck(Side.BLACK));
    }

    @Test
    void after_3_Qh5_only_Qd7_c5_d4_escapes_mate() {
        MomentumGame g = MomentumGame.start().after("e2-e4", "d7-d6", "Bf1-b5, e4-e6", "c7-c6, d6-d5", "Qd1-h5");
        java.util.Set<java.util.Set<String>> survive = new java.util.HashSet<>();
        java.util.Set<String> matedBy = new java.util.TreeSet<>();
        int blackTurns = 0;
        for (Verdict.Accepted black : TurnsOf.all(g.position())) {
            blackTurns++;
            if (!black.notices().isEmpty()) {
                continue; // the king can simply be taken
            }
            boolean mated = false;
            for (Verdict.Accepted white : TurnsOf.all(black.position())) {
                if (white.position().outcome().map(o -> o.termination() == Outcome.Termination.CHECKMATE).orElse(false)) {
                    mated = true;
                    matedBy.add(white.notation());
                }
            }
            if (!mated) {
                survive.add(java.util.Set.of(black.notation().split(", ")));
            }
        }
        assertTrue(blackTurns > 100, "Black has many legal turns: " + blackTurns);
        // in any order of the three events, and nothing else
        assertEquals(java.util.Set.of(java.util.Set.of("Qd8-d7", "c6-c5", "d5-d4")), survive);
        assertEquals(java.util.Set.of("Qh5:f7#", "e6:f7#"), matedBy);
    }

    @Test
    void a_fen_carries_the_pieces_in_motion() {
        MomentumGame g = MomentumGame.start().after("e2-e4", "Ng8-f6", "e4-e6");
        String fen = org.epistle.core.rules.position.Fen.write(g.position());
        assertEquals("rnbqkb1r/pppppppp/4Pn2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 motion:e6:0:2,f6:-1:-2", fen);
        assertEquals(g.position().physics(), org.epistle.core.rules.position.Fen.read(g.position().rules(), fen).physics());
        assertEquals("Your knight on f6 is in motion: it goes on to e4 unless it is stopped, so it cannot go to g4 this turn.",
                MomentumGame.position(fen).refuses("Nf6-g4", Reason.MOMENTUM_MUST_CONTINUE).explanation());
    }
}
