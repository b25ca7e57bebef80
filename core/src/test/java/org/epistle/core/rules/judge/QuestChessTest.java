package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.physics.quest.Quest;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.FenException;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.position.Position;
import org.junit.jupiter.api.Test;

/**
 * Quest-Chess as the text gives it, each rule through the referee: up to ten moves a turn (five in
 * White's first), each man once, and the opponent answering captures, checks and en-passant chances
 * inside the mover's turn.
 */
class QuestChessTest {
    /** White: Ke1, Nf3, pawn e4. Black: Ke8, pawns c6 and d5 (the c-pawn guards d5). */
    private static final String CAPTURE = "4k3/8/2p5/3p4/4P3/5N2/8/4K3 w - - 0 2";

    private static String awaits(Position p) {
        return p.physics().notes().getOrDefault("quest", "");
    }

    private static List<String> described(Position p) {
        return Quest.RULE.describe(p).lines();
    }

    @Test
    void a_capture_that_can_be_taken_back_stops_the_turn_and_the_opponent_recaptures_at_once() {
        Given game = Given.of("quest", CAPTURE);
        Verdict.Accepted capture = game.accepts("exd5");
        assertEquals(Side.BLACK, capture.position().sideToMove(), "Black is asked to answer");
        assertEquals("turn=w,played=1,moved=-,awaits=recapture-d5", awaits(capture.position()));
        assertTrue(described(capture.position()).contains("Awaited: Black may recapture on d5, or decline."));

        Verdict.Accepted recapture = game.accepts("cxd5");
        assertEquals("[cxd5]", recapture.notation());
        assertEquals(Side.WHITE, recapture.position().sideToMove(), "White's turn goes on");
        assertEquals(2, recapture.position().turnNumber());
        assertEquals("turn=w,played=1,moved=-,awaits=none", awaits(recapture.position()));

        Verdict.Accepted rest = game.accepts("Nd4");
        assertEquals(Side.BLACK, rest.position().sideToMove(), "the mail's last move ends the turn");
        assertEquals("", awaits(rest.position()), "a turn's start carries no note");
        assertEquals("Black's turn 2: 0 of up to 10 moves played.", described(rest.position()).get(0),
                "the recapture was no move of Black's own turn");
    }

    @Test
    void a_declined_capture_lets_the_capturing_man_move_again() {
        Given game = Given.of("quest", CAPTURE);
        game.accepts("exd5");
        Verdict.Accepted declined = game.accepts("decline");
        assertEquals("[decline]", declined.notation());
        assertEquals(Side.WHITE, declined.position().sideToMove());
        Verdict.Accepted again = game.accepts("dxc6");
        assertEquals("dxc6", again.notation());
        assertEquals(Side.BLACK, again.position().sideToMove(), "nothing can take back on c6, so the turn ends with the mail");
    }

    @Test
    void a_man_that_moved_may_not_move_again_and_the_refusal_says_why() {
        Illegality why = Given.of("quest").refuses("e4, Nf3, e5", Reason.QUEST_MAN_MOVED_TWICE);
        assertEquals("e5", why.moveText());
        assertEquals(2, why.moveIndex());
        assertEquals("Your pawn on e4 has already moved in this turn, and a man moves again only after a capture that was not "
                + "taken back, after giving check, or to get your king out of check.", why.explanation());
        assertEquals(List.of(Square.of("e4")), why.marked());
    }

    @Test
    void castling_is_a_king_move_so_the_rook_may_move_after_it_but_the_king_may_not() {
        Given.of("quest").accepts("e4, Nf3, Bc4, O-O, Re1");
        Given.of("quest").refuses("e4, Nf3, Bc4, O-O, Kh1", Reason.QUEST_MAN_MOVED_TWICE);
    }

    @Test
    void a_promoted_pawn_may_move_again_as_its_new_piece() {
        Verdict.Accepted a = Given.of("quest", "8/1P6/8/7k/8/8/8/4K3 w - - 0 5").accepts("b8=Q, Qb1");
        assertEquals("b8(Q), Qb1", a.notation(), "written as the multi-move records write a promotion");
    }

    @Test
    void whites_first_turn_has_five_moves_and_later_turns_ten() {
        Illegality why = Given.of("quest").refuses("e4, d4, Nf3, Bc4, Nc3, Be3", Reason.QUEST_TOO_MANY_MOVES);
        assertEquals("This turn has 5 moves and 0 of them are played, so 5 more may follow; this mail has more.", why.explanation());
        assertEquals("Be3", why.moveText());
        Given game = Given.of("quest").after("e4, d4, Nf3, Bc4, Nc3");
        game.accepts("a6, b6, c5, d6, e6, g6, h6, Nc6, Nf6, Bg7");
        Illegality eleventh = game.refuses("a3, b3, g3, h3, Rb1, Rg1, Qe2, Bd2, Bb5, Nh4, Na4", Reason.QUEST_TOO_MANY_MOVES);
        assertEquals("Na4", eleventh.moveText());
    }

