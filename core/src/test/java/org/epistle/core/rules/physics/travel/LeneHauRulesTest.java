package org.epistle.core.rules.physics.travel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.variant.PhysicsVariants;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/**
 * Lene Hau Chess as the document tells it, through the referee: pieces travel a square a turn,
 * pass through everything, arrive with a crowd capture, and check is pictorial.
 */
class LeneHauRulesTest {
    /** The document's attack: Black castled (Kg8, f7 g7 h7), White Qh2 Rg1 Bd3 Nf3; a few pawns and kings to wait with. */
    private static final String CASTLED_BLACK = "6k1/pp3ppp/8/8/8/3B1N2/2P4Q/1K4R1 w - - 0 1";

    @Test
    void rook_and_queen_sent_one_turn_apart_arrive_on_the_same_turn() {
        var game = LeneHauGame.position(CASTLED_BLACK).plays("Rg1xg7", "a7-a6");
        assertEquals(List.of("R>g7"), game.on("g2"), "the rook goes one square at once");
        game.plays("Qh2xh7", "a6-a5", "c2-c3", "a5-a4", "c3-c4", "b7-b6", "Kb1-c1");
        assertEquals(List.of("R>g7"), game.on("g6"));
        assertEquals(List.of("Q>h7"), game.on("h6"));
        assertEquals(List.of("p"), game.on("g7"), "the pawns are still there while the pieces travel");
        game.plays("Kg8-f8", "Kc1-d1");
        assertEquals(List.of("R"), game.on("g7"), "the rook arrives on turn 6 and takes the pawn");
        assertEquals(List.of("Q"), game.on("h7"), "the queen arrives on the same turn and takes the pawn");
        assertTrue(game.position().physics().travellers().isEmpty());
    }

    @Test
    void a_king_left_where_the_arriving_queen_would_check_it_is_refused() {
        var game = LeneHauGame.position(CASTLED_BLACK)
                .plays("Rg1xg7", "a7-a6", "Qh2xh7", "a6-a5", "c2-c3", "a5-a4", "c3-c4", "b7-b6", "Kb1-c1");
        Illegality why = game.refuses("b6-b5");
        assertEquals(Reason.CHECK_AFTER_NEXT_STEP, why.reason());
        assertEquals("g8", why.facts().get("king"));
        assertTrue(why.explanation().contains("once White's travellers take their next step"), why.explanation());
    }

    @Test
    void g7_g5_saves_the_pawn_and_the_rook_still_goes_to_g7_taking_nothing() {
        var game = LeneHauGame.position(CASTLED_BLACK).plays("Rg1xg7", "g7-g5");
        assertEquals(List.of("p>g5"), game.on("g6"), "the pawn's double step takes two turns");
        game.plays("c2-c3", "a7-a6", "c3-c4");
        assertEquals(List.of("p"), game.on("g5"), "the pawn has arrived");
        // the rook will stand on g5 after White's next step and see up the g-file: the king must leave it now
        assertEquals(Reason.CHECK_AFTER_NEXT_STEP, game.refuses("a6-a5").reason());
        game.plays("Kg8-h8", "Kb1-c1");
        assertEquals(List.of("p", "R>g7"), game.on("g5"), "the travelling rook shares the square with the pawn and passes through");
        game.plays("a6-a5", "Kc1-d1", "a5-a4", "Kd1-e1");
        assertEquals(List.of("R"), game.on("g7"), "the rook arrives on g7, which is empty");
        assertEquals(List.of("p"), game.on("g5"), "the pawn is saved");
    }

    /**
     * The record writes 2 Qh2xh5 though h5 is empty in the picture (the pawn is still on h6 on its
     * way): a long move may aim at a square that will be taken, and the x of a record is not
     * checked. The queen arrives on h5 on turn 4, takes the pawn that arrived there, and 5 Qh5-h7
     * arrives on turn 6, when 2 Qh2-h7 would have arrived.
     */
    @Test
    void h7_h5_is_answered_by_qxh5_and_qh5_h7_arrives_as_qh2_h7_would_have() {
        var game = LeneHauGame.position(CASTLED_BLACK).plays("Rg1xg7", "h7-h5", "Qh2xh5");
        assertEquals("Qh2-h5", game.lastNotation(), "h5 is empty in the picture, so the canonical record writes no x");
        game.plays("a7-a6", "c2-c3", "a6-a5", "c3-c4");
        assertEquals(List.of("Q"), game.on("h5"), "the queen arrived on turn 4 and took the pawn");
        game.plays("a5-a4", "Qh5-h7", "Kg8-f8", "Kb1-c1");
        assertEquals(List.of("Q"), game.on("h7"), "turn 6, as Qh2-h7 from turn 2 would have arrived");
        assertEquals(List.of("R"), game.on("g7"));
        assertEquals(5, Path.turns(Geometry.STANDARD, Geometry.STANDARD.index(Square.of("h2")), Geometry.STANDARD.index(Square.of("h7"))));
    }

