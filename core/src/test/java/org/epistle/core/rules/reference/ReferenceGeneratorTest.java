package org.epistle.core.rules.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Verifies the reference generator itself: first against the published Chess Programming
 * Wiki perft numbers for FIDE chess, then against hand-derived facts about the CwDA pieces,
 * castling and promotion.
 */
class ReferenceGeneratorTest {

    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    private static final String POS3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -";
    private static final String POS4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    private static final String POS5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

    // ------------------------------------------------------------------ published FIDE numbers

    @Test
    void startPosition() {
        assertPerft(START, 20, 400, 8902, 197281);
    }

    @Test
    void kiwipete() {
        assertPerft(KIWIPETE, 48, 2039, 97862);
    }

    @Test
    void position3() {
        assertPerft(POS3, 14, 191, 2812, 43238);
    }

    @Test
    void position4() {
        assertPerft(POS4, 6, 264, 9467);
    }

    @Test
    void position5() {
        assertPerft(POS5, 44, 1486, 62379);
    }

    /** Every count of perft/fide.txt that is cheap enough (at most 200 000 leaves). */
    @Test
    void cheapDepthsOfFideFile() throws IOException {
        int checked = 0;
        for (String line : readResource("/perft/fide.txt")) {
            String[] f = line.split(";");
            RefPosition p = RefPosition.fromFen(f[1]);
            for (int i = 2; i < f.length; i++) {
                String[] dc = f[i].split("=");
                int depth = Integer.parseInt(dc[0]);
                long expected = Long.parseLong(dc[1]);
                if (expected <= 200_000) {
                    assertEquals(expected, RefPerft.perft(p, depth), f[0] + " depth " + depth);
                    checked++;
                }
            }
        }
        assertTrue(checked >= 20, "too few cheap entries checked: " + checked);
    }

    private static void assertPerft(String fen, long... expected) {
        RefPosition p = RefPosition.fromFen(fen);
        for (int d = 1; d <= expected.length; d++) {
            assertEquals(expected[d - 1], RefPerft.perft(p, d), fen + " depth " + d);
        }
    }

    // ------------------------------------------------------------------ pieces

    /** The example given with the Charging Knight's description: from e4 it reaches exactly these. */
    @Test
    void chargingKnightFromE4() {
        RefPosition p = RefPosition.fromFen("k7/8/8/8/4G3/8/8/K7 w - -");
        assertEquals(Set.of("c5", "d6", "f6", "g5", "f4", "f3", "e3", "d3", "d4"), targetsFrom(p, "e4"));
    }

    /** Black pieces use the steps rotated by 180 degrees. */
    @Test
    void blackChargingKnightIsRotated() {
        RefPosition p = RefPosition.fromFen("k7/8/8/8/4g3/8/8/7K b - -");
        assertEquals(Set.of("c3", "d2", "f2", "g3", "f4", "f5", "e5", "d5", "d4"), targetsFrom(p, "e4"));
    }

    /** Counts of each piece alone on d4 (kings in corners), derived by hand from its description. */
    @ParameterizedTest
    @CsvSource({
        "R, 14", "N, 8", "B, 13", "Q, 27",
        "D, 17", "W, 8", "F, 12", "A, 21",
        "C, 14", "I, 8", "G, 9", "O, 20",
        "S, 14", "Y, 8", "U, 12", "M, 22",
        "J, 10", "T, 11", "V, 25",
    })
    void pieceAloneOnD4(char letter, int expected) {
        // The kings on h1 and a8 are on none of the lines or leap targets of a piece on d4.
        // E.g. Bishop 13 = c3 b2 a1 + e5 f6 g7 h8 + c5 b6 a7 + e3 f2 g1; Colonel 20 = 4 forward knight
        // leaps + 11 rook squares (d5-d8, a4-c4, e4-h4) + the 5 king steps not already counted.
        RefPosition p = RefPosition.fromFen("k7/8/8/8/3" + letter + "4/8/8/7K w - -");
        assertEquals(expected, targetsFrom(p, "d4").size(), "piece " + letter);
    }

    @Test
    void shortRookIsLimitedToFourSquares() {
        RefPosition p = RefPosition.fromFen("k7/8/8/8/8/8/8/S6K w - -");
        assertEquals(Set.of("a2", "a3", "a4", "a5", "b1", "c1", "d1", "e1"), targetsFrom(p, "a1"));
    }