    @Test
    void a_turn_may_be_passed_only_after_its_first_move() {
        Given.of("quest").refuses("pass", Reason.QUEST_PASS_BEFORE_FIRST_MOVE);
        Given game = Given.of("quest", CAPTURE);
        game.accepts("exd5");
        game.accepts("decline");
        Verdict.Accepted passed = game.accepts("pass");
        assertEquals("pass", passed.notation());
        assertEquals(Side.BLACK, passed.position().sideToMove());
        Given.of("quest").refuses("e4, pass, d4", Reason.QUEST_PASS_NOT_LAST);
    }

    @Test
    void moves_written_after_the_point_where_the_turn_stops_refuse_the_whole_mail() {
        Given game = Given.of("quest", CAPTURE);
        Illegality why = game.refuses("exd5, Nd4", Reason.QUEST_STOPS_FOR_ANSWER);
        assertEquals("The turn stops after exd5, since Black may recapture on d5 or decline; the moves after it are not played "
                + "before that answer.", why.explanation());
        assertEquals("Nd4", why.moveText());
        assertEquals(Fen.read(game.position().rules(), CAPTURE), game.position(), "nothing was half applied");
    }

    @Test
    void a_capture_on_the_last_move_of_a_turn_is_answered_by_the_first_move_of_the_next() {
        // the tenth move, from a turn in progress written in the FEN's quest field
        Given tenth = Given.of("quest", CAPTURE + " note:quest=turn=w,played=9,moved=-,awaits=none");
        Verdict.Accepted last = tenth.accepts("exd5");
        assertEquals(Side.BLACK, last.position().sideToMove());
        assertEquals("", awaits(last.position()), "Black's own turn begins");
        Verdict.Accepted blacks = tenth.accepts("cxd5, Kd7");
        assertEquals(Side.WHITE, blacks.position().sideToMove(), "the recapture was the first of Black's moves");
        // and the player may end a turn with a capture by writing pass after it
        Given ended = Given.of("quest", CAPTURE);
        ended.accepts("exd5, pass");
        assertEquals(Side.BLACK, ended.position().sideToMove());
        assertEquals("", awaits(ended.position()));
    }

    @Test
    void a_check_must_be_met_at_once_and_in_a_discovered_check_the_man_moved_may_move_again() {
        // the bishop on e4 stands between the rook on e1 and the black king on e8
        Given game = Given.of("quest", "4k3/8/8/8/4B3/8/8/4R2K w - - 0 3");
        Verdict.Accepted discovered = game.accepts("Bd5+");
        assertEquals("Bd5+", discovered.notation());
        assertEquals("turn=w,played=1,moved=-,awaits=check", awaits(discovered.position()));
        game.refuses("decline", Reason.QUEST_CHECK_MUST_BE_MET);
        game.refuses("Kd8, Kc7", Reason.QUEST_ONE_ANSWER);
        assertEquals("[Kd8]", game.accepts("Kd8").notation());
        assertEquals("Bb3", game.accepts("Bb3").notation(), "the bishop that discovered the check moves again");
    }

    @Test
    void an_answer_that_checks_the_turn_player_must_be_met_at_once_and_that_move_counts_in_the_turn() {
        // Nxc5 can be taken back by the queen, whose recapture opens the diagonal to g1
        Given game = Given.of("quest", "4k3/q7/8/2p5/8/3N4/8/R5K1 w - - 0 4");
        game.accepts("Nxc5");
        Verdict.Accepted recapture = game.accepts("Qxc5+");
        assertEquals("[Qxc5+]", recapture.notation());
        Illegality noPass = game.refuses("pass", Reason.QUEST_PASS_IN_CHECK);
        assertEquals("Your king on g1 is in check from the black queen on c5 and must get out at once, so the turn cannot end here.",
                noPass.explanation());
        game.refuses("Ra2", Reason.STILL_IN_CHECK);
        Verdict.Accepted out = game.accepts("Kh1, pass");
        assertEquals(Side.BLACK, out.position().sideToMove());
    }

