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
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The documents' records as they print them, remarks and marks included, through {@code epistle replay}: each
 * plays to its end and reaches the document's diagram (the record file holds it, {@code #|} lines, white
 * pawns drawn O), except on the squares a {@code #differs} line names.
 */
class DocumentRecordsReplayTest {
    private static final Path RECORDS = Path.of("..", "core", "src", "test", "resources", "records");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"magnetic-1", "magnetic-2", "magnetic-3", "magnetic-4", "magnetic-5", "gravity-1",
            "anti-gravity-1", "anti-magnetic-1", "anti-magnetic-2", "anti-magnetic-3", "anti-magnetic-4"})
    void a_magnetic_chess_record_as_printed_replays_to_its_diagram(String game) throws IOException {
        Path record = RECORDS.resolve("magnetic").resolve(game + ".txt");
        CommandLineTest.Run r = CommandLineTest.run("replay", record.toString(), "--json");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode turns = new ObjectMapper().readTree(r.out()).get("turns");
        List<String> reached = new ArrayList<>();
        turns.get(turns.size() - 1).get("diagram").forEach(n -> reached.add(n.asText()));
        String text = Files.readString(record);
        List<String> printed = text.lines().filter(l -> l.startsWith("#|"))
                .map(l -> l.substring(2).replace(" ", "").replace('O', 'P')).toList();
        TreeSet<String> differing = new TreeSet<>();
        for (int rank = 0; rank < 8; rank++) {
            for (int file = 0; file < 8; file++) {
                if (printed.get(rank).charAt(file) != reached.get(rank).charAt(file)) {
                    differing.add((char) ('a' + file) + Integer.toString(8 - rank));
                }
            }
        }
        String declared = text.lines().filter(l -> l.startsWith("#differs ")).map(l -> l.substring(9).split("\\|")[0].trim())
                .findFirst().orElse("");
        assertEquals(declared, String.join(" ", differing), () -> game + " reached\n" + String.join("\n", reached));
    }

    @Test
    void an_ambiguous_move_of_a_historical_record_is_read_the_way_the_rest_of_the_game_allows_and_noted() throws IOException {
        CommandLineTest.Run r = CommandLineTest.run("replay", RECORDS.resolve("magnetic").resolve("magnetic-1.txt").toString(), "--json");
        JsonNode white8 = new ObjectMapper().readTree(r.out()).get("turns").get(14);
        assertEquals("Nd2", white8.get("text").asText());
        assertEquals("Nbd2", white8.get("notation").asText());
        assertTrue(white8.get("notes").get(0).asText().contains("read as Nbd2, the only reading under which the rest of the record replays"),
                white8.toString());
        CommandLineTest.Run text = CommandLineTest.run("replay", RECORDS.resolve("magnetic").resolve("magnetic-1.txt").toString());
        assertTrue(text.out().contains("note: \"Nd2\" fits more than one piece (Nbd2, Nfd2)"), text.out());
    }

    @Test
    void an_abbreviated_capture_is_read_and_a_move_the_record_cannot_tell_apart_stays_ambiguous() throws IOException {
        Path game = Files.writeString(dir.resolve("ambiguous.txt"), "[Variant \"chess\"]\n1. Nf3 d5 2. d4 Nf6 3. Nbd2 c5 4. dxc (!) Nc6 5. Nd2\n");
        CommandLineTest.Run r = CommandLineTest.run("replay", game.toString(), "--json");
        JsonNode turns = new ObjectMapper().readTree(r.out()).get("turns");
        assertEquals("dxc5", turns.get(6).get("notation").asText(), "exactly one capture from the d-file onto the c-file");
        // the knight on d2 stands where the move goes, so only the f3 knight fits: no ambiguity
        assertEquals("rejected", turns.get(8).get("verdict").asText(), r.out());
        Path twoKnights = Files.writeString(dir.resolve("two.txt"), "[Variant \"chess\"]\n1. Nf3 e6 2. d3 e5 3. Nd2?? Nf6\n");
        CommandLineTest.Run two = CommandLineTest.run("replay", twoKnights.toString(), "--json");
        // both knights reach d2 and the rest of the record goes on after either: nothing tells them apart
        JsonNode refused = new ObjectMapper().readTree(two.out()).get("turns").get(4);
        assertEquals("AMBIGUOUS", refused.get("reason").asText(), two.out());
    }

    @Test
    void the_momentum_games_replay_to_their_stated_ends_with_their_corrections_marked() throws IOException {
        ObjectMapper json = new ObjectMapper();
        // the first game: "White's resignation is justified."
        CommandLineTest.Run first = CommandLineTest.run("replay", RECORDS.resolve("momentum-neto-betza-1.txt").toString(), "--json");
        assertEquals(0, first.exitCode(), first.out() + first.err());
        JsonNode one = json.readTree(first.out());
        assertEquals(52, one.get("turns").size());
        assertEquals("0-1", one.get("result").asText());

        // the third: read with its side line aside and the quoted mail; the typo at 11... is corrected where it stands
        CommandLineTest.Run third = CommandLineTest.run("replay", RECORDS.resolve("momentum-betza-neto-3.txt").toString(), "--json");
        assertEquals(0, third.exitCode(), third.out() + third.err());
        JsonNode three = json.readTree(third.out());
        JsonNode turns = three.get("turns");
        assertEquals(25, turns.size(), third.out());
        assertEquals("(fhNrlbK)e6:g5 ?", turns.get(21).get("text").asText());
        assertEquals("(RN)h7:g5", turns.get(24).get("notation").asText(), "the knight fork's end");
        assertEquals("1-0", three.get("result").asText(), "13... resign");

        // the second: to 18... Kh8, then the document's line "if 19. Rf1 f3-f2+ …" from there, every black turn a check
        CommandLineTest.Run second = CommandLineTest.run("replay", RECORDS.resolve("momentum-neto-betza-2.txt").toString(), "--json");
        JsonNode two = json.readTree(second.out()).get("turns");
        assertEquals(36, two.size(), second.out());
        String after18 = two.get(35).get("fen").asText();
        Path line = Files.writeString(dir.resolve("line.txt"), """
                [Variant "momentum"]
                [WhiteArmy "fabulous-fides"]
                [BlackArmy "forward-fides"]
                19. Rf1   f3-f2+
                20. Kg2   (fsQbhNbK)h4-e4+
                21. Kh3   (frlRrlbK)f8-f3+
                22. Kg2   (frlRrlbK)f3-g4++
                23. K:f2  (frlRrlbK)a8-f8+
                """);
        CommandLineTest.Run sideLine = CommandLineTest.run("replay", line.toString(), "--fen", after18, "--json");
        assertEquals(0, sideLine.exitCode(), sideLine.out() + sideLine.err());
        for (JsonNode t : json.readTree(sideLine.out()).get("turns")) {
            if (t.get("side").asText().equals("black")) {
                assertTrue(t.get("notation").asText().endsWith("+"), t.toString());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"marseillais-castelli.txt", "balanced-marseillais-de-giglio-1.txt", "balanced-marseillais-de-giglio-2.txt",
            "double-move-vargiu.txt", "marseillais-braca-ending.txt", "triplets-castelli.txt", "progressive-galvin-white.txt",
            "progressive-galvin-black.txt", "italian-progressive-boniface.txt", "particle-collision-example.txt"})
    void a_record_of_the_multi_move_and_particle_chapters_replays_with_its_remarks(String record) throws IOException {
        CommandLineTest.Run r = CommandLineTest.run("replay", RECORDS.resolve(record).toString(), "--json");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        for (JsonNode turn : new ObjectMapper().readTree(r.out()).get("turns")) {
            assertTrue(turn.get("notes").isEmpty(), turn.toString());
        }
    }

    @Test
    void the_stated_ends_are_reached_mate_after_the_remarks_and_the_particle_example_turns_two_pieces_into_rooks()
            throws IOException {
        JsonNode braca = new ObjectMapper().readTree(
                CommandLineTest.run("replay", RECORDS.resolve("marseillais-braca-ending.txt").toString(), "--json").out());
        assertEquals("checkmate", braca.get("termination").asText(), "6 Qxb2 mate.");
        JsonNode giglio = new ObjectMapper().readTree(
                CommandLineTest.run("replay", RECORDS.resolve("balanced-marseillais-de-giglio-1.txt").toString(), "--json").out());
        assertEquals("checkmate", giglio.get("termination").asText(), "a mate by Ne6/Rxf8");
        JsonNode particles = new ObjectMapper().readTree(
                CommandLineTest.run("replay", RECORDS.resolve("particle-collision-example.txt").toString(), "--json").out());
        JsonNode turns = particles.get("turns");
        assertEquals(10, turns.size());
        assertEquals("Bxd4=R", turns.get(7).get("notation").asText());
        assertEquals("Bxd8=R", turns.get(8).get("notation").asText());
        assertEquals("Kxd8", turns.get(9).get("notation").asText());
    }
}
