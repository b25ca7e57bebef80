package org.epistle.core.rules.piece;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Betza's Different Armies, piece by piece: where each one goes from e4 on an otherwise empty
 * board (the white king on a1 and the black king on h8, two squares no piece reaches from e4),
 * written out by hand from the piece's description. A black piece's forward is down the board.
 */
class ArmiesTest {

    /** One piece as its army's documents describe it, with the squares it reaches from e4. */
    record Expected(Army army, Role role, String name, String betza, String white, String black) {
        @Override
        public String toString() {
            return army.name() + ": " + name + " (" + betza + ")";
        }
    }

    private static final String ROOK_FROM_E4 = "e5 e6 e7 e8 e3 e2 e1 d4 c4 b4 a4 f4 g4 h4";
    private static final String BISHOP_FROM_E4 = "d5 c6 b7 a8 f5 g6 h7 d3 c2 b1 f3 g2 h1";
    private static final String KNIGHT_FROM_E4 = "d6 f6 c5 g5 c3 g3 d2 f2";
    private static final String CHARGING_ROOK_WHITE = "e5 e6 e7 e8 d4 c4 b4 a4 f4 g4 h4 e3 d3 f3";
    private static final String CHARGING_ROOK_BLACK = "e3 e2 e1 d4 c4 b4 a4 f4 g4 h4 e5 d5 f5";

