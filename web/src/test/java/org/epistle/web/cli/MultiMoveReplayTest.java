package org.epistle.web.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** The multi-move chapter's documented games and refusals through {@code epistle replay}, as a script would run them. */
class MultiMoveReplayTest {
    /** The records live with the core tests that replay them through the referee. */
    private static final Path RECORDS = Path.of("..", "core", "src", "test", "resources", "records");

    @TempDir
    Path dir;

    private static JsonNode json(CommandLineTest.Run r) throws IOException {
        return new ObjectMapper().readTree(r.out());
    }

    private static CommandLineTest.Run replay(String record, String... more) {
        String[] args = Stream.concat(Stream.of("replay", RECORDS.resolve(record).toString(), "--json"), Stream.of(more))
                .toArray(String[]::new);
        return CommandLineTest.run(args);
    }

    @Test
    void bonifaces_italian_progressive_win_ends_in_italian_mate() throws IOException {
        CommandLineTest.Run r = replay("italian-progressive-boniface.txt");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        JsonNode root = json(r);
        assertEquals("italian-progressive", root.get("variant").asText());
        assertEquals("1-0", root.get("result").asText());
        assertEquals("checkmate", root.get("termination").asText());
        JsonNode turns = root.get("turns");
        assertEquals("c4, Kd2, Kc3, Kb4, Nf3, Rd1, Rxd7#", turns.get(turns.size() - 1).get("notation").asText());
    }

    @Test
    void giks_lone_king_mates_from_two_squares_away() throws IOException {
        CommandLineTest.Run r = replay("king-and-pawns-gik.txt");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        JsonNode root = json(r);
        assertEquals("king-and-pawns-two-square-check", root.get("variant").asText());
        assertEquals("1-0", root.get("result").asText());
        assertEquals("checkmate", root.get("termination").asText());
        assertEquals("Kd6+/Kxc7#", lastNotation(r));
        CommandLineTest.Run common = replay("king-and-pawns-gik.txt", "--variant", "king-and-pawns");
        assertEquals(1, common.exitCode(), "the common form wants the queen's check answered at once");
    }

    @Test
    void one_two_refuses_a_promotion_that_imperatore_allows() throws IOException {
        Path game = Files.createTempFile(dir, "promotion", ".txt");
        Files.writeString(game, "[FEN \"k7/2P5/8/8/8/8/8/4K3 w - - 0 1\"]\n1 c8=Q/Kd2\n");
        CommandLineTest.Run oneTwo = CommandLineTest.run("replay", game.toString(), "--json", "--variant", "one-two");
        assertEquals(1, oneTwo.exitCode(), oneTwo.out());
        JsonNode refused = json(oneTwo).get("turns").get(0);
        assertEquals("MOVE_NOT_IN_VARIANT", refused.get("reason").asText());
        assertTrue(refused.get("explanation").asText().contains("One-Two has no promotion of White's pawns"), refused.toString());
        CommandLineTest.Run imperatore = CommandLineTest.run("replay", game.toString(), "--json", "--variant", "imperatore");
        assertEquals(0, imperatore.exitCode(), imperatore.out());
    }

    @Test
    void castellis_triplets_win_under_both_readings() throws IOException {
        CommandLineTest.Run cautious = replay("triplets-castelli.txt");
        assertEquals(0, cautious.exitCode(), cautious.out());
        assertEquals("0-1", json(cautious).get("result").asText());
        assertEquals("unable to complete a turn", json(cautious).get("termination").asText());
        CommandLineTest.Run lenient = replay("triplets-castelli.txt", "--variant", "triplets-king-through-check");
        assertEquals(0, lenient.exitCode(), lenient.out());
        assertEquals("*", json(lenient).get("result").asText(), "under that reading White still has a turn");
    }

    @Test
    void galvins_black_win_stops_at_the_misprint_and_goes_on_as_played() throws IOException {
        // the record holds the correction, marked where it stands; as printed, the turn is refused
        Path printed = dir.resolve("galvin-black-as-printed.txt");
        Files.writeString(printed, Files.readString(RECORDS.resolve("progressive-galvin-black.txt"), StandardCharsets.UTF_8)
                .replaceFirst("Nxh4 \\{printed Nxf4[^}]*}", "Nxf4"), StandardCharsets.UTF_8);
        CommandLineTest.Run strict = CommandLineTest.run("replay", printed.toString(), "--json");
        assertEquals(1, strict.exitCode());
        JsonNode turns = json(strict).get("turns");
        JsonNode refused = turns.get(turns.size() - 1);
        assertEquals("NONE_CAN_MOVE_THERE", refused.get("reason").asText());
        assertTrue(refused.get("explanation").asText().startsWith("Not accepted: Nxf4."), refused.toString());
    }

