package org.epistle.core.rules.position;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Forsyth-Edwards Notation for Chess with Different Armies: each side's role letters stand for its
 * own army's pieces; a piece from the other army is written by its Betza definition, in
 * parentheses for White and square brackets for Black.
 */
class FenTest {
    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    private static Ruleset rules(Army white, Army black) {
        return new Ruleset(VariantCatalog.CHESS, white, black);
    }

    private static final Ruleset FIDE = rules(Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);

    private static Optional<Piece> at(Position p, String square) {
        return p.pieceAt(Square.of(square));
    }

    @Nested
    class RoundTrips {
        @Test
        void the_standard_start_reads_and_writes_back_unchanged() {
            assertEquals(START, Fen.write(Fen.read(FIDE, START)));
        }

        @Test
        void the_standard_start_is_the_start_position() {
            assertEquals(START, Fen.write(Position.start(FIDE)));
            assertEquals(Position.start(FIDE), Fen.read(FIDE, START));
        }

        @Test
        void kiwipete_reads_and_writes_back_unchanged() {
            Position p = Fen.read(FIDE, KIWIPETE);
            assertEquals(KIWIPETE, Fen.write(p));
            assertEquals(48, p.legalMoves().size(), "Kiwipete has 48 moves at depth 1");
        }

        @Test
        void the_side_to_move_clocks_and_en_passant_survive() {
            String fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
            assertEquals(fen, Fen.write(Fen.read(FIDE, fen)));
        }

        @Test
        void every_army_start_reads_back_as_the_same_position() {
            for (Army white : Armies.ALL) {
                for (Army black : Armies.ALL) {
                    Ruleset rules = rules(white, black);
                    Position start = Position.start(rules);
                    String fen = Fen.write(start);
                    Position read = Fen.read(rules, fen);
                    assertEquals(fen, Fen.write(read), white.name() + " v " + black.name());
                    assertEquals(start, read, white.name() + " v " + black.name());
                }
            }
        }

        @Test
        void a_castling_right_needs_the_armys_corner_piece_in_the_corner() {
            // a knight on a1 is no rook: White cannot castle long with it, so the right is void
            Position p = Fen.read(FIDE, "r3k2r/8/8/8/8/8/8/N3K2R w KQkq - 0 1");
            assertEquals("r3k2r/8/8/8/8/8/8/N3K2R w Kkq - 0 1", Fen.write(p));
        }

        @Test
        void a_knight_in_the_corner_does_not_castle() {
            Position p = Fen.read(FIDE, "r3k2r/8/8/8/8/8/8/N3K2R w KQkq - 0 1");
            assertTrue(p.legalMoves().stream().noneMatch(m -> m.isCastling() && m.to().name().equals("c1")),
                    p.legalMoves().toString());
        }

