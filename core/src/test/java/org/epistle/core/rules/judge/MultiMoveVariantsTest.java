package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/** Each multi-move variant's distinctive rule at work: a turn it accepts and one it refuses, with the reason. */
class MultiMoveVariantsTest {

    private static List<Integer> schedule(String key, int turns) {
        Variant v = VariantCatalog.find(key).orElseThrow();
        return IntStream.range(0, turns).mapToObj(h -> v.schedule().moves(h / 2 + 1, h % 2 == 0 ? Side.WHITE : Side.BLACK)).toList();
    }

    // ---- schedules that count turns

    @Test
    void the_schedules_that_count_turns() {
        assertEquals(List.of(1, 2, 3, 4, 5, 6), schedule("progressive", 6));
        assertEquals(List.of(1, 1, 2, 3, 5, 8, 13), schedule("fibonacci", 7));
        assertEquals(List.of(1, 1, 1, 1, 2, 2, 2, 2, 3), schedule("slow-progressive", 9));
        assertEquals(List.of(1, 1, 2, 2, 3, 3), schedule("progressive-paired", 6));
        assertEquals(List.of(9, 10, 1, 2), schedule("progressive-cyclical", 12).subList(8, 12));
        assertEquals(List.of(1, 1, 2, 2, 1, 1, 2, 2), schedule("alternating-marseillais", 8));
        assertEquals(List.of(1, 1, 2, 2, 3, 3, 3), schedule("triplets", 7));
        assertEquals(List.of(1, 2, 2, 2), schedule("double-move", 4));
        assertEquals(List.of(2, 1, 2, 1), schedule("king-and-pawns", 4));
        assertEquals(List.of(1, 2, 1, 2), schedule("monster", 4));
    }

    // ---- schedules that depend on play

    @Test
    void bank_of_scotland_pays_a_move_for_every_check() {
        Given g = Given.of("bank-of-scotland").after("e4", "d6, Kd7", "Qg4+", "Ke8, a6, a5, a4");
        assertEquals(6, g.position().movesThisTurn(), "five by the count, one more for the check");
        g.accepts("a3, b3, c3, d3, f3, h3"); // six moves
        assertEquals(6, g.position().movesThisTurn(), "Black has given no check: six by the count");
    }

    @Test
    void very_scottish_gives_one_move_more_than_the_opponent_made() {
        Given g = Given.of("very-scottish").after("e4", "f6, a6", "Qh5+");
        assertEquals(2, g.position().movesThisTurn(), "White stopped at one move with check");
        g.accepts("g6, a5");
        assertEquals(3, g.position().movesThisTurn());
        g.refuses("d4, Nc3", Reason.TOO_FEW_MOVES);
    }

    @Test
    void switchback_cuts_the_checked_players_turn() {
        Given g = Given.of("switchback").after("e4", "f6, a6", "d4, a3, Qh5+");
        assertEquals(2, g.position().movesThisTurn(), "one fewer than the checker's three");
        g.accepts("g6, a5");
        assertEquals(3, g.position().movesThisTurn(), "counting goes on up from two");
    }

    @Test
    void capturing_progressive_grows_only_while_turns_capture() {
        Given g = Given.of("capturing-progressive").after("e4", "d5", "exd5");
        assertEquals(2, g.position().movesThisTurn());
        g.accepts("Qxd5, Nc6");
        assertEquals(3, g.position().movesThisTurn());
        g.accepts("Nc3, Nf3, a3");
        assertEquals(1, g.position().movesThisTurn(), "a turn without a capture: back to chess");
    }

    // ---- check policies

    @Test
    void progressive_check_ends_the_turn() {
        Given g = Given.of("progressive").after("e4", "f6, a6");
        assertEquals("Qh5+", g.accepts("Qh5+").notation());
        Given h = Given.of("progressive").after("e4", "f6, a6");
        h.refuses("Qh5+, Nc3, Nd5", Reason.CHECK_ENDS_TURN);
    }

    @Test
    void a_player_may_get_out_of_check_late_in_the_turn_when_mate_is_judged_at_its_end() {
        Given late = Given.of("progressive-late-escape").after("e4", "f6, a6", "Qh5+");
        assertEquals("a5, g6, a4, a3", late.accepts("a5, g6, a4, a3").notation());
        Given usual = Given.of("progressive").after("e4", "f6, a6", "Qh5+");
        usual.refuses("a5, g6, a4, a3", Reason.MUST_ESCAPE_FIRST);
    }