    @Test
    void the_other_documented_games_replay_whole() throws IOException {
        for (String record : List.of("progressive-1996-email.txt", "progressive-galvin-white.txt", "marseillais-braca-ending.txt",
                "double-move-vargiu.txt")) {
            CommandLineTest.Run r = replay(record);
            assertEquals(0, r.exitCode(), record + ": " + r.out() + r.err());
            for (JsonNode t : json(r).get("turns")) {
                assertEquals("accepted", t.get("verdict").asText(), record + ": " + t);
            }
        }
        assertEquals("Qxb2#", lastNotation(replay("marseillais-braca-ending.txt")));
    }

    @Test
    void a_quest_chess_record_replays_its_answers_as_segments_of_the_other_side() throws IOException {
        CommandLineTest.Run r = replay("quest-sample.txt");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        JsonNode root = json(r);
        assertEquals("quest", root.get("variant").asText());
        assertEquals("*", root.get("result").asText());
        JsonNode turns = root.get("turns");
        assertEquals(20, turns.size(), "two whole turns, then the segments of turns 2 and 3");
        JsonNode recapture = turns.get(3);
        assertEquals("black", recapture.get("side").asText());
        assertEquals("[Nxe5]", recapture.get("notation").asText());
        assertTrue(recapture.get("fen").asText().endsWith(" w - - 0 2 note:quest=turn=w,played=1,moved=-,awaits=none"),
                recapture.get("fen").asText());
        assertEquals("pass", lastNotation(r));

        CommandLineTest.Run byMail = replay("quest-sample-by-mail.txt");
        assertEquals(0, byMail.exitCode(), byMail.err() + byMail.out());
        assertEquals(turns.get(turns.size() - 1).get("fen").asText(),
                json(byMail).get("turns").get(turns.size() - 1).get("fen").asText(), "both forms reach one position");
    }

    @Test
    void a_quest_chess_ending_from_a_fen_with_en_passant_inside_the_turn_ends_in_mate() throws IOException {
        CommandLineTest.Run r = replay("quest-en-passant-mate.txt");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        JsonNode root = json(r);
        assertEquals("1-0", root.get("result").asText());
        assertEquals("checkmate", root.get("termination").asText());
        assertEquals("[dxe3]", root.get("turns").get(1).get("notation").asText());
        assertEquals("Ra8#", lastNotation(r));
    }

    @Test
    void variants_lists_quest_chess() {
        CommandLineTest.Run r = CommandLineTest.run("variants");
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("quest ") && l.contains("answers captures and checks")), r.out());
    }

    private static String lastNotation(CommandLineTest.Run r) throws IOException {
        JsonNode turns = json(r).get("turns");
        return turns.get(turns.size() - 1).get("notation").asText();
    }

    @TestFactory
    Stream<DynamicTest> each_multi_move_refusal_gets_its_reason() throws IOException {
        List<String> lines;
        try (var in = MultiMoveReplayTest.class.getResourceAsStream("/illegal-multi-move.txt")) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        }
        return lines.stream().map(line -> DynamicTest.dynamicTest(line, () -> {
            String[] parts = line.split("\\|\\|");
            Path game = Files.createTempFile(dir, "illegal", ".txt");
            Files.writeString(game, "[Variant \"" + parts[0].trim() + "\"]\n" + parts[1].trim() + "\n");
            CommandLineTest.Run r = CommandLineTest.run("replay", game.toString(), "--json");
            JsonNode turns = json(r).get("turns");
            JsonNode last = turns.get(turns.size() - 1);
            assertEquals("rejected", last.get("verdict").asText(), r.out());
            assertEquals(parts[2].trim(), last.get("reason").asText(), last.get("explanation").asText());
            assertEquals(1, r.exitCode());
            for (int i = 0; i < turns.size() - 1; i++) {
                assertEquals("accepted", turns.get(i).get("verdict").asText(), "only the last turn is illegal: " + r.out());
            }
        }));
    }
}
