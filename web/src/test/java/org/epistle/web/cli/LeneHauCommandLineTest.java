package org.epistle.web.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lene Hau Chess through the command line: listed, and the document's examples replayed from their records. */
class LeneHauCommandLineTest {
    /** The records live with the core tests that play the same examples through the referee. */
    private static final Path RECORDS = Path.of("..", "core", "src", "test", "resources", "records", "lene-hau");

    @TempDir
    Path dir;

    private static JsonNode replay(String record) throws IOException {
        CommandLineTest.Run r = CommandLineTest.run("replay", RECORDS.resolve(record).toString(), "--json");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return new ObjectMapper().readTree(r.out()).get("turns");
    }

    private static List<String> diagram(JsonNode turn) {
        List<String> out = new ArrayList<>();
        turn.get("diagram").forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void a_move_onto_a_square_where_only_an_enemy_traveller_stands_is_refused_with_the_reason() throws IOException {
        Path game = dir.resolve("traveller.txt");
        Files.writeString(game, """
                [Variant "lene-hau"]
                [FEN "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1 travel:bb7:a8>e4"]
                1. Rb1xb7
                """);
        CommandLineTest.Run r = CommandLineTest.run("replay", game.toString(), "--json");
        assertEquals(1, r.exitCode(), r.out());
        JsonNode refused = new ObjectMapper().readTree(r.out()).get("turns").get(0);
        assertEquals("TRAVELLER_CANNOT_BE_CAPTURED", refused.get("reason").asText());
        assertTrue(refused.get("explanation").asText().contains("Only the black bishop, on its way to e4, stands on b7"), refused.toString());
        assertTrue(refused.get("explanation").asText().contains("Wait until it has arrived on e4"), refused.toString());
    }

    @Test
    void both_variants_are_listed() {
        CommandLineTest.Run r = CommandLineTest.run("variants");
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("lene-hau ")), r.out());
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("progressive-lene-hau ")), r.out());
    }

    @Test
    void rook_and_queen_arrive_together_on_turn_six() throws IOException {
        JsonNode turns = replay("timing-rook-and-queen.txt");
        assertEquals(11, turns.size());
        JsonNode beforeArrival = turns.get(9);
        assertTrue(beforeArrival.get("fen").asText().endsWith(" travel:Rg6:g1>g7,Qh6:h2>h7"), beforeArrival.get("fen").asText());
        assertEquals(expectedAfterArrival(), diagram(turns.get(10)));
    }

    private static List<String> expectedAfterArrival() {
        return List.of(".....k..", ".....pRQ", ".p......", "........", "p.P.....", "...B.N..", "........", "...K....");
    }

    @Test
    void g7_g5_saves_the_pawn() throws IOException {
        JsonNode turns = replay("g7-g5-saves-the-pawn.txt");
        JsonNode last = turns.get(turns.size() - 1);
        assertTrue(last.get("fen").asText().startsWith("7k/1p3pRp/8/6p1/p1P5/"), last.get("fen").asText());
    }

    @Test
    void qxh5_then_qh5_h7_arrives_with_the_rook() throws IOException {
        JsonNode turns = replay("h7-h5-and-qxh5.txt");
        assertEquals("Qh2-h5", turns.get(2).get("notation").asText(), "the record's x to an empty square is read as a move there");
        assertEquals("accepted", turns.get(2).get("verdict").asText());
        JsonNode last = turns.get(turns.size() - 1);
        assertTrue(last.get("fen").asText().startsWith("5k2/1p3pRQ/"), last.get("fen").asText());
    }

    @Test
    void a_progressive_record_replays_with_one_step_a_turn() throws IOException {
        JsonNode turns = replay("progressive-opening.txt");
        assertEquals(4, turns.size());
        assertEquals("a2-a3, a3-a4, Nb1-c3", turns.get(2).get("notation").asText());
        String fen = turns.get(3).get("fen").asText();
        assertTrue(fen.startsWith("r1bqkb1r/ppp1ppp1/5n2/3p4/P3P2p/8/1PPP1PPP/R1BQKBNR w"), fen);
        assertTrue(fen.endsWith(" travel:Nb2:b1>c3,nb7:b8>c6"), fen);
    }

    @Test
    void two_pieces_arrive_together_and_one_moves_on() throws IOException {
        JsonNode turns = replay("double-arrival.txt");
        assertTrue(turns.get(7).get("fen").asText().contains(" travel:Ba5"), "the second piece at rest on a5: " + turns.get(7).get("fen"));
        assertEquals(List.of(".......k", ".B......", "R......."), diagram(turns.get(8)).subList(1, 4),
                "the bishop moved on to b6, the rook stays on a5");
    }

    @Test
    void en_passant_once_the_pawn_has_arrived() throws IOException {
        JsonNode turns = replay("en-passant-after-arrival.txt");
        assertEquals("e5xd6", turns.get(3).get("notation").asText());
        assertEquals(List.of("........", ".....k..", "...P....", "........"), diagram(turns.get(3)).subList(0, 4));
    }

    @Test
    void the_rook_bound_for_a8_checks_the_fifth_rank_too() throws IOException {
        CommandLineTest.Run r = CommandLineTest.run("replay", RECORDS.resolve("two-ranks.txt").toString(), "--json");
        assertEquals(1, r.exitCode(), r.out());
        JsonNode refused = new ObjectMapper().readTree(r.out()).get("turns").get(0);
        assertEquals("CHECK_AFTER_NEXT_STEP", refused.get("reason").asText());
        assertTrue(refused.get("explanation").asText().contains("in check from the white rook on a5 once White's travellers take their next step"),
                refused.get("explanation").asText());
    }

    @Test
    void a_forced_pass_is_written_pass() throws IOException {
        JsonNode turns = replay("forced-pass.txt");
        assertEquals("pass", turns.get(0).get("notation").asText());
    }

    @Test
    void a_move_blocked_by_a_traveller_is_refused_with_the_reason() throws IOException {
        Path game = dir.resolve("blocked.txt");
        Files.writeString(game, """
                [Variant "lene-hau"]
                [FEN "6k1/pp3ppp/8/8/8/3B1N2/2P4Q/1K4R1 w - - 0 1"]
                1 Rg1xg7 a7-a6 2 Qh2-e2
                """);
        CommandLineTest.Run r = CommandLineTest.run("replay", game.toString());
        assertEquals(1, r.exitCode(), r.out());
        assertTrue(r.out().contains("REJECTED  BLOCKED_BY_TRAVELLER"), r.out());
        assertTrue(r.out().contains("blocked by the white rook on g2, which is travelling to g7"), r.out());
    }
}
