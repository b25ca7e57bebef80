package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.variant.PhysicsVariants;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Every reason a turn can be refused, with the sentence the player reads. */
class ExplanationsTest {
    private static final Set<Reason> SEEN = EnumSet.noneOf(Reason.class);
    private static final String START = null;

    private static Illegality seen(Illegality i) {
        SEEN.add(i.reason());
        return i;
    }

    private static Illegality refused(Given given, String turn, Reason reason, String sentence) {
        Illegality why = seen(given.refuses(turn, reason));
        assertEquals(sentence, why.explanation());
        return why;
    }

    @Test
    void a_move_that_cannot_be_read_points_at_the_spot() {
        Illegality why = seen(Given.chess(START).refuses("Nz9", Reason.UNREADABLE));
        assertTrue(why.explanation().contains("'z' at character 2"), why.explanation());
        assertEquals(Reason.Kind.CANNOT_READ, why.reason().kind());
    }

    @Test
    void an_empty_turn_is_refused() {
        seen(Given.chess(START).refuses(" , ", Reason.UNREADABLE));
        SEEN.add(Reason.EMPTY_TURN); // reachable only through judge(position, List.of())
        assertEquals(Reason.EMPTY_TURN, ((Verdict.Rejected) Referee.judge(Given.chess(START).position(), List.of()))
                .why().reason());
    }

    @Test
    void no_piece_on_the_square() {
        refused(Given.chess(START), "e3-e4", Reason.NO_PIECE_ON_SQUARE, "There is no piece of yours on e3.");
    }

    @Test
    void the_opponents_piece() {
        refused(Given.chess(START), "e7-e5", Reason.OPPONENTS_PIECE,
                "The piece on e7 is the black pawn, which is not yours to move.");
    }

    @Test
    void the_piece_named_is_not_the_one_on_the_square() {
        refused(Given.game(VariantCatalog.CHESS, Armies.REMARKABLE_ROOKIES, Armies.FABULOUS_FIDES, START),
                "(HFD)d1-c3", Reason.WRONG_PIECE_NAMED,
                "The piece on d1 is your Chancellor (RN), not the Half-Duck (HFD) the move names.");
    }