    @Test
    void slidesAreBlockedButLeapsAreNot() {
        // Chancellor on d4 boxed in by own pawns: only the 8 knight leaps remain.
        RefPosition p = RefPosition.fromFen("k7/8/8/3P4/2PMP3/3P4/8/7K w - -");
        assertEquals(Set.of("b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"), targetsFrom(p, "d4"));
    }

    // ------------------------------------------------------------------ castling

    @Test
    void bedeLongCastlingPutsKingOnB1AndBedeOnC1() {
        RefPosition p = RefPosition.fromFen("4k3/8/8/8/8/8/8/D3K2D w KQ -");
        Set<String> names = moveNames(p);
        assertTrue(names.contains("e1b1"), names.toString());
        assertTrue(names.contains("e1g1"), names.toString());
        assertFalse(names.contains("e1c1"), names.toString());
        RefPosition after = p.play("e1b1");
        assertEquals('K', after.at(RefMove.square("b1")));
        assertEquals('D', after.at(RefMove.square("c1")));
        assertEquals('.', after.at(RefMove.square("a1")));
        assertEquals('.', after.at(RefMove.square("e1")));
        RefPosition shortC = p.play("e1g1");
        assertEquals('K', shortC.at(RefMove.square("g1")));
        assertEquals('D', shortC.at(RefMove.square("f1")));
    }

    @Test
    void blackBedeLongCastling() {
        RefPosition p = RefPosition.fromFen("d3k3/8/8/8/8/8/8/4K3 b q -");
        RefPosition after = p.play("e8b8");
        assertEquals('k', after.at(RefMove.square("b8")));
        assertEquals('d', after.at(RefMove.square("c8")));
    }

    @Test
    void bedeLongCastlingNeedsB1Safe() {
        // Black rook on b8 attacks b1: the Bede castling (king to b1) is illegal,
        // the ordinary rook castling (king to c1, b1 only has to be empty) is legal.
        assertFalse(moveNames(RefPosition.fromFen("1r2k3/8/8/8/8/8/8/D3K3 w Q -")).contains("e1b1"));
        assertTrue(moveNames(RefPosition.fromFen("1r2k3/8/8/8/8/8/8/R3K3 w Q -")).contains("e1c1"));
    }

    @Test
    void nonColorboundCornerPiecesCastleLikeARook() {
        for (char corner : new char[] {'C', 'S'}) {
            RefPosition p = RefPosition.fromFen("4k3/8/8/8/8/8/8/" + corner + "3K2" + corner + " w KQ -");
            RefPosition longC = p.play("e1c1");
            assertEquals(corner, longC.at(RefMove.square("d1")));
            RefPosition shortC = p.play("e1g1");
            assertEquals(corner, shortC.at(RefMove.square("f1")));
        }
    }

    @Test
    void noCastlingThroughOrOutOfCheck() {
        assertFalse(moveNames(RefPosition.fromFen("4k3/8/8/8/8/8/8/R3K2R w KQ -").play("e1d1")).contains("e8c8"));
        // king in check by a rook on e8: no castling
        Set<String> inCheck = moveNames(RefPosition.fromFen("k3r3/8/8/8/8/8/8/R3K2R w KQ -"));
        assertFalse(inCheck.contains("e1g1") || inCheck.contains("e1c1"), inCheck.toString());
        // f1 attacked: no short castling, long still fine
        Set<String> f1 = moveNames(RefPosition.fromFen("k4r2/8/8/8/8/8/8/R3K2R w KQ -"));
        assertFalse(f1.contains("e1g1"));
        assertTrue(f1.contains("e1c1"));
        // moving the corner piece loses the right
        RefPosition moved = RefPosition.fromFen("k7/8/8/8/8/8/8/R3K2R w KQ -").play("h1h2").play("a8b8").play("h2h1");
        assertFalse(moveNames(moved).contains("e1g1"));
    }

    // ------------------------------------------------------------------ promotion