    /** "1. Rg1-g4 for example, and Bc8-g4 would arrive too late to capture the Rook": the rook arrives first and steps away. */
    @Test
    void a_short_move_arrives_before_a_long_answer_and_can_step_away() {
        var game = LeneHauGame.position("2b3k1/pp3ppp/8/8/8/3B1N2/2P4Q/1K4R1 w - - 0 1")
                .plays("Rg1-g4", "Bc8-g4", "c2-c3", "a7-a6", "c3-c4");
        assertEquals(List.of("R"), game.on("g4"), "the rook arrived on turn 3");
        assertEquals(List.of("b>g4"), game.on("e6"), "the bishop needs two more of Black's turns");
        game.plays("a6-a5", "Rg4-h4", "a5-a4");
        assertEquals(List.of("b"), game.on("g4"), "the bishop arrives on an empty square");
        assertEquals(List.of("R"), game.on("h4"), "the rook stepped away in time: one square, arriving at once");
    }

    @Test
    void a_rook_on_a4_bound_for_a8_checks_the_4th_and_the_5th_rank() {
        var game = LeneHauGame.position("8/8/7k/8/8/8/8/1K6 b - - 0 1 travel:Ra4:a1>a8");
        assertEquals(Reason.CHECK_AFTER_NEXT_STEP, game.refuses("Kh6-h5").reason());
        assertEquals(Reason.CHECK_AFTER_NEXT_STEP, game.refuses("Kh6-g5").reason());
        game.plays("Kh6-h7");
        var fourth = LeneHauGame.position("8/8/8/8/8/7k/8/1K6 b - - 0 1 travel:Ra4:a1>a8");
        assertEquals(Reason.LEAVES_KING_IN_CHECK, fourth.refuses("Kh3-h4").reason(), "the 4th rank is in check now, as in chess");
        assertTrue(fourth.position().isCheck(org.epistle.core.rules.board.Side.BLACK) == false);
        var onFour = LeneHauGame.position("8/8/8/8/7k/8/8/1K6 b - - 0 1 travel:Ra4:a1>a8");
        assertTrue(onFour.position().isCheck(), "a travelling rook gives check where it stands");
    }

    @Test
    void a_move_legal_as_chess_is_refused_when_an_own_traveller_steps_off_the_kings_line() {
        var game = LeneHauGame.position("4r2k/8/8/8/8/8/P7/4K3 w - - 0 1 travel:Be2:d1>h5");
        Illegality why = game.refuses("a2-a3");
        assertEquals(Reason.TURN_ENDS_IN_CHECK, why.reason(), "the bishop steps on to f3 and opens the e-file");
        assertEquals("At the end of the turn your king on e1 would be in check from the black rook on e8.", why.explanation());
        game.plays("Ke1-d1");
        assertEquals(List.of("B>h5"), game.on("f3"));
    }

    @Test
    void a_move_must_be_legal_as_chess_with_the_piece_on_its_destination() {
        // the knight's first step (e3) would still shield the king, but as a chess move Ne2-f4 leaves it to the rook
        var game = LeneHauGame.position("4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1");
        assertEquals(Reason.LEAVES_KING_IN_CHECK, game.refuses("Ne2-f4").reason());
        game.plays("Ke1-d1");
    }