    static Stream<Expected> pieces() {
        return Stream.of(
                // Fabulous FIDEs: the ordinary pieces.
                new Expected(Armies.FABULOUS_FIDES, Role.ROOK, "Rook", "R", ROOK_FROM_E4, ROOK_FROM_E4),
                new Expected(Armies.FABULOUS_FIDES, Role.KNIGHT, "Knight", "N", KNIGHT_FROM_E4, KNIGHT_FROM_E4),
                new Expected(Armies.FABULOUS_FIDES, Role.BISHOP, "Bishop", "B", BISHOP_FROM_E4, BISHOP_FROM_E4),
                new Expected(Armies.FABULOUS_FIDES, Role.QUEEN, "Queen", "Q",
                        ROOK_FROM_E4 + " " + BISHOP_FROM_E4, ROOK_FROM_E4 + " " + BISHOP_FROM_E4),
                // Colorbound Clobberers.
                new Expected(Armies.COLORBOUND_CLOBBERERS, Role.ROOK, "Bede", "BD",
                        BISHOP_FROM_E4 + " e6 e2 c4 g4", BISHOP_FROM_E4 + " e6 e2 c4 g4"),
                new Expected(Armies.COLORBOUND_CLOBBERERS, Role.KNIGHT, "Waffle", "WA",
                        "e5 e3 d4 f4 c6 g6 c2 g2", "e5 e3 d4 f4 c6 g6 c2 g2"),
                new Expected(Armies.COLORBOUND_CLOBBERERS, Role.BISHOP, "FAD", "FAD",
                        "d5 f5 d3 f3 c6 g6 c2 g2 e6 e2 c4 g4", "d5 f5 d3 f3 c6 g6 c2 g2 e6 e2 c4 g4"),
                new Expected(Armies.COLORBOUND_CLOBBERERS, Role.QUEEN, "Cardinal", "BN",
                        BISHOP_FROM_E4 + " " + KNIGHT_FROM_E4, BISHOP_FROM_E4 + " " + KNIGHT_FROM_E4),
                // Nutty Knights.
                new Expected(Armies.NUTTY_KNIGHTS, Role.ROOK, "Charging Rook", "frlRrlbK",
                        CHARGING_ROOK_WHITE, CHARGING_ROOK_BLACK),
                new Expected(Armies.NUTTY_KNIGHTS, Role.KNIGHT, "Fibnif", "fbNF",
                        "d6 f6 d2 f2 d5 f5 d3 f3", "d6 f6 d2 f2 d5 f5 d3 f3"),
                new Expected(Armies.NUTTY_KNIGHTS, Role.BISHOP, "Charging Knight", "fhNrlbK",
                        "c5 d6 f6 g5 d4 f4 e3 d3 f3", "c3 d2 f2 g3 d4 f4 e5 d5 f5"),
                new Expected(Armies.NUTTY_KNIGHTS, Role.QUEEN, "Colonel", "fhNfrlRK",
                        "c5 d6 f6 g5 e5 e6 e7 e8 d4 c4 b4 a4 f4 g4 h4 d5 f5 d3 e3 f3",
                        "c3 d2 f2 g3 e3 e2 e1 d4 c4 b4 a4 f4 g4 h4 d5 e5 f5 d3 f3"),
                // Remarkable Rookies (from e4 the Short Rook's four squares reach every edge).
                new Expected(Armies.REMARKABLE_ROOKIES, Role.ROOK, "Short Rook", "R4", ROOK_FROM_E4, ROOK_FROM_E4),
                new Expected(Armies.REMARKABLE_ROOKIES, Role.KNIGHT, "Woody Rook", "WD",
                        "e5 e3 d4 f4 e6 e2 c4 g4", "e5 e3 d4 f4 e6 e2 c4 g4"),
                new Expected(Armies.REMARKABLE_ROOKIES, Role.BISHOP, "Half-Duck", "HFD",
                        "e7 e1 b4 h4 d5 f5 d3 f3 e6 e2 c4 g4", "e7 e1 b4 h4 d5 f5 d3 f3 e6 e2 c4 g4"),
                new Expected(Armies.REMARKABLE_ROOKIES, Role.QUEEN, "Chancellor", "RN",
                        ROOK_FROM_E4 + " " + KNIGHT_FROM_E4, ROOK_FROM_E4 + " " + KNIGHT_FROM_E4),
                // Forward FIDEs.
                new Expected(Armies.FORWARD_FIDES, Role.ROOK, "Charging Rook", "frlRrlbK",
                        CHARGING_ROOK_WHITE, CHARGING_ROOK_BLACK),
                new Expected(Armies.FORWARD_FIDES, Role.KNIGHT, "Knishop", "fhNbB",
                        "c5 d6 f6 g5 d3 c2 b1 f3 g2 h1", "c3 d2 f2 g3 d5 c6 b7 a8 f5 g6 h7"),
                new Expected(Armies.FORWARD_FIDES, Role.BISHOP, "Bishight", "fBbhN",
                        "d5 c6 b7 a8 f5 g6 h7 c3 d2 f2 g3", "d3 c2 b1 f3 g2 h1 c5 d6 f6 g5"),
                new Expected(Armies.FORWARD_FIDES, Role.QUEEN, "Forequeen", "fsQbhNbK",
                        "e5 e6 e7 e8 a4 b4 c4 d4 f4 g4 h4 d5 c6 b7 a8 f5 g6 h7 c3 d2 f2 g3 e3 d3 f3",
                        "e3 e2 e1 a4 b4 c4 d4 f4 g4 h4 d3 c2 b1 f3 g2 h1 c5 d6 f6 g5 e5 d5 f5"));
    }

    private static Set<String> squares(String names) {
        return new TreeSet<>(Arrays.asList(names.trim().split("\\s+")));
    }

