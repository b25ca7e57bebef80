package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/**
 * Quest-Chess records: a turn and the answers inside it, written on one line with the answers in square
 * brackets, or one segment (one mail) a line; both replay through the referee to the same position.
 */
class QuestRecordsTest {
    private static final String FINAL = "r6k/1pp3p1/p2p3p/3B4/4P3/8/PPP2KPP/RNB5 w - - 0 4";

    @Test
    void a_turn_with_its_answers_in_brackets_is_read_as_the_segments_of_the_mails() {
        GameRecord record = Records.read("quest-sample.txt");
        List<String> third = record.turns().stream().filter(t -> t.number() == 3)
                .map(t -> (t.side() == Side.WHITE ? "W " : "B ") + t.text()).toList();
        assertEquals(List.of("W Bd5, Qxh4", "B [Qxh4]", "W pass", "B Qxf2+", "W [Rxf2]", "B Rxf2", "W [Kxf2]", "B pass"), third);
    }

    @Test
    void the_sample_game_replays_whole_in_both_forms_to_the_same_position() {
        for (String resource : List.of("quest-sample.txt", "quest-sample-by-mail.txt")) {
            Replay.Report r = Records.replay(resource);
            assertEquals(Optional.empty(), r.stoppedBecause(), () -> resource + ": " + Records.describe(r));
            assertTrue(r.allAccepted(), resource);
            assertEquals(FINAL, Fen.write(r.last()), resource);
            assertFalse(r.last().isOver());
        }
    }

    @Test
    void the_pgn_the_game_page_exports_reads_back_its_answers_as_the_other_sides_segments() {
        // PgnRecord numbers each White segment and a Black one only where it does not follow White's
        GameRecord pgn = GameRecord.read("[Variant \"quest\"]\n1. e4, d4 1... d5 2. exd5 [Qxd5] 2. Nf3, Nc3 2... Qxd4 2. [decline]"
                + " 2... Qxc3+ 2. [bxc3] 2... pass *\n");
        List<String> segments = pgn.turns().stream().map(t -> (t.side() == Side.WHITE ? "W " : "B ") + t.text()).toList();
        assertEquals(List.of("W e4, d4", "B d5", "W exd5", "B [Qxd5]", "W Nf3, Nc3", "B Qxd4", "W [decline]", "B Qxc3+",
                "W [bxc3]", "B pass"), segments);
        Replay.Report r = Replay.run(Position.start(Ruleset.of(VariantCatalog.find("quest").orElseThrow(),
                Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES)), pgn.turns(), false);
        assertTrue(r.allAccepted(), () -> Records.describe(r));
        assertEquals(Side.WHITE, r.last().sideToMove());
        assertEquals(3, r.last().turnNumber());
    }

    @Test
    void an_en_passant_capture_inside_the_turn_and_a_mate_that_ends_it() {
        Replay.Report r = Records.replay("quest-en-passant-mate.txt");
        assertTrue(r.allAccepted(), () -> Records.describe(r));
        List<String> notations = r.turns().stream().map(t -> ((Verdict.Accepted) t.verdict()).notation()).toList();
        assertEquals(List.of("e4", "[dxe3]", "Ra8#"), notations);
        assertEquals("1-0", r.result(Optional.empty()));
        assertEquals("checkmate", r.termination(Optional.empty()));
    }

    @Test
    void the_referee_writes_each_segment_as_the_record_does() {
        Replay.Report r = Records.replay("quest-sample.txt");
        List<String> notations = r.turns().stream().map(t -> ((Verdict.Accepted) t.verdict()).notation()).toList();
        assertEquals(List.of("e4, Nf3, Bc4, d4, O-O", "e5, Nc6, d6, Bg4, Nf6, Be7, O-O, a6, h6, Re8",
                "dxe5", "[Nxe5]", "Nxe5", "[decline]", "Bxf7+", "[Kh8]", "Nxg4", "[Nxg4]", "Qxg4",
                "Bh4, Qf6, Rf8", "Bd5, Qxh4", "[Qxh4]", "pass", "Qxf2+", "[Rxf2]", "Rxf2", "[Kxf2]", "pass"), notations);
    }
}