    @Test
    void no_such_piece() {
        refused(Given.chess("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), "Nf3", Reason.NO_SUCH_PIECE,
                "You have no knight on the board.");
    }

    @Test
    void own_piece_on_the_target() {
        refused(Given.chess(START), "Nd2", Reason.OWN_PIECE_ON_TARGET, "Your own pawn stands on d2.");
    }

    @Test
    void an_army_piece_that_does_not_move_that_way() {
        refused(Given.game(VariantCatalog.CHESS, Armies.REMARKABLE_ROOKIES, Armies.FABULOUS_FIDES, "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1"),
                "(WD)b1-c3", Reason.CANNOT_MOVE_THERE,
                "A Woody Rook (WD) on b1 moves to b2, c1, b3, d1 — not to c3.");
    }

    @Test
    void a_piece_with_no_move_at_all() {
        refused(Given.chess(START), "Ra1-b3", Reason.CANNOT_MOVE_AT_ALL,
                "A rook on a1 cannot move to b3; in this position it has no move at all.");
    }

    @Test
    void none_of_several_pieces_can_go_there() {
        refused(Given.chess(START), "Ne4", Reason.NONE_CAN_MOVE_THERE, "None of your knights can move to e4.");
    }

    @Test
    void a_blocked_path() {
        refused(Given.chess("4k3/8/8/8/p7/8/8/R3K3 w - - 0 1"), "Ra1-a8", Reason.PATH_BLOCKED,
                "The path from a1 to a8 is blocked by the black pawn on a4.");
    }

    @Test
    void a_capture_of_nothing() {
        refused(Given.chess(START), "Nxf3", Reason.NOTHING_TO_CAPTURE, "There is nothing to capture on f3.");
    }

    @Test
    void a_pinned_piece_leaves_the_king_in_check() {
        refused(Given.chess("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1"), "Nf3", Reason.LEAVES_KING_IN_CHECK,
                "This leaves your king on e1 in check from the black bishop on b4.");
    }

    @Test
    void a_move_that_ignores_a_check() {
        refused(Given.chess("4k3/8/8/8/1b6/8/P7/4K3 w - - 0 1"), "a3", Reason.STILL_IN_CHECK,
                "Your king on e1 is in check from the black bishop on b4, and this move does not get it out.");
    }

    @Test
    void in_marseillais_the_first_move_must_escape_check() {
        refused(Given.marseillais("4k3/8/8/8/1b6/8/P7/4K3 w - - 0 1"), "a3/Kf2", Reason.MUST_ESCAPE_FIRST,
                "Your king on e1 is in check from the black bishop on b4; the first move of the turn must get it out of check.");
    }

    @Test
    void castling_after_the_rook_has_moved() {
        refused(Given.chess("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"), "O-O", Reason.CASTLING_RIGHT_LOST,
                "You may no longer castle on the king's side: your king or the piece on h1 has already moved.");
    }

    @Test
    void castling_through_pieces() {
        refused(Given.chess(START), "O-O", Reason.CASTLING_BLOCKED, "You may not castle on the king's side: f1 is occupied.");
    }

    @Test
    void castling_out_of_check() {
        refused(Given.chess("4k3/8/8/8/8/8/8/r3K2R w K - 0 1"), "O-O", Reason.CASTLING_OUT_OF_CHECK,
                "You may not castle while your king on e1 is in check from the black rook on a1.");
    }

    @Test
    void castling_through_an_attacked_square() {
        refused(Given.chess("4k3/8/8/8/8/6n1/8/4K2R w K - 0 1"), "O-O", Reason.CASTLING_THROUGH_CHECK,
                "You may not castle through f1: it is attacked by the black knight on g3.");
    }

    @Test
    void a_promotion_must_name_the_piece() {
        Illegality why = seen(Given.chess("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").refuses("a8", Reason.PROMOTION_PIECE_MISSING));
        assertEquals("A pawn that reaches a8 must become another piece; the move does not say which.", why.explanation());
        assertEquals("Add the piece, for example a8=Q; you may choose queen, rook, bishop, knight.", why.hint());
    }

    @Test
    void a_pawn_may_not_become_a_king() {
        refused(Given.chess("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "a8=(K)", Reason.NOT_A_PROMOTION_PIECE,
                "A pawn may not become K; it may become queen, rook, bishop, knight.");
    }

    @Test
    void only_the_last_rank_promotes() {
        refused(Given.chess(START), "e4=Q", Reason.PROMOTION_NOT_POSSIBLE,
                "Only a pawn reaching the last rank is promoted, so Q cannot be asked for here.");
    }

    @Test
    void two_knights_that_could_both_go() {
        Illegality why = seen(Given.chess("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").refuses("Nd2", Reason.AMBIGUOUS));
        assertEquals("\"Nd2\" could be played by more than one piece: Nbd2, Nfd2.", why.explanation());
        assertEquals(Reason.Kind.AMBIGUOUS, why.reason().kind());
    }

    @Test
    void an_abbreviated_pawn_capture_names_the_files_and_needs_one_capture_to_fit() {
        refused(Given.chess(START), "exd", Reason.NO_PAWN_CAPTURE, "No pawn of yours on the e-file can capture on the d-file.");
        // the pawn on e4 may take on d5 or on f5, the one on c4 on d5 or b5: "exd" is one capture, "ed5" too
        Given twoWays = Given.chess("4k3/8/8/1p1p1p2/2P1P3/8/8/4K3 w - - 0 1");
        twoWays.accepts("exd");
        Given.chess("4k3/8/8/1p1p1p2/2P1P3/8/8/4K3 w - - 0 1").accepts("ed5");
        // two pawns on the e-file that can both take on the d-file: the rank must be written
        Illegality why = seen(Given.chess("4k3/8/8/3p4/4P3/3p4/4P3/4K3 w - - 0 1").refuses("exd", Reason.AMBIGUOUS));
        assertEquals("\"exd\" could be played by more than one piece: exd3, exd5.", why.explanation());
    }

    @Test
    void a_check_on_the_first_move_ends_a_marseillais_turn() {
        Given g = Given.marseillais(START).after("Nf3/e4", "d5/dxe4");
        Illegality why = seen(g.refuses("Bb5+/Ne5", Reason.CHECK_ENDS_TURN));
        assertEquals("A check on the first move ends a Marseillais turn, so the second move is not played.", why.explanation());
        assertEquals(1, why.moveIndex());
        assertEquals("Ne5", why.moveText());
    }

    @Test
    void too_many_moves() {
        refused(Given.chess(START), "e4, d4", Reason.TOO_MANY_MOVES, "This turn of Chess has 1 move; you sent 2.");
    }

    @Test
    void too_few_moves() {
        Illegality why = refused(Given.marseillais(START), "e4", Reason.TOO_FEW_MOVES, "This turn of Marseillais Chess has 2 moves; you sent 1.");
        assertTrue(why.hint().startsWith("Add the missing move, for example e4/"), why.hint());
        Illegality progressive = refused(Given.of("progressive").after("e4"), "e5", Reason.TOO_FEW_MOVES,
                "This turn of Progressive Chess has 2 moves; you sent 1.");
        assertTrue(progressive.hint().matches("Add the missing move, for example e5, \\S+\\."), progressive.hint());
    }

    @Test
    void a_turn_that_cannot_be_completed() {
        Illegality why = refused(Given.marseillais("8/8/8/8/7p/p7/P1k4P/K7 w - - 0 1"), "h3", Reason.TURN_CANNOT_BE_COMPLETED,
                "After h3 you would have no legal move left to complete the turn.");
        // here no complete turn exists at all (the FEN is a stalemate), so the hint offers no example
        assertEquals("Choose a turn that you can play to the end.", why.hint());
        String fen = "8/8/8/8/7p/p5p1/P1k3PP/K7 w - - 0 1";
        Illegality withWay = refused(Given.marseillais(fen), "h3", Reason.TURN_CANNOT_BE_COMPLETED,
                "After h3 you would have no legal move left to complete the turn.");
        String example = withWay.hint().replaceFirst("^Choose a turn that you can play to the end, for example (.*)\\.$", "$1");
        assertEquals("hxg3/g4", example, withWay.hint());
        Given.marseillais(fen).accepts(example);
    }

    @Test
    void nothing_is_played_after_the_king_is_taken() {
        Illegality why = refused(KingCaptureTest.twoMoves("4k3/8/8/8/8/8/8/4RK2 w - - 0 1"), "Rxe8/Kg2",
                Reason.KING_TAKEN_ENDS_GAME,
                "Your first move took the king, which wins the game at once; nothing after it is played.");
        assertEquals("Send the turn up to the capture: Rxe8.", why.hint());
    }

    // Momentum Chess

    private static Given momentum() {
        return Given.game(VariantCatalog.MOMENTUM, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES, null);
    }

    @Test
    void a_piece_in_motion_cannot_be_sent_elsewhere() {
        Illegality why = refused(momentum().after("e2-e4", "Ng8-f6"), "e4-e5", Reason.MOMENTUM_MUST_CONTINUE,
                "Your pawn on e4 is in motion: it goes on to e6 unless it is stopped, so it cannot go to e5 this turn.");
        assertEquals("Let it go on: write e4-e6, or leave it out and it goes on by itself; or stop it with e4-e4.", why.hint());
    }

    @Test
    void a_piece_in_motion_is_not_advised_a_stop_after_the_turn_used_its_one_action() {
        Illegality why = refused(momentum().after("e2-e4", "Ng8-f6"), "d2-d4, e4-e5", Reason.MOMENTUM_MUST_CONTINUE,
                "Your pawn on e4 is in motion: it goes on to e6 unless it is stopped, so it cannot go to e5 this turn.");
        assertEquals("Let it go on: write e4-e6, or leave it out and it goes on by itself. It cannot be stopped this turn: "
                + "d2-d4 already used your move.", why.hint());
    }

    @Test
    void a_pawn_left_out_that_goes_on_to_promote_must_be_written_with_its_piece() {
        Illegality why = refused(Given.game(VariantCatalog.MOMENTUM, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES,
                        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 motion:a7:0:1"), "Ke1-d1", Reason.MOMENTUM_PROMOTES_UNWRITTEN,
                "Your pawn on a7 goes on to a8 by itself and becomes another piece there, and the turn does not say which.");
        assertEquals("Write its move with the piece, for example a7-a8=Q; you may choose queen, rook, bishop, knight.", why.hint());
    }

    @Test
    void a_blocked_piece_cannot_go_on() {
        refused(momentum().after("e2-e4", "e7-e5"), "e4-e6", Reason.MOMENTUM_BLOCKED,
                "Your pawn on e4 cannot go on to e6: it is blocked by the black pawn on e5.");
    }

    @Test
    void only_one_start_or_stop_a_turn() {
        refused(momentum(), "e2-e4, d2-d4", Reason.ONE_ACTION_PER_TURN,
                "Only one piece may be started or stopped per turn: e2-e4 already used your move, and d2-d4 would set a second piece moving.");
    }

    @Test
    void a_piece_that_went_on_may_only_be_stopped() {
        Illegality why = refused(momentum().after("e2-e4", "Ng8-f6"), "e4-e6, e6-e7", Reason.ALREADY_MOVED_BY_MOMENTUM,
                "Your pawn already went on by its momentum this turn; apart from being stopped where it arrived, a piece does only one thing in a turn.");
        assertEquals("To stop it on e6, write e6-e6.", why.hint());
    }

    @Test
    void a_piece_that_went_on_is_not_advised_a_stop_after_the_turn_used_its_one_action() {
        Illegality why = refused(momentum().after("e2-e4", "Ng8-f6"), "d2-d4, e4-e6, e6-e7", Reason.ALREADY_MOVED_BY_MOMENTUM,
                "Your pawn already went on by its momentum this turn; apart from being stopped where it arrived, a piece does only one thing in a turn.");
        assertEquals("It goes on in motion from e6: d2-d4 already used your move, so it cannot be stopped this turn.", why.hint());
    }

    @Test
    void a_second_start_is_told_that_pieces_in_motion_go_on_by_themselves() {
        Illegality why = refused(momentum(), "e2-e4, d2-d4", Reason.ONE_ACTION_PER_TURN,
                "Only one piece may be started or stopped per turn: e2-e4 already used your move, and d2-d4 would set a second piece moving.");
        assertEquals("Start or stop one piece only. Pieces in motion need not be written: left out, they go on by themselves, "
                + "or stop when they cannot.", why.hint());
    }

    @Test
    void a_piece_at_rest_cannot_be_stopped() {
        refused(momentum(), "Ng1-g1", Reason.NOT_IN_MOTION, "Your knight on g1 is not in motion, so there is nothing to stop.");
    }

    @Test
    void a_charged_square_that_fits_no_piece() {
        Given g = Given.game(PhysicsVariants.PARTICLE_COLLISION, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES, START)
                .after("e4", "e5", "d4", "exd4", "Qxd4");
        Illegality why = refused(g, "Bd6", Reason.CHARGED_SQUARE,
                "A bishop may not go to d6: its mass 3 and the energy 1 on d6 make 4, which is not a multiple of 3, 5 or 7.");
        assertEquals(List.of(Square.of("d6")), why.marked());
    }

    @Test
    void a_transformation_with_a_choice_must_name_the_piece() {
        // Qxd4 sends the pawn's unit south to d1; the rook then meets it there: 5 + 1 = 6, a knight or a bishop
        Given g = Given.game(PhysicsVariants.PARTICLE_COLLISION, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES,
                "4k3/8/8/8/3p4/8/8/R2QK3 w - - 0 1").after("Qxd4", "Kf8");
        Illegality why = refused(g, "Rd1", Reason.TRANSFORMATION_CHOICE,
                "On d1 the rook's mass and the energy 1 there make 6, which may become knight or bishop; the move must say which.");
        assertEquals("Write the piece after the move, for example Rd1=N.", why.hint());
        refused(g, "Rd1=Q", Reason.NOT_A_TRANSFORMATION, "On d1 mass and energy make 6, which can become knight or bishop, not Q.");
        g.accepts("Rd1=B");
    }

    @Test
    void a_move_in_the_movers_field_variant_names_its_field() {
        Given g = Given.game(PhysicsVariants.MAGNETIC_MOVER_CHOICE, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES, START);
        Illegality why = refused(g, "Nf3", Reason.FIELD_CODE_MISSING,
                "In Magnetic Chess (mover's field) every move names its own field: four letters R, A or N in brackets after the move.");
        assertEquals("Write it like this: Nf3(RAAR).", why.hint());
    }

    @Test
    void a_position_may_not_come_back_in_anti_gravity() {
        Given g = Given.game(PhysicsVariants.ANTI_GRAVITY, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES, "k7/8/8/8/8/8/8/R6K w - - 0 1")
                .after("Rb1", "Kb8", "Ra1");
        refused(g, "Ka8", Reason.POSITION_REPEATED,
                "This turn would bring back a position that has already been on the board, and in Anti-gravity Chess no position may come back.");
    }

    @Test
    void no_turn_after_the_game_is_over() {
        Given g = Given.chess(START).after("f3", "e5", "g4", "Qh4#");
        refused(g, "e4", Reason.GAME_OVER, "The game is over: 0-1 by checkmate.");
    }

    @Test
    void a_san_move_explains_the_block_as_long_algebraic_does() {
        Given opening = Given.chess(START).after("e4");
        Illegality san = refused(opening, "Bc5", Reason.PATH_BLOCKED, "The path from f8 to c5 is blocked by the black pawn on e7.");
        assertEquals(List.of(Square.of("f8"), Square.of("c5"), Square.of("e7")), san.marked());
        Illegality longForm = Given.chess(START).after("e4").refuses("Bf8-c5", Reason.PATH_BLOCKED);
        assertEquals(longForm.explanation(), san.explanation());
        assertEquals(longForm.marked(), san.marked());
        // the c8 bishop cannot reach c5 at all, so the f8 bishop is the one meant; when both of a kind are held
        // up on their way (the rooks a1 and h1 by the knights beside them), the server does not guess
        refused(Given.chess("4k3/8/8/8/8/8/4K3/RN4NR w - - 0 1"), "Rd1", Reason.NONE_CAN_MOVE_THERE,
                "None of your rooks can move to d1.");
    }

    @Test
    void a_refusal_marks_the_squares_it_is_about() {
        Illegality why = Given.chess("4k3/8/8/8/p7/8/8/R3K3 w - - 0 1").refuses("Ra1-a8", Reason.PATH_BLOCKED);
        assertEquals(List.of(Square.of("a1"), Square.of("a8"), Square.of("a4")), why.marked());
        assertEquals("Not accepted: Ra1-a8. The path from a1 to a8 is blocked by the black pawn on a4.", why.fullText());
    }

    // ---- the multi-move games' own refusals

    @Test
    void a_turn_ended_by_the_variants_own_rule_takes_no_more_moves() {
        // Citizen Chess: a capture with the first move ends the turn
        refused(Given.of("citizen", "4k3/8/8/3p4/8/2N5/4P3/4K3 w - - 0 1"), "Nxd5/e4", Reason.TURN_ALREADY_OVER,
                "The turn ended with Nxd5, so no further move may follow.");
    }

    @Test
    void a_turn_may_not_end_with_the_king_still_in_check() {
        refused(Given.of("omni-chess", "4k3/8/8/8/8/8/8/r3K2R w - - 0 1"), "Rh2", Reason.TURN_ENDS_IN_CHECK,
                "At the end of the turn your king on e1 would be in check from the black rook on a1.");
    }

    @Test
    void kings_are_not_captured_where_checks_go_on() {
        refused(Given.of("battle-chess", "4k3/8/8/8/8/8/4R3/4K2R w - - 0 1"), "Rh8+/Rexe8", Reason.KING_CANNOT_BE_CAPTURED,
                "A king is not captured in Battle Chess [Ratushny]: the king on e8 is checked, and checkmate wins.");
    }

    @Test
    void a_triplets_king_does_not_step_into_check_even_for_a_moment() {
        refused(Given.of("triplets", "4k3/8/8/8/8/8/3r1P2/R3K3 w - - 0 3"), "Kd1/Rxd2/f4", Reason.KING_STEPS_INTO_CHECK,
                "In Triplets a king may not step onto an attacked square even in the middle of a turn, and d1 is attacked.");
    }

    @Test
    void italian_progressive_forbids_a_check_before_the_last_move() {
        refused(Given.of("italian-progressive").after("e4", "f6, d6"), "Qh5+, Nc3, Nd5", Reason.CHECK_BEFORE_LAST_MOVE,
                "Only the last move of a turn may give check in Italian Progressive Chess, and this move gives check with 2 moves still to play.");
    }

    @Test
    void the_old_marseillais_rules_forbid_a_check_on_the_first_move() {
        refused(Given.of("marseillais-old-rules").after("e4/d4", "f6/d6"), "Qh5+/Nc3", Reason.CHECK_ON_FIRST_MOVE,
                "In Marseillais Chess (alternative rules) the first move of a turn may not give check.");
    }

    @Test
    void different_men_marseillais_refuses_the_same_man_twice() {
        refused(Given.of("different-men-marseillais"), "e3/e4", Reason.SAME_MAN_AGAIN,
                "The pawn on e3 has already moved once in this turn, and no man may move twice in a turn.");
    }

    @Test
    void english_progressive_moves_every_man_once_before_any_twice() {
        refused(Given.of("english-progressive").after("e4"), "a6, a5", Reason.MAN_NOT_YET_DUE,
                "The pawn on a6 has moved once already; first every man that can move must move as often, and your pawn on b7 has not.");
    }

    @Test
    void piece_and_pawn_marseillais_wants_one_of_each() {
        refused(Given.of("piece-and-pawn-marseillais"), "e4/d4", Reason.WRONG_KIND_OF_MAN,
                "This move must be made with a piece (the king counts); the pawn on d2 is not one.");
    }

    @Test
    void maximummer_starts_with_a_longest_move() {
        refused(Given.of("maximummer-marseillais"), "e4/Nf3", Reason.NOT_LONGEST_MOVE,
                "The first move of a turn must be one of the longest legal moves (2.24); this one is 2.00 long.");
    }

    @Test
    void equivalent_marseillais_copies_the_opponents_last_piece() {
        refused(Given.of("equivalent-marseillais").after("Nf3/e4"), "Nc6/e5", Reason.MUST_IMITATE,
                "The first move of the turn must be made with a pawn, since such a move is possible.");
    }

    @Test
    void logical_progressive_has_no_two_square_pawn_move() {
        refused(Given.of("logical-progressive"), "e4", Reason.MOVE_NOT_IN_VARIANT,
                "Logical Progressive Chess has no two-square pawn move.");
    }

    @Test
    void progressive_en_passant_only_with_the_first_move() {
        refused(Given.of("progressive", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"), "Kd7, dxe3", Reason.EN_PASSANT_TIMING,
                "The capture is en passant, and an en-passant capture may only be the first move of a turn.");
    }

    @Test
    void threesum_turns_cover_at_most_three_squares() {
        refused(Given.of("threesum"), "e4/Nf3", Reason.TOO_FAR,
                "The moves of a turn may cover at most 3 squares together; with this one they cover 4.");
    }

    @Test
    void progressive_forwards_never_goes_back() {
        refused(Given.of("progressive-forwards").after("Nf3", "e5, e4"), "Ng1, Nh3, Ng5", Reason.NOT_FORWARDS,
                "In Progressive Forwards Chess no man moves backwards.");
    }

    @Test
    void double_move_refuses_a_turn_that_changes_nothing() {
        refused(Given.of("double-move").after("e4"), "Nf6/Ng8", Reason.TURN_CHANGES_NOTHING,
                "The knight goes back to g8, so the turn would leave the position as it was, which Double-Move Chess [Galvin] does not allow.");
    }

    @Test
    void doublet_a_second_move_only_by_the_twin() {
        refused(Given.of("doublet"), "Nf3/e4", Reason.NOT_THE_TWIN,
                "A second move may only be made by the twin of the knight that moved to f3.");
    }

    @Test
    void swarm_and_kazan_count_the_men_that_must_still_move_not_a_number_of_moves() {
        Illegality swarm = refused(Given.of("swarm", "4k3/8/8/8/8/8/P7/R3K3 w - - 0 1"), "a3/Kd2", Reason.TOO_FEW_MOVES,
                "This turn of Swarm Chess has 3 moves from this position, since your men that can still move must move too; "
                        + "you sent 2.");
        assertTrue(swarm.hint().contains("Add the missing move, for example a3/Kd2/R"), swarm.hint());
        refused(Given.of("kazan"), "e4/Ne2", Reason.TOO_FEW_MOVES,
                "This turn of Kazan Chess has 3 moves from this position, since your men that can still move must move too; "
                        + "you sent 2.");
    }

    @Test
    void doublet_a_pawn_has_no_twin() {
        refused(Given.of("doublet"), "e4/Nf3", Reason.NO_TWIN,
                "Only a rook, bishop or knight may be followed by its twin, and the turn began with your pawn moving to e4, "
                        + "so it has no second move.");
    }

    @Test
    void kazan_the_vacated_square_must_be_filled() {
        refused(Given.of("kazan"), "e4/Nf3", Reason.CHAIN_MOVE_EXPECTED,
                "The next move must bring a man that has not moved yet this turn onto e2, the square just left.");
        refused(Given.of("kazan"), "e4/Be2", Reason.CHAIN_PRIORITY, "A knight can move onto e2, so it goes before your bishop.");
    }

    @Test
    void realm_turns_of_several_men() {
        refused(Given.of("realm"), "Nb1-c3, c2-c4, d2-d4, Ng1-f3, e2-e4", Reason.REALM_TOO_MANY_MEN,
                "A concentration or a dispersal moves at most four men, and this turn moves 5.");
        refused(Given.of("realm"), "Nb1-c3, Ng1-f3", Reason.REALM_NOT_ONE_REALM,
                "These moves neither all end in one realm (a concentration) nor all start in one realm and leave it (a dispersal): "
                + "they go from b1, g1 to c3, f3.");
        refused(Given.of("realm").after("e4", "d5"), "exd5, Nc3", Reason.REALM_CAPTURE,
                "A pawn on e4 would capture on d5, but a man can only be captured by a standard move, a turn of that one move alone.");
        refused(Given.of("realm"), "Ng1=h3", Reason.REALM_OUTSIDE_REALM,
                "A rearrangement keeps its men inside one realm, so your knight on g1 cannot be put on h3: h3 is not in g1's realm, g1-h2.");
        refused(Given.of("realm"), "e2-e4, Ke1=e2", Reason.REALM_MIXED,
                "A turn of Realm Chess is one kind of thing: a standard move, a concentration, a dispersal or a rearrangement; "
                + "this one mixes moves (e2-e4) with men put on squares (Ke1=e2).");
        refused(Given.of("realm", "4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1"), "Nb1-c3, Nd1-c3", Reason.REALM_SAME_SQUARE,
                "Your knight on b1 and your knight on d1 would both end on c3; the men of a turn move at once, so each needs a square of his own.");
        refused(Given.of("realm"), "Ke1=f1", Reason.REALM_SQUARE_TAKEN, "Your king on e1 cannot be put on f1: your bishop stands there and stays.");
        refused(Given.of("realm", "k7/8/8/8/8/8/7P/6K1 w - - 0 1"), "Kg1=h2, h2=g1", Reason.REALM_PAWN_RANK,
                "A rearrangement may not put a pawn on its first or last rank, and g1 is your pawn's first rank.");
        refused(Given.of("realm"), "e2=f2, f2=e2", Reason.REALM_NOTHING_MOVES,
                "This rearrangement leaves the board as it was: every square holds what it held before.");
        Illegality inCheck = refused(Given.of("realm", "k7/r7/8/8/8/8/5PPB/6K1 b - - 0 1").after("Ra1"), "Kh1", Reason.REALM_STILL_IN_CHECK,
                "Your king on g1 is in check from the black rook on a1, and this turn does not get it out.");
        assertEquals("Any kind of turn may answer a check, for example Kg1=h1, Bh2=g1.", inCheck.hint());
        refused(Given.of("realm").after("e4", "e5"), "O-O, a2-a3", Reason.REALM_CASTLING,
                "Castling is a standard move and makes a turn by itself; it cannot be part of a turn of several men.");
    }

    @Test
    void brick_double_moves() {
        refused(Given.of("brick"), "Nf3/a3", Reason.NOT_A_BRICK_MOVE, "The pawn on a2 cannot make the second part of a double move: "
                + "it did not stand next to the first man (a division) and does not end next to it (a fusion).");
        refused(Given.of("brick", "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1"), "Ra1-a4&Nb1-c4", Reason.UNITED_MOVE_ILLEGAL,
                "The united move Ra1-a4&Nb1-c4 cannot be made: the knight on b1 must go the carrier's way, the whole way or part of a slide.");
    }

    @Test
    void quest_chess_turns_and_answers() {
        String capture = "4k3/8/2p5/3p4/4P3/5N2/8/4K3 w - - 0 2"; // exd5 can be taken back by the c-pawn
        refused(Given.of("quest"), "e4, Nf3, e5", Reason.QUEST_MAN_MOVED_TWICE, "Your pawn on e4 has already moved in this turn, "
                + "and a man moves again only after a capture that was not taken back, after giving check, or to get your king out of check.");
        refused(Given.of("quest", capture), "exd5, Nd4", Reason.QUEST_STOPS_FOR_ANSWER, "The turn stops after exd5, since Black may "
                + "recapture on d5 or decline; the moves after it are not played before that answer.");
        refused(Given.of("quest", capture).after("exd5"), "cxd5, Kd7", Reason.QUEST_ONE_ANSWER, "White captured on d5: you may "
                + "recapture there at once, or decline. The answer is one move or decline, and this mail has more: Kd7.");
        refused(Given.of("quest", capture).after("exd5"), "Ke7", Reason.QUEST_NOT_THE_ANSWER, "White captured on d5: you may "
                + "recapture there at once, or decline. Ke7 is not such a move.");
        refused(Given.of("quest", "4k3/8/8/8/4B3/8/8/4R2K w - - 0 3").after("Bd5"), "decline", Reason.QUEST_CHECK_MUST_BE_MET,
                "Your king on e8 is in check, and a check must be met at once: it cannot be declined.");
        refused(Given.of("quest"), "decline", Reason.QUEST_NOTHING_TO_DECLINE, "There is nothing to decline: no capture or en-passant "
                + "chance of yours is waiting for an answer, and it is your turn.");
        refused(Given.of("quest", capture).after("exd5", "decline"), "[Nd4]", Reason.QUEST_NOT_AN_ANSWER_NOW,
                "Nothing is waiting for your answer: it is your turn, which goes on, so a move in square brackets has no place here.");
        refused(Given.of("quest"), "pass", Reason.QUEST_PASS_BEFORE_FIRST_MOVE, "A turn may only be passed after its first move.");
        refused(Given.of("quest"), "e4, pass, d4", Reason.QUEST_PASS_NOT_LAST,
                "The word pass ends the turn, so nothing may follow it; this mail goes on with d4.");
        refused(Given.of("quest", "4k3/q7/8/2p5/8/3N4/8/R5K1 w - - 0 4").after("Nxc5", "Qxc5"), "pass", Reason.QUEST_PASS_IN_CHECK,
                "Your king on g1 is in check from the black queen on c5 and must get out at once, so the turn cannot end here.");
        refused(Given.of("quest"), "e4, d4, Nf3, Bc4, Nc3, Be3", Reason.QUEST_TOO_MANY_MOVES,
                "This turn has 5 moves and 0 of them are played, so 5 more may follow; this mail has more.");
        refused(Given.of("quest", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 6"), "Ra8, Kf1", Reason.QUEST_MATE_ENDS_GAME,
                "Ra8# is checkmate, which ends the game; nothing after it is played.");
    }

    private static final String CASTLED_BLACK = "6k1/pp3ppp/8/8/8/3B1N2/2P4Q/1K4R1 w - - 0 1";

    @Test
    void lene_hau_a_traveller_takes_no_orders_and_blocks_longer_moves() {
        Given rookOnItsWay = Given.of("lene-hau", CASTLED_BLACK).after("Rg1xg7", "a7-a6");
        refused(rookOnItsWay, "Rg2-g4", Reason.TRAVELLER_TAKES_NO_ORDERS,
                "Your rook on g2 is travelling to g7 and takes no new orders until it arrives there.");
        refused(rookOnItsWay, "Qh2-e2", Reason.BLOCKED_BY_TRAVELLER, "The path from h2 to e2 is blocked by the white rook on g2, "
                + "which is travelling to g7: a travelling piece blocks longer moves on the square where it stands now.");
    }

    @Test
    void lene_hau_a_pawn_blocked_by_a_traveller_is_told_which_and_offered_no_capture_of_a_traveller() {
        // the document's 1 Rg1xg7 h7-h5 2 Qh2xh5: on Black's third turn the queen stands on h4, the rook on g4, both travelling
        Given g = Given.of("lene-hau", CASTLED_BLACK).after("Rg1xg7", "h7-h5", "Qh2xh5", "a7-a6", "c2-c3");
        Illegality why = refused(g, "h5-h4", Reason.TRAVELLER_IN_THE_WAY, "Your pawn on h5 cannot step to h4: the white queen stands "
                + "there on its way to h5, and a pawn steps forward only onto an empty square.");
        assertEquals("It has no other move now.", why.hint(), "h5xg4 would take the travelling rook, which cannot be captured");
        assertEquals(List.of(Square.of("h5"), Square.of("h4")), why.marked());
    }

    @Test
    void lene_hau_a_move_from_where_a_travelling_piece_is_going_says_it_has_not_arrived() {
        Illegality why = refused(Given.of("lene-hau", "4k3/8/8/8/8/8/8/K7 w - - 0 1 travel:Rh2:h1>h3"), "Rh3-h5",
                Reason.TRAVELLER_NOT_ARRIVED, "Your rook is travelling from h1 to h3 and stands on h2 now; it takes new orders only "
                        + "once it has arrived on h3.");
        assertEquals("Move a piece that is at rest.", why.hint());
        // named by the square it left, it is the same piece
        refused(Given.of("lene-hau", "4k3/8/8/8/8/8/8/K7 w - - 0 1 travel:Rh2:h1>h3"), "Rh1-h5", Reason.TRAVELLER_NOT_ARRIVED,
                "Your rook is travelling from h1 to h3 and stands on h2 now; it takes new orders only once it has arrived on h3.");
    }

    @Test
    void lene_hau_the_king_must_be_safe_after_the_opponents_next_step() {
        refused(Given.of("lene-hau", "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1 travel:bb7:a8>e4"), "Rb1xb7", Reason.TRAVELLER_CANNOT_BE_CAPTURED,
                "Only the black bishop, on its way to e4, stands on b7, and a travelling piece cannot be captured: "
                        + "a move may not end on b7 while it is the only piece there.");
        refused(Given.of("lene-hau", "8/8/7k/8/8/8/8/1K6 b - - 0 1 travel:Ra4:a1>a8"), "Kh6-h5", Reason.CHECK_AFTER_NEXT_STEP,
                "Your king on h5 would be in check from the white rook on a5 once White's travellers take their next step, "
                        + "before you could move again; being in check on your opponent's turn loses the game.");
        refused(Given.of("lene-hau", "8/8/8/8/4k3/8/8/K7 b - - 0 1 travel:Ng2:g1>f3"), "Ke4-f3", Reason.KING_WHERE_TRAVELLER_ARRIVES,
                "Your king on f3 would stand where the white knight, now on g2, arrives at its next step, and its arrival would take the king.");
    }

    @Test
    void lene_hau_passing() {
        refused(Given.of("lene-hau", CASTLED_BLACK), "pass", Reason.PASS_NOT_ALLOWED,
                "You may pass only when you have no legal move, and you have one: Kb1-a1.");
        refused(Given.of("progressive-lene-hau").after("e2-e4"), "e7-e5, pass", Reason.PASS_IS_A_WHOLE_TURN,
                "A pass is a whole turn by itself; it cannot stand with moves.");
        refused(Given.of("chess"), "pass", Reason.NO_PASSING, "There is no passing in Chess: every turn is a move.");
    }

    @AfterAll
    static void every_reason_has_been_explained() {
        Set<Reason> missing = EnumSet.allOf(Reason.class);
        missing.removeAll(SEEN);
        assertEquals(Set.of(), missing, "reasons without a test of their sentence");
    }
}