    @Test
    void pribylinec_no_man_more_than_twice() {
        Given g = Given.of("progressive-twice-at-most").after("e4", "e5, d5");
        g.refuses("Nc3, Nb5, Na3", Reason.SAME_MAN_AGAIN);
        g.accepts("Nc3, Nxd5, Nf3");
    }

    @Test
    void scottish_modern_ends_the_turn_on_an_attacked_square() {
        Given g = Given.of("scottish-modern").after("e4");
        g.refuses("d5, Nf6", Reason.TURN_ALREADY_OVER);
        assertEquals("d5", g.accepts("d5").notation(), "d5 is attacked by the pawn on e4");
    }

    @Test
    void bank_of_scotland_modern_branch_also_stops_on_an_attacked_square() {
        Given.of("bank-of-scotland-modern").after("e4").refuses("d5, Nf6", Reason.TURN_ALREADY_OVER);
        Given.of("bank-of-scotland").after("e4").accepts("d5, Nf6");
    }

    @Test
    void logical_progressive_has_no_castling() {
        Given g = Given.of("logical-progressive", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        g.refuses("O-O", Reason.MOVE_NOT_IN_VARIANT);
        g.accepts("Kf1");
    }

    @Test
    void english_progressive_lets_a_man_move_again_once_every_man_has_moved() {
        Given g = Given.of("english-progressive", "4k3/8/8/8/8/8/P7/K7 w - - 0 3");
        assertEquals(5, g.position().movesThisTurn());
        g.accepts("a3, Kb2, a4, Kc3, a5");
    }

    @Test
    void progressive_forwards_allows_a_sideways_step_only_before_a_forward_one() {
        Given g = Given.of("progressive-forwards", "4k3/8/8/8/8/8/8/R3K3 w - - 0 2");
        assertEquals(3, g.position().movesThisTurn());
        g.refuses("Rb1, Kd2, Kd3", Reason.NOT_FORWARDS);
        g.accepts("Rb1, Rb2, Kd2");
    }

    // ---- Marseillais relatives

    @Test
    void marseillais_old_rules_take_en_passant_only_the_second_moves_pawn() {
        Given g = Given.of("marseillais-old-rules", "4k3/8/8/8/2p1p3/8/3P1P2/4K3 w - - 0 1");
        g.accepts("d4/Ke2");
        // the d-pawn advanced with White's first move: it may not be taken en passant under these rules
        g.refuses("cxd3/Kd7", Reason.EN_PASSANT_TIMING);
        Given h = Given.of("marseillais-old-rules", "4k3/8/8/8/2p1p3/8/3P1P2/4K3 w - - 0 1").after("Kf1/d4");
        h.accepts("cxd3/Kd7");
    }

    @Test
    void bilateral_one_move_on_each_side() {
        Given.of("bilateral-marseillais").accepts("e4/d4");
        Given.of("bilateral-marseillais").refuses("e4/f4", Reason.WRONG_KIND_OF_MAN);
    }

    @Test
    void central_a_piece_that_crosses_into_the_centre_may_move_again() {
        Given.of("central-marseillais").accepts("e4/e5");
        Given.of("central-marseillais").refuses("e4/Nf3", Reason.WRONG_KIND_OF_MAN);
    }

    @Test
    void black_and_white_first_from_a_light_square_then_from_a_dark_one() {
        Given.of("black-and-white-marseillais").accepts("Nc3/d4");
        Illegality why = Given.of("black-and-white-marseillais").refuses("Nc3/e4", Reason.WRONG_KIND_OF_MAN);
        assertEquals("This move must be made with a man standing on a dark square; the pawn on e2 is not one.", why.explanation());
    }

    @Test
    void a_move_that_cannot_be_made_is_lost_in_bilateral() {
        // no man of White's on the queen's side: the turn is the king's-side move alone
        Given g = Given.of("bilateral-marseillais", "k7/8/8/8/8/8/7P/7K w - - 0 1");
        assertEquals("h3", g.accepts("h3").notation());
    }

    @Test
    void kings_men_and_queens_men_keep_their_side_wherever_they_go() {
        Given g = Given.of("kings-men-queens-men-marseillais");
        g.refuses("e4/f4", Reason.WRONG_KIND_OF_MAN);
        g.accepts("e4/d4");
        g.accepts("d5/e5");
        g.refuses("dxe5/c4", Reason.WRONG_KIND_OF_MAN);
        g.accepts("dxe5/Nf3");
        g.accepts("Nc6/Nf6");
        Illegality why = g.refuses("e6/a3", Reason.WRONG_KIND_OF_MAN);
        assertEquals("This move must be made with a king's man (one that began on files e-h); the pawn on a2 is not one.",
                why.explanation(), "the pawn on e5 began on d2: a queen's man");
        g.accepts("e6/e5");
    }

    @Test
    void queens_side_castling_moves_a_man_of_each_kind() {
        String fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assertEquals("O-O-O", Given.of("kings-men-queens-men-marseillais", fen).accepts("O-O-O").notation());
        Given.of("kings-men-queens-men-marseillais", fen).refuses("O-O-O/Rh2", Reason.TURN_ALREADY_OVER);
        Given.of("kings-men-queens-men-marseillais", fen).accepts("O-O/Ra2");
    }

    @Test
    void piece_and_pawn_one_of_each_in_either_order() {
        Given.of("piece-and-pawn-marseillais").accepts("Nf3/e4");
        Given.of("piece-and-pawn-marseillais").accepts("e4/Bc4");
    }

    @Test
    void maximummer_longest_first_then_another_man() {
        Given.of("maximummer-marseillais").accepts("Nf3/e4");
        Given.of("maximummer-marseillais").refuses("Nf3/Ng5", Reason.SAME_MAN_AGAIN);
    }

    @Test
    void equivalent_and_equidistant_imitate_the_last_move() {
        Given.of("equivalent-marseillais").after("Nf3/e4").accepts("e5/Nc6");
        Given.of("equidistant-marseillais").after("Nf3/e4").accepts("e5/Nc6");
        Given.of("equidistant-marseillais").after("Nf3/e4").refuses("e6/Nc6", Reason.MUST_IMITATE);
        Given.of("balanced-equidistant-marseillais").after("e4").refuses("Nf6/e5", Reason.MUST_IMITATE);
        Given.of("balanced-equidistant-marseillais").after("e4").accepts("d5/d4"); // the second move is free
    }

    // ---- two moves, other forms

    @Test
    void citizen_a_piece_move_then_perhaps_a_pawn_move() {
        Given.of("citizen").accepts("Nf3");
        Given.of("citizen").accepts("Nf3/e4");
        Given.of("citizen").refuses("e4/Nf3", Reason.WRONG_KIND_OF_MAN);
    }

    @Test
    void power_pawn_any_move_then_a_pawn_move() {
        Given.of("power-pawn").accepts("Nf3/e4");
        Given.of("power-pawn").refuses("Nf3/Nc3", Reason.WRONG_KIND_OF_MAN);
        Given.of("power-pawn").refuses("e3/e4", Reason.SAME_MAN_AGAIN);
    }

    @Test
    void double_move_no_check_and_the_king_is_captured() {
        Given g = Given.of("double-move").after("e4", "e5/Qh4");
        assertEquals("f3/Ke2", g.accepts("f3/Ke2").notation(), "the king may walk into the queen's range");
        Verdict.Accepted end = g.accepts("Qxe4/Qxe2");
        assertEquals(new Outcome(Outcome.Result.BLACK_WINS, Outcome.Termination.KING_CAPTURED), end.position().outcome().orElseThrow());
    }

    @Test
    void double_move_refuses_a_turn_that_changes_nothing() {
        Illegality why = Given.of("double-move").after("e4").refuses("Nf6/Ng8", Reason.TURN_CHANGES_NOTHING);
        assertEquals("The knight goes back to g8, so the turn would leave the position as it was, which Double-Move Chess [Galvin] does not allow.",
                why.explanation());
    }

    @Test
    void double_move_takes_both_pawns_of_a_double_double_step_en_passant() {
        Given g = Given.of("double-move", "4k3/8/8/8/2p1p3/8/3P1P2/4K3 w - - 0 2");
        g.accepts("d4/f4");
        g.accepts("cxd3/exf3");
        Given h = Given.of("double-move", "4k3/8/8/8/2p1p3/8/3P1P2/4K3 w - - 0 2").after("d4/Ke2");
        h.refuses("Kd7/cxd3", Reason.EN_PASSANT_TIMING);
    }

    @Test
    void vargius_double_move_win_replays() {
        Replay.Report r = Records.replay("double-move-vargiu.txt");
        assertTrue(r.allAccepted(), () -> Records.describe(r));
        assertEquals(10, r.turns().size());
        assertFalse(r.last().isOver(), "Black resigned: the record says so, not the rules");
        assertEquals("1-0", r.result(Records.read("double-move-vargiu.txt").result()));
    }

    @Test
    void alternating_marseillais_one_then_two() {
        Given g = Given.of("alternating-marseillais");
        g.accepts("e4");
        g.refuses("e5/Nc6", Reason.TOO_MANY_MOVES);
        g.accepts("e5");
        g.accepts("Nf3/Bc4");
    }

    // ---- two moves against one

    @Test
    void king_and_pawns_white_moves_twice_may_stop_after_one_and_may_pass_through_check() {
        Given g = Given.of("king-and-pawns");
        assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3 w kq - 0 1", g.position().toString());
        g.accepts("e4/d4");
        g.refuses("e5/d5", Reason.TOO_MANY_MOVES);
        g.accepts("e5");
        g.accepts("h3");
        Given through = Given.of("king-and-pawns", "3rk3/8/8/8/4K3/8/8/8 w - - 0 1");
        through.accepts("Kd4/Ke3");
        Given.of("king-and-pawns", "3rk3/8/8/8/4K3/8/8/8 w - - 0 1").refuses("Kd4", Reason.TURN_ENDS_IN_CHECK);
    }

    @Test
    void king_and_pawns_escape_at_once_or_by_the_end_of_the_turn() {
        String fen = "4k3/8/8/8/r3K3/8/4P3/8 w - - 0 1";
        Given.of("king-and-pawns", fen).refuses("e3/Kd5", Reason.MUST_ESCAPE_FIRST);
        Given.of("king-and-pawns-late-escape", fen).accepts("e3/Kd5");
    }

    @Test
    void verney_white_checks_only_with_the_second_move() {
        Given g = Given.of("verney");
        assertEquals("rnbqkbnr/8/8/8/8/8/PPPPPPPP/4K3 w kq - 0 1", g.position().toString());
        Given check = Given.of("verney", "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1");
        check.refuses("d7+/Kd2", Reason.CHECK_ON_FIRST_MOVE);
        check.accepts("Kd2/d7+");
    }

    @Test
    void monster_black_moves_twice_and_may_stand_in_check_between() {
        Given g = Given.of("monster");
        assertEquals("4k3/2pppp2/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", g.position().toString());
        g.accepts("e4");
        g.accepts("e5/Ke7");
        Given between = Given.of("monster", "4k3/8/8/8/8/8/8/3RK3 b - - 0 1");
        between.accepts("Kd7/Kc6");
    }

    @Test
    void two_square_check_keeps_the_black_king_at_a_distance() {
        String fen = "4k3/8/8/4K3/8/8/8/8 b - - 0 1";
        Given.of("king-and-pawns-two-square-check", fen).refuses("Ke7", Reason.TURN_ENDS_IN_CHECK,
                "At the end of the turn your king on e7 would be in check from the white king on e5.");
        Given.of("king-and-pawns-two-square-check", fen).accepts("Kf8");
        Given.of("king-and-pawns", fen).accepts("Ke7"); // in the common form White's king never checks
    }

    @Test
    void two_square_check_given_with_the_first_move_does_not_end_whites_turn() {
        Given g = Given.of("king-and-pawns-two-square-check", "4k3/8/8/4K3/8/8/8/8 w - - 0 1");
        assertEquals("Ke6+/Ke5", g.accepts("Ke6/Ke5").notation(), "the check on e6 is given and the turn goes on");
        assertFalse(g.position().isCheck());
        Given common = Given.of("king-and-pawns", "4k3/8/8/4K3/8/8/8/8 w - - 0 1");
        assertEquals("Ke6/Ke5", common.accepts("Ke6/Ke5").notation(), "no check at all in the common form");
    }

    @Test
    void imperatore_the_white_king_and_four_pawns_move_twice() {
        Given g = Given.of("imperatore");
        assertEquals("rnbqkbnr/pppppppp/8/8/8/8/2PPPP2/4K3 w kq - 0 1", g.position().toString());
        g.accepts("e4/d4");
        g.refuses("e5/d5", Reason.TOO_MANY_MOVES);
        g.accepts("e5");
    }

    @Test
    void the_imperatore_mates_the_bare_king_on_its_own() {
        Given g = Given.of("imperatore", "7k/8/4K3/8/8/8/8/8 w - - 0 1");
        assertEquals("Ke7/Kf7#", g.accepts("Ke7/Kf7").notation());
        assertEquals(Outcome.Termination.CHECKMATE, g.position().outcome().orElseThrow().termination());
        assertEquals(Outcome.Result.WHITE_WINS, g.position().outcome().orElseThrow().result());
    }

    @Test
    void imperatore_checks_only_where_its_two_steps_are_not_barred_by_its_own_pawns() {
        // e4 to g3: the squares next to both kings are f3 and f4
        Given.of("imperatore", "8/8/8/8/4K3/7k/8/8 b - - 0 1").refuses("Kg3", Reason.TURN_ENDS_IN_CHECK);
        Given.of("imperatore", "8/8/8/8/4KP2/5P1k/8/8 b - - 0 1").accepts("Kg3");
    }

    @Test
    void one_two_the_white_king_checks_over_its_own_pawns() {
        Given.of("one-two", "8/8/8/8/4KP2/5P1k/8/8 b - - 0 1").refuses("Kg3", Reason.TURN_ENDS_IN_CHECK,
                "At the end of the turn your king on g3 would be in check from the white king on e4.");
        Given.of("one-two", "8/8/8/8/4KP2/5P1k/8/8 b - - 0 1").accepts("Kh2");
    }

    @Test
    void one_two_white_pawns_never_promote_but_still_guard_the_last_rank() {
        Given g = Given.of("one-two", "k7/2P5/8/8/8/8/8/4K3 w - - 0 1");
        g.refuses("c8=Q/Kd2", Reason.MOVE_NOT_IN_VARIANT, "One-Two has no promotion of White's pawns (the pawn on c7 may not move to c8).");
        g.accepts("Kd2/Kd3");
        g.refuses("Kb8", Reason.TURN_ENDS_IN_CHECK);
        g.accepts("Kb7");
        Given.of("imperatore", "k7/2P5/8/8/8/8/8/4K3 w - - 0 1").accepts("c8=Q/Kd2");
    }

    @Test
    void double_trouble_no_check_with_whites_first_move() {
        Given g = Given.of("double-trouble");
        assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4KB2 w kq - 0 1", g.position().toString());
        g.accepts("e4/Bc4");
        Given check = Given.of("double-trouble", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
        check.refuses("Bb5+/Kd2", Reason.CHECK_ON_FIRST_MOVE);
        check.accepts("Kd2/Bb5+");
    }

    // ---- three and more

    @Test
    void triplets_a_pawn_a_piece_and_the_king_in_any_order() {
        Given g = Given.of("triplets").after("e4", "e5");
        g.refuses("d4/f4", Reason.WRONG_KIND_OF_MAN);
        g.accepts("Nf3/d4");
        g.after("Nf6/d5").accepts("Bc4/Ke2/exd5");
        g.refuses("Nc6/Bd6/c6", Reason.WRONG_KIND_OF_MAN);
    }

    @Test
    void threesum_up_to_three_men_and_three_squares() {
        Given.of("threesum").accepts("e3/Nf3");
        Given.of("threesum").accepts("a3/b3/c3");
        Given.of("threesum").accepts("Nf3");
    }

    @Test
    void battle_chess_every_man_once_and_checks_go_on() {
        Given.of("battle-chess").accepts("e4/d4/Nf3/Nc3/Bc4");
        Given.of("battle-chess").refuses("e3/e4", Reason.SAME_MAN_AGAIN);
        Given two = Given.of("battle-chess", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
        assertEquals("Ra8+/Rh7#", two.accepts("Ra8+/Rh7").notation(), "the check goes on to a second move, and mates");
    }

    @Test
    void omni_chess_only_the_end_of_the_turn_counts_but_the_later_rule_escapes_first() {
        Given g = Given.of("omni-chess", "4k3/8/8/8/8/8/8/r3K2R w - - 0 1");
        g.accepts("Rh2/Kd2");
        Given.of("omni-chess-escape-first", "4k3/8/8/8/8/8/8/r3K2R w - - 0 1").refuses("Rh2/Kd2", Reason.MUST_ESCAPE_FIRST);
    }

    @Test
    void hurricane_a_check_ends_the_turn() {
        Given.of("hurricane", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1").refuses("Ra8+/Rh7", Reason.CHECK_ENDS_TURN);
        Given.of("hurricane").accepts("e4/d4/Nf3");
    }

    @Test
    void doublet_twins_move_together_or_one_moves_alone() {
        Given.of("doublet").accepts("Nf3/Nc3");
        Given.of("doublet").accepts("e4");
        Given.of("doublet").refuses("e4/d4", Reason.NO_TWIN);
        Given.of("doublet").refuses("Nf3/e4", Reason.NOT_THE_TWIN);
        Given.of("doublet", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1").accepts("Ra8+/Rh7");
    }

    @Test
    void swarm_every_man_that_can_move_moves_and_the_king_can_be_taken() {
        Given g = Given.of("swarm", "4k3/8/8/8/8/8/P7/R3K3 w - - 0 1");
        g.refuses("a3/Kd2", Reason.TOO_FEW_MOVES);
        g.accepts("a3/Kd2/Rb1");
        Given take = Given.of("swarm", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
        Verdict.Accepted won = take.accepts("Ra8+/Rh8/Kd2");
        assertFalse(won.position().isOver(), "checked twice, not taken: Black may answer");
        Given kill = Given.of("swarm", "4k3/8/8/8/8/8/4R3/4K2R w - - 0 1");
        Verdict.Accepted end = kill.accepts("Rh8+/Rexe8");
        assertEquals(Outcome.Termination.KING_CAPTURED, end.position().outcome().orElseThrow().termination());
    }

    @Test
    void sputniks_move_before_the_normal_move() {
        Given g = Given.of("sputnik", "4k3/8/8/1N6/8/8/P7/4K3 w - - 0 1");
        assertEquals("Nc7+", g.accepts("Nc7+").notation());
        Given h = Given.of("sputnik", "4k3/8/8/1N6/8/8/P7/4K3 w - - 0 1");
        h.accepts("Nd4/a4");
        Given i = Given.of("sputnik", "4k3/8/8/8/1N6/8/P7/4K3 w - - 0 1");
        i.refuses("Nd5/a4", Reason.TURN_ALREADY_OVER);
    }

    @Test
    void kazan_the_chain_fills_each_vacated_square() {
        Given g = Given.of("kazan");
        g.refuses("e4/Ne2", Reason.TOO_FEW_MOVES);
        assertEquals("e4/Ne2/Rg1", g.accepts("e4/Ne2/Rg1").notation());
    }

    @Test
    void brick_one_move_a_division_or_a_fusion() {
        assertEquals("e4", Given.of("brick").accepts("e4").notation());
        Given.of("brick").accepts("Nc3/b4");   // division: b1 and b2 are one brick
        Given.of("brick").accepts("Nf3/e3");   // fusion: f3 and e3 are one brick
        Illegality why = Given.of("brick").refuses("Nf3/a3", Reason.NOT_A_BRICK_MOVE);
        assertEquals("The pawn on a2 cannot make the second part of a double move: it did not stand next to the first man "
                + "(a division) and does not end next to it (a fusion).", why.explanation());
    }

    @Test
    void brick_united_moves_carry_a_man_along() {
        String fen = "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1";
        assertEquals("Ra1-a4&Nb1-b4", Given.of("brick", fen).accepts("Ra1-a4&Nb1-b4").notation());
        assertEquals("4k3/8/8/8/RN6/8/8/4K3 b - - 2 1", Given.of("brick", fen).accepts("Ra1-a4&Nb1-b4").position().toString());
        Given.of("brick", fen).accepts("Ra1-a4&Nb1-b2");  // dropped off on the way
        Given.of("brick", fen).accepts("Nb1-c3&Ra1-b3");  // by the knight's power: a leap, the whole way
        Given.of("brick", fen).refuses("Nb1-c3&Ra1-a2", Reason.UNITED_MOVE_ILLEGAL);
        Illegality king = Given.of("brick", "4k3/8/8/8/8/8/8/R3KB2 w - - 0 1").refuses("Bf1-c4&Ke1-b4", Reason.UNITED_MOVE_ILLEGAL);
        assertEquals("The united move Bf1-c4&Ke1-b4 cannot be made: a king takes no part in a united move.", king.explanation());
        Given.of("chess").refuses("Ra1-a4&Nb1-b4", Reason.UNITED_MOVE_ILLEGAL);
    }

    @Test
    void brick_a_united_move_along_its_own_line_moves_both_at_once() {
        String fen = "4k3/8/8/8/8/8/R7/R3K3 w - - 0 1";
        assertEquals("4k3/R7/R7/8/8/8/8/4K3 b - - 2 1",
                Given.of("brick", fen).accepts("Ra1-a6&Ra2-a7").position().toString(), "the front rook is carried ahead of the other");
        Given.of("brick", fen).refuses("Ra1-a6&Ra2-a3", Reason.UNITED_MOVE_ILLEGAL); // dropped in the carrier's way
        Illegality promotes = Given.of("brick", "4k3/RP6/8/8/8/8/8/4K3 w - - 0 1").refuses("Ra7-a8&b7-b8", Reason.UNITED_MOVE_ILLEGAL);
        assertEquals("The united move Ra7-a8&b7-b8 cannot be made: a pawn is not promoted by a united move.", promotes.explanation());
    }

    @Test
    void brick_the_search_knows_united_moves_so_this_check_is_not_mate() {
        // The rook on e8 checks; the king is boxed in, and no man can reach the e-file by an ordinary move,
        // nor two men by a division or a fusion. Only the rook on c4 carrying the pawn on d4 one square
        // right puts a man on e4.
        String fen = "k3r3/8/8/8/2RP4/8/3P1P2/3RKR2 w - - 0 1";
        Position p = Given.of("brick", fen).position();
        assertTrue(p.isCheck());
        TurnSearch.Result r = TurnSearch.run(p);
        assertTrue(r.found());
        assertEquals(2, r.turn().size(), "the united move, as two shifts");
        Given.of("brick", fen).refuses("d3", Reason.TURN_ENDS_IN_CHECK);
        Illegality stillInCheck = Given.of("brick", fen).refuses("Rc4-c5&d4-d5", Reason.TURN_ENDS_IN_CHECK);
        assertEquals("Rc4-c5&d4-d5", stillInCheck.moveText());
        Verdict.Accepted a = Given.of("brick", fen).accepts("Rc4-d4&d4-e4");
        assertEquals("k3r3/8/8/8/3RP3/8/3P1P2/3RKR2 b - - 1 1", a.position().toString());
    }

    @Test
    void every_multi_move_variant_starts_and_has_a_first_turn() {
        for (Variant v : VariantCatalog.all()) {
            Position p = Given.of(v, null).position();
            assertTrue(TurnSearch.hasCompleteTurn(p), v.key());
            assertFalse(p.isOver(), v.key());
        }
    }

    @Test
    void every_key_and_alias_names_one_variant_whose_rules_say_how_to_write_a_turn() {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Variant v : VariantCatalog.all()) {
            assertTrue(names.add(v.key()), "duplicate " + v.key());
            for (String alias : v.aliases()) {
                assertTrue(names.add(alias), "duplicate " + alias);
                assertEquals(v, VariantCatalog.find(alias).orElseThrow(), alias);
            }
            assertEquals(v, VariantCatalog.find(v.key()).orElseThrow());
            if (v.isMultiMove()) {
                assertTrue(v.rules().contains("Write"), v.key() + ": " + v.rules());
            }
        }
        assertTrue(names.size() > 80, "keys and aliases: " + names.size());
    }

    @Test
    void squares_named_in_a_refusal_are_marked() {
        Illegality why = Given.of("bilateral-marseillais").refuses("e4/f4", Reason.WRONG_KIND_OF_MAN);
        assertEquals(List.of(Square.of("f2")), why.marked());
    }
}