    @Test
    void promotionChoicesAreTheUnionOfBothArmies() {
        assertEquals(4, RefArmies.promotions("fabulous-fides", "fabulous-fides").size());
        assertEquals(8, RefArmies.promotions("fabulous-fides", "colorbound-clobberers").size());
        // the Charging Rook belongs to both nutty-knights and forward-fides
        assertEquals(7, RefArmies.promotions("nutty-knights", "forward-fides").size());
        assertEquals(List.of(RefPiece.SHORT_ROOK, RefPiece.WOODY_ROOK, RefPiece.HALF_DUCK, RefPiece.CHANCELLOR,
                        RefPiece.BEDE, RefPiece.WAFFLE, RefPiece.FAD, RefPiece.CARDINAL),
                RefArmies.promotions("remarkable-rookies", "colorbound-clobberers"));
    }

    @Test
    void pawnPromotesToEveryChoice() {
        RefPosition start = RefPosition.startPosition("remarkable-rookies", "colorbound-clobberers");
        List<RefPiece> promos = start.promotions();
        RefPosition p = RefPosition.fromFen("k7/4P3/8/8/8/8/8/7K w - -", promos);
        long pawnMoves = p.legalMoves().stream().filter(m -> m.from() == RefMove.square("e7")).count();
        assertEquals(8, pawnMoves);
        RefPosition after = p.play("e7e8u");
        assertEquals('U', after.at(RefMove.square("e8")));
        RefPosition black = RefPosition.fromFen("k7/8/8/8/8/8/4p3/7K b - -", promos);
        assertEquals('d', black.play("e2e1d").at(RefMove.square("e1")));
    }

    @Test
    void enPassant() {
        RefPosition p = RefPosition.fromFen("4k3/8/8/3pP3/8/8/8/4K3 w - d6");
        RefPosition after = p.play("e5d6");
        assertEquals('.', after.at(RefMove.square("d5")));
        assertEquals('P', after.at(RefMove.square("d6")));
        // the double push sets the en-passant square itself
        RefPosition q = RefPosition.fromFen("4k3/3p4/8/4P3/8/8/8/4K3 b - -").play("d7d5");
        assertTrue(moveNames(q).contains("e5d6"));
    }

    // ------------------------------------------------------------------ armies

    @Test
    void startArraysDepthOneByHand() {
        // see the comments in perft/army-pairings.txt for the hand count of each army
        assertEquals(20, RefPerft.perft(RefPosition.startPosition("fabulous-fides", "fabulous-fides"), 1));
        assertEquals(28, RefPerft.perft(RefPosition.startPosition("colorbound-clobberers", "fabulous-fides"), 1));
        assertEquals(26, RefPerft.perft(RefPosition.startPosition("nutty-knights", "fabulous-fides"), 1));
        assertEquals(24, RefPerft.perft(RefPosition.startPosition("remarkable-rookies", "fabulous-fides"), 1));
        assertEquals(20, RefPerft.perft(RefPosition.startPosition("forward-fides", "fabulous-fides"), 1));
    }

    @Test
    void fideStartArrayEqualsFideFen() {
        assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
                RefPosition.startPosition("fabulous-fides", "fabulous-fides").fen());
        assertEquals("dwfakfwd/pppppppp/8/8/8/8/PPPPPPPP/CJTVKTJC w KQkq -",
                RefPosition.startPosition("forward-fides", "colorbound-clobberers").fen());
    }

    @Test
    void divideSumsToPerft() {
        RefPosition p = RefPosition.fromFen(KIWIPETE);
        long sum = RefPerft.divide(p, 2).values().stream().mapToLong(Long::longValue).sum();
        assertEquals(2039, sum);
        assertEquals(48, RefPerft.divide(p, 2).size());
    }

    // ------------------------------------------------------------------ helpers

    private static Set<String> targetsFrom(RefPosition p, String from) {
        int f = RefMove.square(from);
        return p.legalMoves().stream().filter(m -> m.from() == f).map(m -> RefMove.square(m.to()))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> moveNames(RefPosition p) {
        return p.legalMoves().stream().map(RefMove::name).collect(Collectors.toCollection(TreeSet::new));
    }

    /** Non-comment, non-blank lines of a classpath resource. */
    static List<String> readResource(String name) throws IOException {
        InputStream in = ReferenceGeneratorTest.class.getResourceAsStream(name);
        assertNotNull(in, "missing resource " + name);
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                String t = line.strip();
                if (!t.isEmpty() && !t.startsWith("#")) {
                    out.add(t);
                }
            }
        }
        return out;
    }
}
