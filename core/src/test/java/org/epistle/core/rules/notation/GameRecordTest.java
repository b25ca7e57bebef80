package org.epistle.core.rules.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.Test;

/** The documents' record layouts, read into turns. */
class GameRecordTest {

    @Test
    void two_columns_as_in_the_momentum_games() {
        GameRecord r = GameRecord.read("""
                White: Joao Neto (Remarkable Rookies)
                Black: Ralph Betza (Nutty Knights)

                1. e4                   (fhNrlbK)c8-d6
                2. e4-e6, f2-f3         (fhNfrlRK)d8:e6, (fhNrlbK)d6-e4
                13. (RN)h7:g5             resign
                """);
        assertEquals(Optional.of("Remarkable Rookies"), r.header("WhiteArmy"));
        assertEquals(Optional.of("Nutty Knights"), r.header("BlackArmy"));
        assertEquals(List.of(
                new GameRecord.Turn(1, Side.WHITE, "e4", 4),
                new GameRecord.Turn(1, Side.BLACK, "(fhNrlbK)c8-d6", 4),
                new GameRecord.Turn(2, Side.WHITE, "e4-e6, f2-f3", 5),
                new GameRecord.Turn(2, Side.BLACK, "(fhNfrlRK)d8:e6, (fhNrlbK)d6-e4", 5),
                new GameRecord.Turn(13, Side.WHITE, "(RN)h7:g5", 6)), r.turns());
        assertEquals(Optional.of("1-0"), r.result());
    }

    @Test
    void castling_written_with_zeros_is_a_move_not_a_move_number() {
        GameRecord r = GameRecord.read("4. c3 Nxf5 5. 0-0 Ne3 6. dxe3 0-0-0+");
        assertEquals(List.of("c3", "Nxf5", "0-0", "Ne3", "dxe3", "0-0-0+"), r.turns().stream().map(GameRecord.Turn::text).toList());
        assertEquals(new GameRecord.Turn(5, Side.WHITE, "0-0", 1), r.turns().get(2));
    }

    @Test
    void plain_movetext_with_slashed_turns() {
        GameRecord r = GameRecord.read("# a comment\n1 d4 Nf6/d5 2 Nc3/Nf3 Bf5/Ng4\n3 h3/hxg4");
        assertEquals(List.of("d4", "Nf6/d5", "Nc3/Nf3", "Bf5/Ng4", "h3/hxg4"),
                r.turns().stream().map(GameRecord.Turn::text).toList());
        assertEquals(Side.BLACK, r.turns().get(3).side());
        assertEquals(3, r.turns().get(4).number());
    }

    @Test
    void one_turn_per_line_and_black_numbers() {
        GameRecord r = GameRecord.read("4...Bxe2/Bxf1\n5 Kxf1/Kg1\n5... c5/cxd4");
        assertEquals(List.of(
                new GameRecord.Turn(4, Side.BLACK, "Bxe2/Bxf1", 1),
                new GameRecord.Turn(5, Side.WHITE, "Kxf1/Kg1", 1),
                new GameRecord.Turn(5, Side.BLACK, "c5/cxd4", 1)), r.turns());
    }

    @Test
    void pgn_tags_comments_and_result() {
        GameRecord r = GameRecord.read("""
                [Variant "marseillais"]
                [White "A"]

                1. e4 {a comment} e5 $1 2. Nf3 1/2-1/2
                """);
        assertEquals(Optional.of("marseillais"), r.header("Variant"));
        assertEquals(List.of("e4", "e5", "Nf3"), r.turns().stream().map(GameRecord.Turn::text).toList());
        assertEquals(Optional.of("1/2-1/2"), r.result());
    }

    @Test
    void comma_separated_moves_stay_in_one_turn() {
        GameRecord r = GameRecord.read("1 e4 2 d5, Bg4, Bxd1, Kd7");
        assertEquals(List.of("e4", "d5, Bg4, Bxd1, Kd7"), r.turns().stream().map(GameRecord.Turn::text).toList());
    }
}