    @Test
    void two_pieces_arriving_together_rest_on_one_square_and_each_may_move_on() {
        var game = LeneHauGame.position("8/7k/8/n7/8/8/3B4/R3K3 w - - 0 1")
                .plays("Ra1xa5", "Kh7-g8", "Bd2xa5", "Kg8-h7", "Ke1-f1", "Kh7-g8");
        assertEquals(List.of("R>a5"), game.on("a4"));
        assertEquals(List.of("B>a5"), game.on("b4"));
        game.plays("Kf1-e1");
        List<String> both = game.on("a5");
        assertEquals(2, both.size(), "rook and bishop both rest on a5: " + both);
        assertTrue(both.containsAll(List.of("R", "B")), "the knight was taken by the crowd capture: " + both);
        game.plays("Kg8-h7", "Ba5-b6");
        assertEquals(List.of("R"), game.on("a5"));
        assertEquals(List.of("B"), game.on("b6"));
    }

    @Test
    void of_two_pieces_on_one_square_a_move_without_a_piece_letter_is_the_pawns() {
        var pawn = LeneHauGame.position("8/8/8/2k5/8/8/8/K7 b - - 0 1 travel:pc5").plays("c5-c4");
        assertEquals(List.of("p"), pawn.on("c4"));
        assertEquals(List.of("k"), pawn.on("c5"));
        var king = LeneHauGame.position("8/8/8/2k5/8/8/8/K7 b - - 0 1 travel:pc5").plays("Kc5-d5");
        assertEquals(List.of("p"), king.on("c5"), "the pawn that rested beside the king now holds the square alone");
        assertEquals(List.of("k"), king.on("d5"));
    }

    @Test
    void a_crowd_capture_takes_every_enemy_piece_at_rest_but_no_traveller() {
        var game = LeneHauGame.position("7k/8/8/b7/8/8/8/1K6 w - - 0 1 travel:Ra4:a1>a5,na5,ra5:a8>a1");
        assertEquals(List.of("b", "n", "r>a1"), game.on("a5"));
        game.plays("Kb1-c1");
        assertEquals(List.of("R", "r>a1"), game.on("a5"), "bishop and knight taken, the travelling rook passes on");
    }

    @Test
    void en_passant_only_after_the_pawn_has_arrived_and_only_on_the_next_turn() {
        var game = LeneHauGame.position("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1").plays("d7-d5");
        assertEquals(List.of("p>d5"), game.on("d6"));
        game.plays("Ke1-f1", "Ke8-f7");
        assertEquals(List.of("p"), game.on("d5"), "the pawn has arrived");
        var taken = LeneHauGame.position(Fen.write(game.position())).plays("e5xd6");
        assertEquals(List.of("P"), taken.on("d6"));
        assertEquals(List.of(), taken.on("d5"), "taken as though it stood on the square it passed");
        game.plays("Kf1-e1", "Kf7-g7");
        assertEquals(Reason.NOTHING_TO_CAPTURE.kind(), game.refuses("e5xd6").reason().kind());
    }

    @Test
    void a_travelling_pawn_cannot_be_captured_you_wait_until_it_arrives() {
        var game = LeneHauGame.position("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1").plays("d7-d5");
        Illegality why = game.refuses("e5xd6");
        assertEquals(Reason.TRAVELLER_CANNOT_BE_CAPTURED, why.reason());
        assertEquals("Only the black pawn, on its way to d5, stands on d6, and a travelling piece cannot be captured: "
                + "a move may not end on d6 while it is the only piece there.", why.explanation());
        game.plays("Ke1-f1", "Ke8-f7");
        assertEquals(List.of("p"), game.on("d5"), "it has arrived");
        game.plays("e5xd6");
        assertEquals(List.of(), game.on("d5"), "now it is taken, en passant");
    }

    @Test
    void a_bishop_passing_through_cannot_be_captured_but_a_knight_resting_under_it_can() {
        // the black bishop from a8, bound for e4, stands on b7 on its way
        Illegality why = LeneHauGame.position("4k3/8/8/8/8/8/8/1R2K3 w - - 0 1 travel:bb7:a8>e4").refuses("Rb1xb7");
        assertEquals(Reason.TRAVELLER_CANNOT_BE_CAPTURED, why.reason());
        assertEquals(List.of(Square.of("b1"), Square.of("b7"), Square.of("e4")), why.marked());
        var crowd = LeneHauGame.position("4k3/1n6/8/8/8/8/8/1R2K3 w - - 0 1 travel:bb7:a8>e4");
        crowd.plays("Rb1xb7");
        assertEquals(List.of("R>b7"), crowd.on("b2"), "a knight rests on b7: the rook sets out to take it");
    }

