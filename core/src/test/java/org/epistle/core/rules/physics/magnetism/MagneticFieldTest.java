package org.epistle.core.rules.physics.magnetism;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.physics.Play;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.variant.PhysicsVariants;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/** The field of the Magnetic family, move by move, through the referee. */
class MagneticFieldTest {

    @Test
    void the_documents_example_qd5_pulls_the_bishop_and_the_rook_and_pushes_its_own_rook() {
        // rule 5's diagram; a black king on h1 stands outside every line of the field
        Play game = Play.from(PhysicsVariants.MAGNETIC, "3b4/8/3K4/q1R2rP1/3Q4/8/3b4/7k w - - 0 1");
        Verdict.Accepted a = game.accepts("Qd5");
        assertEquals("3b4/8/3K4/qR1Qr1P1/3b4/8/8/7k", game.board());
        assertEquals(List.of("Qd5 pulled the black bishop d2→d4", "Qd5 pulled the black rook f5→e5",
                "Qd5 pushed the white rook c5→b5"), a.position().physics().aftermath().stream().sorted().toList());
        assertEquals("Qd5", a.notation());
    }

    @Test
    void a_king_shields_the_bishop_behind_it_and_is_not_moved() {
        Play game = Play.from(PhysicsVariants.GRAVITY, "3b4/8/3K4/8/8/8/3Q4/7k w - - 0 1");
        game.accepts("Qd5");
        assertEquals("3b4/8/3K4/3Q4/8/8/8/7k", game.board());
    }

    @Test
    void a_moved_king_neither_attracts_nor_repels() {
        Play game = Play.from(PhysicsVariants.GRAVITY, "8/8/8/r7/8/8/8/4K2k w - - 0 1");
        game.accepts("Kd2");
        assertEquals("8/8/8/r7/8/8/3K4/7k", game.board());
    }

    @Test
    void castling_acts_from_the_rooks_square() {
        // O-O puts the rook on f1: the white pawn on f3 is repelled up the file to f7, beside the black pawn on f8's ... 
        Play game = Play.from(PhysicsVariants.MAGNETIC, "k4p2/8/8/8/8/5P2/8/4K2R w K - 0 1");
        game.accepts("O-O");
        assertEquals("k4p2/5P2/8/8/8/8/8/5RK1", game.board());
    }

    @Test
    void repelled_pieces_slide_to_the_edge_and_attracted_pieces_stop_beside_the_mover() {
        Play game = Play.from(PhysicsVariants.ANTI_MAGNETIC, "7k/8/8/8/n7/8/8/R3K3 w - - 0 1");
        game.accepts("Ra3");
        // the black knight above is repelled to a8; nothing else is on the a-file or the third rank
        assertEquals("n6k/8/8/8/8/R7/8/4K3", game.board());
        Play gravity = Play.from(PhysicsVariants.GRAVITY, "7k/8/8/8/n7/8/8/R3K3 w - - 0 1");
        gravity.accepts("Ra2");
        assertEquals("7k/8/8/8/8/n7/R7/4K3", gravity.board());
    }

    @Test
    void a_pawn_pushed_onto_its_last_rank_becomes_the_piece_the_mover_writes() {
        // Rg8 pushes Black's own pawn on g7... no: Black's rook on g8 repels the black pawn on g4 down to g1
        Play game = Play.from(PhysicsVariants.MAGNETIC, "7r/8/8/8/6p1/8/8/K6k b - - 0 1");
        Verdict.Accepted a = game.accepts("Rg8=N");
        assertEquals("6r1/8/8/8/8/8/8/K5nk", game.board());
        assertEquals("Rg8=N", a.notation());
    }

    @Test
    void without_a_choice_the_promoted_pawn_becomes_a_queen_and_the_notation_says_so() {
        Play game = Play.from(PhysicsVariants.MAGNETIC, "7r/8/8/8/6p1/8/8/K6k b - - 0 1");
        assertEquals("Rg8=Q", game.accepts("Rg8").notation());
        assertEquals("6r1/8/8/8/8/8/8/K5qk", game.board());
    }

    @Test
    void a_promotion_asked_for_when_no_pawn_reaches_its_last_rank_is_refused() {
        Play game = Play.from(PhysicsVariants.MAGNETIC, "7r/8/8/8/8/8/8/K6k b - - 0 1");
        assertEquals(Reason.PROMOTION_NOT_POSSIBLE, game.refuses("Rg8=Q").why().reason());
    }

