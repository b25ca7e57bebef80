package org.epistle.core.rules.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Square;
import org.junit.jupiter.api.Test;

/** Every move notation the documents use, read into the same shape. */
class MoveReaderTest {

    @Test
    void standard_algebraic() {
        MoveText m = MoveReader.move("Nf3");
        assertEquals('N', m.pieceLetter());
        assertEquals(Optional.of(Square.of("f3")), m.to());
        assertFalse(m.capture());

        MoveText pawnCapture = MoveReader.move("exd5");
        assertEquals(4, pawnCapture.fromFile());
        assertTrue(pawnCapture.capture());

        MoveText disambiguated = MoveReader.move("R1a3");
        assertEquals(0, disambiguated.fromRank());
    }

    @Test
    void promotions_in_every_spelling() {
        assertEquals(Optional.of("Q"), MoveReader.move("e8=Q").promotion());
        assertEquals(Optional.of("Q"), MoveReader.move("b1(Q)").promotion());
        assertEquals(Optional.of("Q"), MoveReader.move("exd8(Q)+").promotion());
        assertEquals(Optional.of("N"), MoveReader.move("a8N").promotion());
        assertEquals(Optional.of("fhNfrlRK"), MoveReader.move("e8=(fhNfrlRK)").promotion());
    }

    @Test
    void a_man_put_on_a_square_names_both_squares() {
        MoveText put = MoveReader.move("Ke1=f1");
        assertTrue(put.placement());
        assertEquals('K', put.pieceLetter());
        assertEquals(Optional.of(Square.of("e1")), put.from());
        assertEquals(Optional.of(Square.of("f1")), put.to());
        assertTrue(MoveReader.move("e2=f2").placement(), "a pawn without its letter");
        assertFalse(MoveReader.move("e8=Q").placement(), "a promotion is not a placement");
        assertFalse(MoveReader.move("e2-e4").placement());
        assertEquals(List.of(true, true), MoveReader.turn("Ke1=f1, Bf1=e1").stream().map(MoveText::placement).toList());
        NotationException noSquare = assertThrows(NotationException.class, () -> MoveReader.move("K=f1"));
        assertTrue(noSquare.getMessage().contains("write the square he stands on, =, and the square he is put on"), noSquare.getMessage());
        assertThrows(NotationException.class, () -> MoveReader.move("e7=e8=Q"));
    }

    @Test
    void castling_with_letters_or_zeros() {
        assertTrue(MoveReader.move("O-O").isKingside());
        assertTrue(MoveReader.move("0-0+").isKingside());
        assertFalse(MoveReader.move("O-O-O").isKingside());
        assertFalse(MoveReader.move("0-0-0").isKingside());
    }

    @Test
    void long_algebraic_with_dash_x_or_colon() {
        MoveText m = MoveReader.move("e2-e4");
        assertEquals(Optional.of(Square.of("e2")), m.from());
        assertTrue(MoveReader.move("Nf3xe5").capture());
        assertTrue(MoveReader.move("Bb5:e8").capture());
        MoveText king = MoveReader.move("K:f2");
        assertTrue(king.capture());
        assertEquals('K', king.pieceLetter());
        MoveText pawn = MoveReader.move("f:g4");
        assertEquals(5, pawn.fromFile());
        assertTrue(pawn.capture());
    }

    @Test
    void pieces_named_by_betza_and_stop_orders() {
        MoveText m = MoveReader.move("(fhNrlbK)c8-d6");
        assertEquals(Optional.of("fhNrlbK"), m.pieceBetza());
        assertEquals(Optional.of(Square.of("c8")), m.from());
        assertTrue(MoveReader.move("(HFD)e2-e2").isStop());
        assertFalse(MoveReader.move("(HFD)e2-e3").isStop());
    }

    @Test
    void marks_are_ignored() {
        for (String s : List.of("e4+", "e4++", "e4#", "e4!", "e4?", "e4!?", "e4??", "e4?!")) {
            assertEquals("e4", MoveReader.move(s).text(), s);
        }
        assertEquals("exd6", MoveReader.move("exd6e.p.").text());
    }

    @Test
    void a_turn_of_several_moves() {
        assertEquals(List.of("Nf3", "e4"), texts(MoveReader.turn("Nf3/e4")));
        assertEquals(List.of("d5", "Bg4", "Bxd1", "Kd7"), texts(MoveReader.turn("d5, Bg4, Bxd1, Kd7")));
        assertEquals(List.of("Bf4", "f:g4"), texts(MoveReader.turn("Bf4, f:g4")));
        assertEquals(List.of("d4", "Bc4", "Ke2"), texts(MoveReader.turn("3 d4/Bc4/Ke2")));
        assertEquals(List.of("Bxe2", "Bxf1"), texts(MoveReader.turn("4...Bxe2/Bxf1")));
        assertEquals(List.of("e4"), texts(MoveReader.turn("12. e4")));
        assertEquals(List.of("e4", "d5"), texts(MoveReader.turn("e4 d5")));
    }

    @Test
    void unreadable_text_points_at_the_spot() {
        NotationException e = assertThrows(NotationException.class, () -> MoveReader.move("Nf3*e5"));
        assertEquals(3, e.position());
        assertEquals("Nf3*e5\n   ^", e.pointer());
        NotationException short_ = assertThrows(NotationException.class, () -> MoveReader.move("Nf"));
        assertTrue(short_.getMessage().contains("stops before the move is complete"), short_.getMessage());
    }

    private static List<String> texts(List<MoveText> moves) {
        return moves.stream().map(MoveText::text).toList();
    }
}