        @Test
        void a_missing_move_counter_and_clock_default_to_the_start_of_a_game() {
            assertEquals(START, Fen.write(Fen.read(FIDE, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")));
        }
    }

    @Nested
    class ArmyPieces {
        @Test
        void role_letters_stand_for_each_sides_own_army() {
            Ruleset rules = rules(Armies.REMARKABLE_ROOKIES, Armies.NUTTY_KNIGHTS);
            Position p = Fen.read(rules, START);
            assertEquals(Optional.of(new Piece(Armies.REMARKABLE_ROOKIES.knight(), Side.WHITE)), at(p, "b1"));
            assertEquals(Optional.of(new Piece(Armies.NUTTY_KNIGHTS.knight(), Side.BLACK)), at(p, "b8"));
            assertEquals("Woody Rook", at(p, "g1").orElseThrow().type().name());
            assertEquals("Fibnif", at(p, "g8").orElseThrow().type().name());
        }

        @Test
        void a_white_piece_of_the_other_army_is_written_in_parentheses() {
            // White plays the FIDEs, so a white Colonel can only be a promoted pawn
            Ruleset rules = rules(Armies.FABULOUS_FIDES, Armies.NUTTY_KNIGHTS);
            String fen = "(fhNfrlRK)6k/8/8/8/8/8/8/K7 w - - 0 1";
            Position p = Fen.read(rules, fen);
            assertEquals(Optional.of(new Piece(Armies.NUTTY_KNIGHTS.queen(), Side.WHITE)), at(p, "a8"));
            assertEquals(fen, Fen.write(p));
        }

        @Test
        void a_black_piece_of_the_other_army_is_written_in_square_brackets() {
            Ruleset rules = rules(Armies.NUTTY_KNIGHTS, Armies.FABULOUS_FIDES);
            String fen = "7k/8/8/8/8/8/8/K6[fhNfrlRK] b - - 0 1";
            Position p = Fen.read(rules, fen);
            assertEquals(Optional.of(new Piece(Armies.NUTTY_KNIGHTS.queen(), Side.BLACK)), at(p, "h1"));
            assertEquals(fen, Fen.write(p));
        }

        @Test
        void a_piece_of_its_own_army_is_written_back_with_its_role_letter() {
            Ruleset rules = rules(Armies.FABULOUS_FIDES, Armies.NUTTY_KNIGHTS);
            Position p = Fen.read(rules, "[fhNfrlRK]6k/8/8/8/8/8/8/K7 w - - 0 1");
            assertEquals(Optional.of(new Piece(Armies.NUTTY_KNIGHTS.queen(), Side.BLACK)), at(p, "a8"));
            assertEquals("q6k/8/8/8/8/8/8/K7 w - - 0 1", Fen.write(p));
        }

        @Test
        void a_piece_may_be_named_by_any_definition_of_the_same_moves() {
            Ruleset rules = rules(Armies.FABULOUS_FIDES, Armies.NUTTY_KNIGHTS);
            Position p = Fen.read(rules, "7k/8/8/8/4(frlRbK)3/8/8/K7 w - - 0 1");
            assertEquals("Charging Rook", at(p, "e4").orElseThrow().type().name());
            assertEquals("7k/8/8/8/4(frlRrlbK)3/8/8/K7 w - - 0 1", Fen.write(p));
        }

        @Test
        void a_pawn_promoted_to_the_other_armys_piece_is_written_by_its_definition() {
            Ruleset rules = rules(Armies.FABULOUS_FIDES, Armies.NUTTY_KNIGHTS);
            Position p = Fen.read(rules, "7k/P7/8/8/8/8/8/K7 w - - 0 1");
            Move toColonel = p.legalMoves().stream()
                    .filter(m -> m.promotion().map(t -> t.name().equals("Colonel")).orElse(false))
                    .findFirst().orElseThrow();
            assertEquals("(fhNfrlRK)6k/8/8/8/8/8/8/K7 b - - 0 1", Fen.write(p.play(toColonel).endTurn()));
        }
    }

    @Nested
    class Rejected {
        private String problem(Ruleset rules, String fen) {
            return assertThrows(FenException.class, () -> Fen.read(rules, fen), fen).getMessage();
        }

        private String problem(String fen) {
            return problem(FIDE, fen);
        }

        private void says(String message, String... parts) {
            for (String part : parts) {
                assertTrue(message.contains(part), "\"" + message + "\" should say " + part);
            }
        }

        @Test
        void the_seventh_field_names_its_sections() {
            String start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ";
            says(problem(start + "charge:e4:3"), "motion:", "energy:", "note:", "log:", "charge:e4:3");
            says(problem(start + "energy:e4:3;energy:d4:1"), "'energy:' twice");
            says(problem(start + "energy:e4:0"), "e4", "above 0");
            says(problem(start + "energy:e4"), "square:amount");
            says(problem(start + "note:code"), "key=value");
            says(problem(start + "note:code=RAAR;note:code=AAAA"), "'code' is given twice");
            says(problem(start + "log:1,1,z,-1,-,0,0,-"), "allowed,played,flags");
            says(problem(start + "motion:e4:0:2 extra"), "at most seven fields");
        }

        @Test
        void seven_ranks_are_one_too_few() {
            says(problem("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "8 ranks", "7");
        }

        @Test
        void a_rank_of_nine_squares_is_one_too_many() {
            says(problem("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "Rank 7", "8 squares");
            says(problem("rnbqkbnr/pppppppp/8/8/8/p8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "Rank 3", "9 squares");
        }

        @Test
        void a_rank_of_seven_squares_is_one_too_few() {
            says(problem("rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "Rank 4", "7 squares");
        }

        @Test
        void an_unknown_letter_is_named() {
            says(problem("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"), "Rank 1", "'X'", "piece letter");
        }

        @Test
        void an_unknown_side_to_move_is_named() {
            says(problem(START.replace(" w ", " x ")), "'w' or 'b'", "'x'");
        }

        @Test
        void an_unknown_castling_letter_is_named() {
            says(problem(START.replace("KQkq", "KQZq")), "Castling", "'Z'");
        }

        @Test
        void a_fen_without_a_side_to_move_is_rejected() {
            says(problem("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"), "side to move");
        }

        @Test
        void a_bad_en_passant_square_is_named() {
            says(problem(START.replace(" - ", " z9 ")), "'z9'", "en-passant");
        }

        @Test
        void a_bad_clock_is_named() {
            says(problem("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1"), "half-move clock", "'x'");
        }

        @Test
        void an_absurdly_long_run_of_empty_squares_is_a_fen_error() {
            says(problem("rnbqkbnr/pppppppp/8/8/8/99999999999/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "Rank 3");
        }

        @Test
        void an_unclosed_parenthesis_is_reported() {
            Ruleset rules = rules(Armies.FABULOUS_FIDES, Armies.NUTTY_KNIGHTS);
            says(problem(rules, "7k/8/8/8/4(fhNfrlRK/8/8/K7 w - - 0 1"), "Rank 4", "'('", "not closed");
        }

        @Test
        void a_definition_no_army_in_play_has_is_reported() {
            Ruleset rules = rules(Armies.FABULOUS_FIDES, Armies.NUTTY_KNIGHTS);
            says(problem(rules, "7k/8/8/8/4(WD)3/8/8/K7 w - - 0 1"), "WD");
        }

        @Test
        void an_unreadable_definition_is_reported_with_the_betza_problem() {
            Ruleset rules = rules(Armies.FABULOUS_FIDES, Armies.NUTTY_KNIGHTS);
            says(problem(rules, "7k/8/8/8/4(fXq)3/8/8/K7 w - - 0 1"), "'X'");
        }
    }
}