    @Test
    void a_player_with_no_legal_move_but_a_traveller_must_pass() {
        var game = LeneHauGame.position("8/8/8/8/8/p7/P1k5/K7 w - - 0 1 travel:Rh3:h1>h8");
        assertEquals(Reason.LEAVES_KING_IN_CHECK, game.refuses("Ka1-b1").reason());
        game.plays("pass");
        assertEquals(List.of("R>h8"), game.on("h4"), "the traveller steps on while its owner passes");
    }

    /** The forced pass would move the bishop off the first rank and leave the king to the rook: in check on Black's turn, White has lost. */
    @Test
    void a_player_whose_forced_pass_would_expose_the_king_has_lost() {
        var game = LeneHauGame.position("8/8/8/8/8/p1k5/P6r/K7 b - - 0 1 travel:Bb1:b1>f5").plays("Rh2-h1");
        Outcome outcome = game.position().outcome().orElseThrow();
        assertEquals(Outcome.Termination.NO_COMPLETE_TURN, outcome.termination());
        assertEquals(Outcome.Result.BLACK_WINS, outcome.result());
    }

    @Test
    void a_pass_is_refused_while_a_legal_move_exists() {
        Illegality why = LeneHauGame.position(CASTLED_BLACK).refuses("pass");
        assertEquals(Reason.PASS_NOT_ALLOWED, why.reason());
        assertTrue(why.explanation().startsWith("You may pass only when you have no legal move, and you have one: "), why.explanation());
    }

    @Test
    void there_is_no_passing_in_chess() {
        var chess = org.epistle.core.rules.position.Position.start(org.epistle.core.rules.variant.Ruleset.of(VariantCatalog.CHESS,
                org.epistle.core.rules.piece.Armies.FABULOUS_FIDES, org.epistle.core.rules.piece.Armies.FABULOUS_FIDES));
        var v = org.epistle.core.rules.judge.Referee.judge(chess, "pass");
        assertEquals(Reason.NO_PASSING, ((org.epistle.core.rules.judge.Verdict.Rejected) v).why().reason());
    }

    @Test
    void the_knight_travels_rookwise_first_then_diagonally() {
        var game = LeneHauGame.start(PhysicsVariants.LENE_HAU).plays("Ng1-f3");
        assertEquals(List.of("P", "N>f3"), game.on("g2"), "g1-f3 passes g2 (sharing it with the pawn), not f2");
        game.plays("e7-e5", "d2-d3");
        assertEquals(List.of("N"), game.on("f3"));
    }

    /** Different Armies, as the author recommends: leapers jump in the picture, then travel square by square through what they jumped. */
    @Test
    void army_leapers_travel_through_the_pieces_they_leap() {
        var game = LeneHauGame.armies(PhysicsVariants.LENE_HAU, org.epistle.core.rules.piece.Armies.REMARKABLE_ROOKIES,
                org.epistle.core.rules.piece.Armies.COLORBOUND_CLOBBERERS);
        game.plays("Nb1-b3");
        assertEquals(List.of("P", "N>b3"), game.on("b2"), "the Woody Rook's (WD) D leap goes b2, then b3");
        game.plays("Nb8-d6");
        assertEquals(List.of("p", "n>d6"), game.on("c7"), "the Waffle's (WA) A leap goes diagonally through c7");
        game.plays("Bc1-c4");
        assertEquals(List.of("P", "B>c4"), game.on("c2"), "the Half-Duck's (HFD) H leap: c2, c3, c4");
        assertEquals(List.of("N"), game.on("b3"));
        game.plays("a7-a6", "a2-a3");
        assertEquals(List.of("B>c4"), game.on("c3"));
        assertEquals(List.of("n"), game.on("d6"));
    }

    @Test
    void leapers_of_other_armies_follow_the_line_from_where_they_set_out() {
        Geometry g = Geometry.STANDARD;
        assertEquals(List.of("b2", "b3", "c4"), path(g, "a1", "c4"), "a (2,3) leap starts diagonally: b2 lies nearer the line");
        assertEquals(List.of("a2", "b3", "b4"), path(g, "a1", "b4"), "a (1,3) leap: a2, then b3 nearer the line than a3");
        assertEquals(List.of("g2", "f3"), path(g, "g1", "f3"));
    }