    @Test
    void a_pawn_on_its_first_rank_may_step_two_squares_and_there_is_no_en_passant() {
        Play game = Play.from(PhysicsVariants.MAGNETIC, "k7/8/8/8/8/1p6/8/2P4K w - - 0 1");
        game.accepts("c3");
        assertEquals("k7/8/8/8/8/1pP5/8/7K", game.board(), "c1-c3 is a double step from the first rank");
        assertEquals("-", Fen.write(game.position()).split(" ")[3], "a double step leaves no en-passant chance");
        assertEquals(Reason.CANNOT_MOVE_THERE, game.refuses("bxc2").why().reason());
    }

    @Test
    void anti_gravity_forbids_a_position_to_come_back() {
        // a rook and kings on an open board: no move here sets anything off
        String start = "k7/8/8/8/8/8/8/R6K w - - 0 1";
        Play game = Play.from(PhysicsVariants.ANTI_GRAVITY, start).after("Rb1", "Kb8", "Ra1");
        var refused = game.refuses("Ka8").why();
        assertEquals(Reason.POSITION_REPEATED, refused.reason(), "the starting position may not come back");
        assertEquals("Ka8", refused.moveText());
        game.accepts("Kc8");
        Play magnetic = Play.from(PhysicsVariants.MAGNETIC, start).after("Rb1", "Kb8", "Ra1");
        magnetic.accepts("Ka8");
    }

    @Test
    void every_one_of_the_81_codes_is_a_variant_and_does_what_its_letters_say() {
        List<FieldCode> codes = FieldCode.all();
        assertEquals(81, codes.size());
        assertEquals(81, codes.stream().map(FieldCode::toString).distinct().count());
        for (FieldCode code : codes) {
            var variant = VariantCatalog.find("magnetic-" + code).orElseThrow();
            assertEquals(code, variant.physics(Magnetism.class).orElseThrow().code());
            String letters = code.toString();
            for (int i = 0; i < 4; i++) {
                Side mover = i < 2 ? Side.WHITE : Side.BLACK;
                Side target = i % 2 == 0 ? Side.WHITE : Side.BLACK;
                String knight = target == Side.WHITE ? "N" : "n";
                // a lone knight on the file where the mover's rook lands; kings off every line of the field
                Play game = mover == Side.WHITE
                        ? Play.from(variant, "k7/8/8/3" + knight + "4/8/8/8/R6K w - - 0 1")
                        : Play.from(variant, "k6r/8/8/8/4" + knight + "3/8/8/7K b - - 0 1");
                game.accepts(mover == Side.WHITE ? "Rd1" : "Re8");
                String expected = switch (letters.charAt(i)) {
                    case 'A' -> mover == Side.WHITE ? "d2" : "e7";
                    case 'R' -> mover == Side.WHITE ? "d8" : "e1";
                    default -> mover == Side.WHITE ? "d5" : "e4";
                };
                var piece = game.position().pieceAt(Square.of(expected));
                assertTrue(piece.isPresent() && piece.get().side() == target && piece.get().type().betza().equals("N"),
                        () -> "code " + letters + ", letter " + letters.charAt(finalI(letters, mover, target))
                                + ": the knight should be on " + expected + " in " + game.board());
            }
        }
    }

    private static int finalI(String letters, Side mover, Side target) {
        return (mover == Side.WHITE ? 0 : 2) + (target == Side.WHITE ? 0 : 1);
    }

    @Test
    void the_named_games_are_their_codes_and_codes_are_found_in_any_case() {
        assertEquals(PhysicsVariants.MAGNETIC, VariantCatalog.find("magnetic-raar").orElseThrow());
        assertEquals(PhysicsVariants.ANTI_GRAVITY, VariantCatalog.find("Magnetic-RRRR").orElseThrow());
        assertEquals("magnetic-rnaa", VariantCatalog.find("magnetic-RNAA").orElseThrow().key());
        assertTrue(VariantCatalog.find("magnetic-RXAA").isEmpty());
        assertTrue(VariantCatalog.find("magnetic-RAA").isEmpty());
    }
}