    private static Set<String> destinations(Position position, String from) {
        return position.legalMoves().stream()
                .filter(m -> m.from().name().equals(from))
                .map(m -> m.to().name())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** The piece of that role alone on e4 (with the two kings), the side to move being its owner. */
    private static Position alone(Army army, Role role, Side side) {
        Ruleset rules = new Ruleset(VariantCatalog.CHESS, army, army);
        char letter = side == Side.WHITE ? role.letter() : Character.toLowerCase(role.letter());
        return Fen.read(rules, "7k/8/8/8/4" + letter + "3/8/8/K7 " + (side == Side.WHITE ? "w" : "b") + " - - 0 1");
    }

    @ParameterizedTest(name = "{0}, White")
    @MethodSource("pieces")
    void white_piece_from_e4(Expected piece) {
        Position p = alone(piece.army(), piece.role(), Side.WHITE);
        assertEquals(Optional.of(piece.name()), p.pieceAt(Square.of("e4")).map(x -> x.type().name()));
        assertEquals(squares(piece.white()), destinations(p, "e4"), piece.toString());
    }

    @ParameterizedTest(name = "{0}, Black")
    @MethodSource("pieces")
    void black_piece_from_e4(Expected piece) {
        Position p = alone(piece.army(), piece.role(), Side.BLACK);
        assertEquals(Optional.of(new Piece(piece.army().piece(piece.role()), Side.BLACK)), p.pieceAt(Square.of("e4")));
        assertEquals(squares(piece.black()), destinations(p, "e4"), piece.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pieces")
    void the_army_holds_the_piece_by_name_betza_and_role(Expected piece) {
        PieceType type = piece.army().piece(piece.role());
        assertEquals(piece.name(), type.name());
        assertEquals(piece.betza(), type.betza());
        assertEquals(piece.role(), type.role());
        assertEquals(Betza.parse(piece.betza()), type.movement());
    }

    @Test
    void every_piece_of_every_army_is_described_above() {
        Set<String> described = pieces().map(e -> e.army().key() + "/" + e.name()).collect(Collectors.toSet());
        for (Army army : Armies.ALL) {
            for (PieceType p : army.officers()) {
                assertTrue(described.contains(army.key() + "/" + p.name()), army.name() + " " + p.name());
            }
        }
        assertEquals(Armies.ALL.size() * 4, described.size());
    }

    @Test
    void the_charging_knight_leaps_forward_like_a_knight_and_steps_sideways_and_back_like_a_king() {
        Position p = alone(Armies.NUTTY_KNIGHTS, Role.BISHOP, Side.WHITE);
        assertEquals(squares("c5 d6 f6 g5 f4 f3 e3 d3 d4"), destinations(p, "e4"));
    }

    @Test
    void the_fibnif_leaps_the_narrow_knight_moves_and_steps_diagonally() {
        Position p = alone(Armies.NUTTY_KNIGHTS, Role.KNIGHT, Side.WHITE);
        assertEquals(squares("d6 f6 d2 f2 d5 f5 d3 f3"), destinations(p, "e4"));
    }

    @Test
    void the_short_rook_goes_no_further_than_four_squares() {
        Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.REMARKABLE_ROOKIES, Armies.FABULOUS_FIDES);
        Position p = Fen.read(rules, "7k/8/8/8/8/8/7K/R7 w - - 0 1");
        assertEquals(squares("a2 a3 a4 a5 b1 c1 d1 e1"), destinations(p, "a1"));
    }

    @Test
    void a_rider_stops_at_a_blocker_and_may_take_it() {
        // the Colonel rides forward up the e-file until the black pawn on e6, which it may take
        Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.NUTTY_KNIGHTS, Armies.FABULOUS_FIDES);
        Position p = Fen.read(rules, "7k/8/4p3/8/4Q3/8/8/K7 w - - 0 1");
        Set<String> reached = destinations(p, "e4");
        assertTrue(reached.contains("e6"));
        assertFalse(reached.contains("e7"));
    }

    @Nested
    class StartingArrays {
        @Test
        void the_array_is_written_with_role_letters_whatever_the_armies() {
            Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.NUTTY_KNIGHTS, Armies.REMARKABLE_ROOKIES);
            assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Fen.write(Position.start(rules)));
        }