    @Test
    void a_double_step_open_to_en_passant_may_be_taken_at_once_or_declined_and_then_the_chance_is_gone() {
        String fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 5";
        Given taken = Given.of("quest", fen);
        assertEquals("turn=w,played=1,moved=e4,awaits=en-passant-e3", awaits(taken.accepts("e4").position()));
        assertEquals("[dxe3]", taken.accepts("dxe3").notation());
        assertEquals(Side.WHITE, taken.position().sideToMove());

        Given declined = Given.of("quest", fen);
        declined.accepts("e4");
        declined.accepts("decline");
        declined.accepts("Kd2");
        declined.refuses("dxe3", Reason.CANNOT_MOVE_THERE);

        Given lastMove = Given.of("quest", fen);
        lastMove.accepts("e4, pass");
        assertEquals("dxe3", lastMove.accepts("dxe3").notation(), "a double step ending the turn may be taken with the first move");
    }

    @Test
    void an_answer_must_be_the_answer_asked_for() {
        Given game = Given.of("quest", CAPTURE);
        game.accepts("exd5");
        Illegality why = game.refuses("Kd7", Reason.QUEST_NOT_THE_ANSWER);
        assertEquals("White captured on d5: you may recapture there at once, or decline. Kd7 is not such a move.", why.explanation());
        assertEquals("Reply with a move that captures on d5, or decline.", why.hint());
        game.refuses("pass", Reason.QUEST_NOT_THE_ANSWER);
        Given.of("quest").refuses("decline", Reason.QUEST_NOTHING_TO_DECLINE);
        Given.of("quest").refuses("[e4]", Reason.QUEST_NOT_AN_ANSWER_NOW);
    }

    @Test
    void a_capture_nobody_can_take_back_does_not_stop_the_turn() {
        // nothing of Black's reaches c6, so the knight takes, goes on at once, and is free to move again
        Verdict.Accepted a = Given.of("quest", "4k3/8/2p5/8/1N6/8/P7/4K3 w - - 0 2").accepts("Nxc6, Nd4");
        assertEquals("Nxc6, Nd4", a.notation());
        assertEquals(Side.BLACK, a.position().sideToMove());
    }

    @Test
    void checkmate_ends_the_game_even_in_the_middle_of_a_turn() {
        String fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 6";
        Verdict.Accepted mate = Given.of("quest", fen).accepts("Ra8#");
        assertEquals("Ra8#", mate.notation());
        assertEquals(new Outcome(Outcome.Result.WHITE_WINS, Outcome.Termination.CHECKMATE), mate.position().outcome().orElseThrow());
        Illegality after = Given.of("quest", fen).refuses("Ra8, Kf1", Reason.QUEST_MATE_ENDS_GAME);
        assertEquals("Ra8# is checkmate, which ends the game; nothing after it is played.", after.explanation());
    }

    @Test
    void an_answer_that_mates_the_turn_player_ends_the_game() {
        // White takes the knight on e1; the rook's recapture there mates the king boxed in by its own pawns
        Given game = Given.of("quest", "4r1k1/5ppp/8/8/8/8/6PP/1R2n2K w - - 0 5");
        game.accepts("Rxe1");
        Verdict.Accepted mate = game.accepts("Rxe1");
        assertEquals("[Rxe1#]", mate.notation());
        assertEquals(new Outcome(Outcome.Result.BLACK_WINS, Outcome.Termination.CHECKMATE), mate.position().outcome().orElseThrow());
        game.refuses("Kg1", Reason.GAME_OVER);
    }

    @Test
    void a_turn_in_progress_is_written_in_the_fen_and_read_back() {
        Given game = Given.of("quest", CAPTURE);
        Position stopped = game.accepts("exd5").position();
        String fen = Fen.write(stopped);
        assertEquals("4k3/8/2p5/3P4/8/5N2/8/4K3 b - - 0 2 note:quest=turn=w,played=1,moved=-,awaits=recapture-d5", fen);
        Position read = Fen.read(stopped.rules(), fen);
        assertEquals(fen, Fen.write(read));
        assertTrue(Referee.judge(read, "cxd5").isAccepted());
        assertFalse(Referee.judge(read, "Kd7").isAccepted());
        FenException wrongSide = assertThrows(FenException.class, () -> Fen.read(stopped.rules(), fen.replace(" b ", " w ")));
        assertEquals("The note quest cannot be read: it has Black act next, but the FEN gives the move to White.", wrongSide.getMessage());
        assertThrows(FenException.class, () -> Fen.read(stopped.rules(), fen.replace("played=1", "played=x")));
    }

    @Test
    void a_ten_move_segment_is_judged_whole_with_the_look_at_whether_the_game_is_over() {
        // How long this takes is measured by `epistle bench engine` (its Quest-Chess lines), not here.
        Given game = Given.of("quest").after("e4, d4, Nf3, Bc4, Nc3");
        Verdict.Accepted segment = game.accepts("a6, b6, c6, d6, e6, f6, g6, h5, Nd7, Nh6");
        assertFalse(segment.position().isOver());
        assertEquals(Side.WHITE, segment.position().sideToMove());
    }
}
