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

/** Realm Chess, Power Realm and Free Realm through {@code epistle variants} and {@code epistle replay}, as a script runs them. */
class RealmReplayTest {
    private static final Path SAMPLE = Path.of("..", "core", "src", "test", "resources", "records", "realm-sample.txt");

    @TempDir
    Path dir;

    private static JsonNode json(CommandLineTest.Run r) throws IOException {
        return new ObjectMapper().readTree(r.out());
    }

    private static List<String> notations(JsonNode root) {
        List<String> out = new ArrayList<>();
        root.get("turns").forEach(t -> out.add(t.get("notation").asText()));
        return out;
    }

    @Test
    void the_three_realm_games_are_listed() {
        CommandLineTest.Run r = CommandLineTest.run("variants");
        assertEquals(0, r.exitCode(), r.err());
        for (String key : List.of("realm", "power-realm", "free-realm")) {
            assertTrue(r.lines().stream().anyMatch(l -> l.startsWith(key + " ")), key + " missing: " + r.out());
        }
    }

    @Test
    void the_sample_game_shows_every_kind_of_turn_and_ends_in_mate() throws IOException {
        CommandLineTest.Run r = CommandLineTest.run("replay", SAMPLE.toString(), "--json");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        JsonNode root = json(r);
        assertEquals("realm", root.get("variant").asText());
        assertEquals(List.of("e4", "e5", "Bf1-c4, Nb1-c3", "c7-c5, Nb8-c6", "a2-a4, b2-b4", "Ra8=b8", "Qh5", "a6", "Qxf7#"),
                notations(root));
        assertEquals("1-0", root.get("result").asText());
        assertEquals("checkmate", root.get("termination").asText());
    }

    @Test
    void in_free_realm_the_same_queen_is_only_check_as_the_king_and_queen_can_change_places() throws IOException {
        CommandLineTest.Run r = CommandLineTest.run("replay", SAMPLE.toString(), "--json", "--variant", "free-realm");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        JsonNode root = json(r);
        List<String> written = notations(root);
        assertEquals("Qxf7+", written.get(written.size() - 1));
        assertEquals("*", root.get("result").asText());

        Path answer = dir.resolve("answer.txt");
        Files.writeString(answer, Files.readString(SAMPLE).replace("[Variant \"realm\"]", "[Variant \"free-realm\"]")
                + "5... Ke8=d8, Qd8=e8\n");
        CommandLineTest.Run escaped = CommandLineTest.run("replay", answer.toString(), "--json");
        assertEquals(0, escaped.exitCode(), escaped.out());
        List<String> all = notations(json(escaped));
        assertEquals("Ke8=d8, Qd8=e8", all.get(all.size() - 1));
    }

    @Test
    void a_concentration_of_five_men_is_refused_with_its_reason() throws IOException {
        Path game = dir.resolve("five.txt");
        Files.writeString(game, "[Variant \"realm\"]\n1. Nb1-c3, c2-c4, d2-d4, Ng1-f3, e2-e4\n");
        CommandLineTest.Run r = CommandLineTest.run("replay", game.toString(), "--json");
        assertEquals(1, r.exitCode(), r.out());
        JsonNode refused = json(r).get("turns").get(0);
        assertEquals("REALM_TOO_MANY_MEN", refused.get("reason").asText());
        assertTrue(refused.get("explanation").asText().startsWith("A concentration or a dispersal moves at most four men, "
                + "and this turn moves 5."), refused.toString());
    }

    @Test
    void power_realm_accepts_a_combined_turn_that_realm_chess_refuses() throws IOException {
        Path game = dir.resolve("combined.txt");
        Files.writeString(game, "1. e2-e4, Ke1=e2, Bf1=e1\n");
        CommandLineTest.Run power = CommandLineTest.run("replay", game.toString(), "--json", "--variant", "power-realm");
        assertEquals(0, power.exitCode(), power.out());
        CommandLineTest.Run plain = CommandLineTest.run("replay", game.toString(), "--json", "--variant", "realm");
        assertEquals(1, plain.exitCode(), plain.out());
        assertEquals("REALM_MIXED", json(plain).get("turns").get(0).get("reason").asText());
    }
}