    private static List<String> path(Geometry g, String from, String to) {
        int origin = g.index(Square.of(from));
        int at = origin;
        int destination = g.index(Square.of(to));
        List<String> out = new java.util.ArrayList<>();
        while (at != destination) {
            at = Path.next(g, origin, at, destination);
            out.add(g.name(at));
        }
        return out;
    }

    @Test
    void a_travelling_piece_blocks_a_longer_move_and_takes_no_new_orders() {
        var game = LeneHauGame.position(CASTLED_BLACK).plays("Rg1xg7", "a7-a6");
        Illegality blocked = game.refuses("Qh2-e2");
        assertEquals(Reason.BLOCKED_BY_TRAVELLER, blocked.reason());
        assertEquals("The path from h2 to e2 is blocked by the white rook on g2, which is travelling to g7: a travelling piece "
                + "blocks longer moves on the square where it stands now.", blocked.explanation());
        Illegality busy = game.refuses("Rg2-g4");
        assertEquals(Reason.TRAVELLER_TAKES_NO_ORDERS, busy.reason());
        assertEquals("Your rook on g2 is travelling to g7 and takes no new orders until it arrives there.", busy.explanation());
    }

    @Test
    void castling_takes_two_turns_for_the_king_and_three_for_the_queen_side_rook() {
        var game = LeneHauGame.position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1").plays("O-O");
        assertEquals(List.of("K>g1"), game.on("f1"));
        assertEquals(List.of("R>f1"), game.on("g1"));
        game.plays("O-O-O", "a2-a3");
        assertEquals(List.of("K"), game.on("g1"));
        assertEquals(List.of("R"), game.on("f1"));
        game.plays("a7-a6");
        assertEquals(List.of("k", "r>d8"), game.on("c8"), "the black king arrived after two turns, the rook passes it");
        game.plays("a3-a4", "h7-h6");
        assertEquals(List.of("r"), game.on("d8"), "the queen-side rook needs three");
    }

    @Test
    void castling_through_a_square_attacked_by_a_traveller_hidden_under_another_piece_is_refused() {
        // a black bishop on its way from a6 passes d3, where a white knight stands at rest: the picture shows the
        // knight, but the bishop there sees e2 and f1
        var game = LeneHauGame.position("4k3/8/8/8/8/3N4/8/4K2R w K - 0 1 travel:bd3:a6>f1");
        Illegality why = game.refuses("O-O");
        assertEquals(Reason.CASTLING_THROUGH_CHECK, why.reason());
        assertEquals("You may not castle through f1: it is attacked by the black bishop on d3.", why.explanation());
    }

    @Test
    void a_pawn_stepping_onto_its_last_rank_arrives_and_is_promoted_at_once() {
        var game = LeneHauGame.position("7k/P7/8/8/8/8/8/K7 w - - 0 1").plays("a7-a8=Q");
        assertEquals(List.of("Q"), game.on("a8"));
        assertEquals("a7-a8=Q+", game.lastNotation());
    }

    @Test
    void no_legal_move_and_nothing_travelling_is_stalemate() {
        var game = LeneHauGame.position("k7/8/2Q5/8/8/8/8/2K5 w - - 0 1").plays("Qc6-b6");
        assertEquals(Outcome.Termination.STALEMATE, game.position().outcome().orElseThrow().termination());
    }

    @Test
    void checkmate_is_in_check_in_the_picture_with_no_legal_move() {
        var game = LeneHauGame.position("6k1/R4ppp/8/8/8/8/8/6K1 w - - 0 1").plays("Ra7-a8");
        assertEquals("Ra7-a8#", game.lastNotation(), "a one-square move arrives at once; the pawns may move but none helps");
        assertEquals(Outcome.Termination.CHECKMATE, game.position().outcome().orElseThrow().termination());
        var far = LeneHauGame.position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").plays("Ra1-a8");
        assertFalse(far.position().isOver(), "the rook on a2 is far from the back rank");
    }

    @Test
    void the_fen_carries_the_travellers() {
        var game = LeneHauGame.position(CASTLED_BLACK).plays("Rg1xg7", "g7-g5");
        String fen = Fen.write(game.position());
        assertEquals("6k1/pp3p1p/8/8/8/3B1N2/2P4Q/1K6 w - - 0 2 travel:Rg2:g1>g7,pg6:g7>g5", fen,
                "the board shows the pieces at rest; the travellers follow, each with its square, origin and destination");
        assertEquals(fen, Fen.write(LeneHauGame.position(fen).position()));
        assertEquals(game.position(), LeneHauGame.position(fen).position());
    }