        @Test
        void each_piece_stands_in_its_roles_place() {
            Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.NUTTY_KNIGHTS, Armies.REMARKABLE_ROOKIES);
            Position start = Position.start(rules);
            Map<String, String> white = Map.of("a1", "Charging Rook", "b1", "Fibnif", "c1", "Charging Knight",
                    "d1", "Colonel", "e1", "King", "f1", "Charging Knight", "g1", "Fibnif", "h1", "Charging Rook",
                    "e2", "Pawn");
            Map<String, String> black = Map.of("a8", "Short Rook", "b8", "Woody Rook", "c8", "Half-Duck",
                    "d8", "Chancellor", "e8", "King", "f8", "Half-Duck", "g8", "Woody Rook", "h8", "Short Rook",
                    "e7", "Pawn");
            white.forEach((sq, name) -> assertEquals(Optional.of(name + " white"),
                    start.pieceAt(Square.of(sq)).map(pc -> pc.type().name() + " " + pc.side().key()), sq));
            black.forEach((sq, name) -> assertEquals(Optional.of(name + " black"),
                    start.pieceAt(Square.of(sq)).map(pc -> pc.type().name() + " " + pc.side().key()), sq));
        }

        @Test
        void the_nutty_knights_have_twenty_six_first_moves() {
            // 16 pawn moves; each Fibnif 2 (narrow forward leaps: a3 c3 / f3 h3); each Charging Knight 2
            // (b3 d3 / e3 g3); the Colonel 2 (c3 e3); the Charging Rooks are shut in.
            Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.NUTTY_KNIGHTS, Armies.REMARKABLE_ROOKIES);
            List<Move> moves = Position.start(rules).legalMoves();
            assertEquals(26, moves.size(), moves.toString());
            assertEquals(squares("a3 c3"), destinations(Position.start(rules), "b1"));
            assertEquals(squares("b3 d3"), destinations(Position.start(rules), "c1"));
            assertEquals(squares("c3 e3"), destinations(Position.start(rules), "d1"));
        }

        @Test
        void armies_are_found_by_key_and_by_name() {
            assertEquals(Optional.of(Armies.NUTTY_KNIGHTS), Armies.byKey("nutty-knights"));
            assertEquals(Optional.of(Armies.REMARKABLE_ROOKIES), Armies.byName("Remarkable Rookies"));
            assertEquals(Optional.empty(), Armies.byKey("mighty-mice"));
        }

        @Test
        void a_piece_is_found_by_an_equivalent_definition() {
            var rules = new org.epistle.core.rules.variant.Ruleset(
                    org.epistle.core.rules.variant.VariantCatalog.CHESS, Armies.NUTTY_KNIGHTS, Armies.FABULOUS_FIDES);
            int chargingRook = rules.typeIdByBetza("frlRrlbK").orElseThrow();
            assertEquals(Optional.of(chargingRook), rules.typeIdByBetza("frlRbK"));
            assertEquals(Optional.empty(), rules.typeIdByBetza("fXq"));
            assertEquals(Optional.empty(), rules.typeIdByBetza("H"));
        }
    }

    @Nested
    class Castling {
        private static final String CORNERS = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

        private Move castlingTo(Position p, String to) {
            return p.legalMoves().stream()
                    .filter(m -> m.isCastling() && m.to().name().equals(to))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no castling to " + to + " in " + p.legalMoves()));
        }

        private String at(Position p, String square) {
            return p.pieceAt(Square.of(square)).map(pc -> pc.type().name() + " " + pc.side().key()).orElse("empty");
        }

        @Test
        void the_colorbound_clobberers_castle_long_with_the_king_to_b1_and_the_bede_to_c1() {
            Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.COLORBOUND_CLOBBERERS, Armies.FABULOUS_FIDES);
            Position p = Fen.read(rules, CORNERS);
            assertTrue(p.legalMoves().stream().noneMatch(m -> m.isCastling() && m.to().name().equals("c1")));
            Position after = p.play(castlingTo(p, "b1"));
            assertEquals("King white", at(after, "b1"));
            assertEquals("Bede white", at(after, "c1"));
            assertEquals("empty", at(after, "a1"));
            assertEquals("empty", at(after, "d1"));
            assertEquals("empty", at(after, "e1"));
            assertEquals("r3k2r/8/8/8/8/8/8/1KR4R b kq - 1 1", Fen.write(after.endTurn()));
        }

        @Test
        void the_bede_keeps_its_colour_when_castling_long() {
            assertFalse(Square.of("a1").isLight());
            assertFalse(Square.of("c1").isLight());
        }

        @Test
        void the_colorbound_clobberers_castle_short_as_usual() {
            Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.COLORBOUND_CLOBBERERS, Armies.FABULOUS_FIDES);
            Position after = Fen.read(rules, CORNERS).play(castlingTo(Fen.read(rules, CORNERS), "g1"));
            assertEquals("King white", at(after, "g1"));
            assertEquals("Bede white", at(after, "f1"));
            assertEquals("empty", at(after, "h1"));
        }

        @Test
        void black_colorbound_clobberers_castle_long_to_b8_and_c8() {
            Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.COLORBOUND_CLOBBERERS);
            Position p = Fen.read(rules, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
            Position after = p.play(castlingTo(p, "b8"));
            assertEquals("King black", at(after, "b8"));
            assertEquals("Bede black", at(after, "c8"));
            assertEquals("empty", at(after, "a8"));
        }

        @Test
        void the_bede_needs_b1_c1_and_d1_empty_to_castle_long() {
            Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.COLORBOUND_CLOBBERERS, Armies.FABULOUS_FIDES);
            Position p = Fen.read(rules, "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
            assertTrue(p.legalMoves().stream().noneMatch(m -> m.isCastling() && m.to().name().equals("b1")));
        }

        @Test
        void every_other_army_castles_long_with_the_king_to_c1_and_the_corner_piece_to_d1() {
            Map<Army, String> cornerPiece = Map.of(
                    Armies.FABULOUS_FIDES, "Rook",
                    Armies.NUTTY_KNIGHTS, "Charging Rook",
                    Armies.REMARKABLE_ROOKIES, "Short Rook",
                    Armies.FORWARD_FIDES, "Charging Rook");
            assertEquals(Armies.ALL.size() - 1, cornerPiece.size());
            cornerPiece.forEach((army, name) -> {
                Ruleset rules = new Ruleset(VariantCatalog.CHESS, army, Armies.FABULOUS_FIDES);
                Position p = Fen.read(rules, CORNERS);
                assertTrue(p.legalMoves().stream().noneMatch(m -> m.isCastling() && m.to().name().equals("b1")),
                        army.name());
                Position after = p.play(castlingTo(p, "c1"));
                assertEquals("King white", at(after, "c1"), army.name());
                assertEquals(name + " white", at(after, "d1"), army.name());
                assertEquals("empty", at(after, "a1"), army.name());
            });
        }
    }

    @Nested
    class Promotion {
        private List<String> promotionsOn(Position p, String from) {
            return p.legalMoves().stream()
                    .filter(m -> m.from().name().equals(from) && m.kind() == Move.Kind.PROMOTION)
                    .map(m -> m.promotion().orElseThrow().name())
                    .sorted()
                    .toList();
        }

        @Test
        void a_pawn_promotes_to_the_four_officers_of_both_armies() {
            Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.NUTTY_KNIGHTS);
            Position p = Fen.read(rules, "7k/P7/8/8/8/8/8/K7 w - - 0 1");
            assertEquals(List.of("Bishop", "Charging Knight", "Charging Rook", "Colonel", "Fibnif", "Knight", "Queen", "Rook"),
                    promotionsOn(p, "a7"));
        }

        @Test
        void a_black_pawn_has_the_same_eight_choices() {
            Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.NUTTY_KNIGHTS);
            Position p = Fen.read(rules, "7k/8/8/8/8/8/7p/K7 b - - 0 1");
            assertEquals(List.of("Bishop", "Charging Knight", "Charging Rook", "Colonel", "Fibnif", "Knight", "Queen", "Rook"),
                    promotionsOn(p, "h2"));
        }

        @Test
        void a_piece_both_armies_share_is_one_choice() {
            // the Nutty Knights and the Forward FIDEs both bring the Charging Rook
            Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.NUTTY_KNIGHTS, Armies.FORWARD_FIDES);
            Position p = Fen.read(rules, "7k/P7/8/8/8/8/8/K7 w - - 0 1");
            assertEquals(List.of("Bishight", "Charging Knight", "Charging Rook", "Colonel", "Fibnif", "Forequeen", "Knishop"),
                    promotionsOn(p, "a7"));
        }

        @Test
        void fide_against_fide_promotes_to_the_usual_four() {
            Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
            Position p = Fen.read(rules, "7k/P7/8/8/8/8/8/K7 w - - 0 1");
            assertEquals(List.of("Bishop", "Knight", "Queen", "Rook"), promotionsOn(p, "a7"));
        }
    }
}