    @Test
    void progressive_travellers_step_once_a_turn_after_its_last_move() {
        var game = LeneHauGame.start(PhysicsVariants.PROGRESSIVE_LENE_HAU).plays("e2-e4", "d7-d5, Ng8-f6");
        assertEquals(List.of("P>e4"), game.on("e3"));
        assertEquals(List.of("p>d5"), game.on("d6"));
        assertEquals(List.of("p", "n>f6"), game.on("g7"), "the knight goes rookwise first, through its own pawn");
        game.plays("a2-a3, a3-a4, Nb1-c3");
        assertEquals(List.of("P"), game.on("e4"), "one step for the whole turn of three moves");
        assertEquals(List.of("P"), game.on("a4"), "a pawn that arrived may move again in the same turn");
        assertEquals(List.of("P", "N>c3"), game.on("b2"));
        assertEquals(List.of("n"), LeneHauGame.position(PhysicsVariants.PROGRESSIVE_LENE_HAU, Fen.write(game.position()))
                .plays("h7-h6, h6-h5, h5-h4, Nb8-c6").on("f6"), "Black's knight arrives after Black's next turn");
    }

    /**
     * Black's two moves must be Ka7 and then Ka8 or Ka6, and either leaves the king on the a-file that
     * the white rook reaches with its next step: every turn Black can play loses, so Black has lost.
     */
    @Test
    void progressive_a_player_whose_every_turn_ends_in_check_after_the_next_step_has_lost() {
        var game = LeneHauGame.position(PhysicsVariants.PROGRESSIVE_LENE_HAU, "k7/2K5/8/8/8/8/7P/8 w - - 0 1 travel:Rc2:d2>a2")
                .plays("h2-h3");
        assertEquals(List.of("R>a2"), game.on("b2"));
        Outcome outcome = game.position().outcome().orElseThrow();
        assertEquals(Outcome.Termination.NO_COMPLETE_TURN, outcome.termination());
        assertEquals(Outcome.Result.WHITE_WINS, outcome.result());
    }

    @Test
    void progressive_a_check_ends_the_turn_and_a_piece_on_its_way_takes_no_second_order() {
        var game = LeneHauGame.position(PhysicsVariants.PROGRESSIVE_LENE_HAU, "4k3/R7/8/8/8/8/3PPP2/4K3 w - - 0 2");
        assertEquals(3, game.position().movesThisTurn());
        assertEquals(Reason.CHECK_ENDS_TURN, game.refuses("Ra7-a8, d2-d3, e2-e3").reason());
        assertEquals(Reason.TRAVELLER_TAKES_NO_ORDERS, game.refuses("Ra7-b7, Rb7-b5, Rb6-b4").reason(),
                "the rook that arrived on b7 may move again; once sent to b5 it travels");
        game.plays("Ra7-a8");
        assertEquals("Ra7-a8+", game.lastNotation());
    }

    @Test
    void the_text_diagram_shows_travellers_and_shared_squares() {
        var game = LeneHauGame.position(CASTLED_BLACK).plays("Rg1xg7", "g7-g5", "c2-c3", "a7-a6", "c3-c4", "Kg8-h8", "Kb1-c1");
        String diagram = org.epistle.core.rules.diagram.TextDiagram.render(game.position());
        assertTrue(diagram.contains("  5 | .  .  .  .  .  .  pR .  |"), diagram);
        assertTrue(diagram.contains("Travelling:\n  white rook g5 → g7 (next g6, arrives in 2 turns)\n"
                + "  on g5 together: black pawn at rest and white rook travelling\n"), diagram);
        var alone = LeneHauGame.position(CASTLED_BLACK).plays("Rg1xg7");
        assertTrue(org.epistle.core.rules.diagram.TextDiagram.render(alone.position()).contains("  2 | .  .  P  .  .  .  R~ Q  |"),
                org.epistle.core.rules.diagram.TextDiagram.render(alone.position()));
    }

    /** Bad input gets an answer, never a crash: every from-to pair, with and without x, castling and pass, from crowded boards. */
    @Test
    void every_written_move_from_a_crowded_board_gets_a_verdict() {
        var blackToMove = LeneHauGame.position(CASTLED_BLACK).plays("Rg1xg7", "g7-g5", "c2-c3", "a7-a6", "c3-c4", "Kg8-h8", "Kb1-c1");
        assertTrue(everyPair(blackToMove.position()) > 10, "Black has moves");
        var twoAtRest = LeneHauGame.position("8/7k/8/n7/8/8/3B4/R3K3 w - - 0 1")
                .plays("Ra1xa5", "Kh7-g8", "Bd2xa5", "Kg8-h7", "Ke1-f1", "Kh7-g8", "Kf1-e1", "Kg8-h7");
        assertTrue(everyPair(twoAtRest.position()) > 10, "White has moves");
    }

    private static int everyPair(org.epistle.core.rules.position.Position position) {
        Geometry g = position.geometry();
        int accepted = 0;
        for (int from = 0; from < g.size(); from++) {
            for (int to = 0; to < g.size(); to++) {
                for (String sep : List.of("-", "x")) {
                    accepted += org.epistle.core.rules.judge.Referee.judge(position, g.name(from) + sep + g.name(to)).isAccepted() ? 1 : 0;
                }
            }
        }
        for (String odd : List.of("O-O", "O-O-O", "pass", "Kh8-g8, a6-a5", "h7-h8=Q", "Qd8-d1", "(WD)a1-a2", "Rg5-g6", "g5-g4",
                "Ra5-a8", "Ba5-e1", "Ra5xa5")) {
            org.epistle.core.rules.judge.Referee.judge(position, odd);
        }
        return accepted;
    }

    /**
     * Seeded random games of both forms: every move the rule offers as a one-move turn is accepted,
     * and every position reached reads back from its FEN as the same position.
     */
    @Test
    void random_games_accept_what_the_rule_offers_and_every_position_round_trips_through_its_fen() {
        for (var variant : List.of(PhysicsVariants.LENE_HAU, PhysicsVariants.PROGRESSIVE_LENE_HAU)) {
            var random = new java.util.SplittableRandom(11);
            int turns = 0;
            for (int game = 0; game < 12; game++) {
                var p = LeneHauGame.start(variant).position();
                for (int t = 0; t < 30 && !p.isOver(); t++) {
                    List<String> written = new java.util.ArrayList<>();
                    for (int i = 0; i < p.movesThisTurn(); i++) {
                        var choice = LeneHau.RULE.randomChoice(p, written, random);
                        if (choice.isEmpty()) break;
                        written.add(choice.get().written());
                    }
                    var verdict = org.epistle.core.rules.judge.Referee.judge(p, written.isEmpty() ? "pass" : String.join(", ", written));
                    if (verdict instanceof org.epistle.core.rules.judge.Verdict.Rejected r && r.why().reason() == Reason.CHECK_ENDS_TURN) {
                        // a random Progressive turn may give check before its end: send the moves up to the check
                        verdict = org.epistle.core.rules.judge.Referee.judge(p, String.join(", ", written.subList(0, r.why().moveIndex())));
                    }
                    if (verdict instanceof org.epistle.core.rules.judge.Verdict.Rejected r && (variant == PhysicsVariants.LENE_HAU
                            || !java.util.Set.of(Reason.TURN_ENDS_IN_CHECK, Reason.CHECK_AFTER_NEXT_STEP,
                            Reason.KING_WHERE_TRAVELLER_ARRIVES).contains(r.why().reason()))) {
                        // a Progressive turn's moves are offered one by one, so only the turn's end may still fail
                        fail(Fen.write(p) + " " + written + " refused: " + r.why().fullText());
                    }
                    if (verdict instanceof org.epistle.core.rules.judge.Verdict.Accepted a) {
                        p = a.position();
                        turns++;
                        var again = Fen.read(p.rules(), Fen.write(p));
                        assertEquals(Fen.write(p), Fen.write(again));
                        assertEquals(p.physics(), again.physics(), Fen.write(p));
                    }
                }
            }
            assertTrue(turns > 200, variant.key() + ": " + turns + " turns accepted");
        }
    }

    @Test
    void a_king_taken_by_an_arrival_ends_the_game() {
        var game = LeneHauGame.position("8/8/8/8/8/8/1k6/7K w - - 0 1 travel:Rb3:b8>b2");
        game.plays("Kh1-g1");
        assertEquals(Outcome.Termination.KING_CAPTURED, game.position().outcome().orElseThrow().termination());
    }
}
