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

/** The physics variants through the command line: listed, and replayed from the documents' records. */
class PhysicsCommandLineTest {
    @TempDir
    Path dir;

    private Path file(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content);
        return p;
    }

    @Test
    void the_physics_variants_are_listed() {
        CommandLineTest.Run r = CommandLineTest.run("variants");
        for (String key : List.of("magnetic ", "gravity ", "anti-gravity ", "anti-magnetic ", "particle-collision ",
                "particle-collision-redistribution ", "particle-collision-pawns ")) {
            assertTrue(r.lines().stream().anyMatch(l -> l.startsWith(key)), key + " in\n" + r.out());
        }
    }

    @Test
    void the_anti_gravity_sample_game_replays_to_the_documents_diagram() throws IOException {
        // Anti-Gravity 1 of magnetic-chess.md, as printed; "(c8=Q)" is the document's remark
        Path game = file("anti-gravity-1.txt", """
                [Variant "anti-gravity"]
                1. h4 Nh6  2. Nc3 c5  3. h4 Nc6  4. e4 Qc7  5. d4 Bxg4  6. g3 Qa5
                7. Qd2  Nxc2+ {(c8=Q)}  8. Kd1 Qe1+  9. Kxc2 Rxc8+  10. Kd3 Qd1+  0-1
                """);
        CommandLineTest.Run r = CommandLineTest.run("replay", game.toString(), "--json");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode turns = new ObjectMapper().readTree(r.out()).get("turns");
        assertEquals(20, turns.size());
        assertEquals("Nxc2=Q", turns.get(13).get("notation").asText(), "the knight's field pushes a white pawn to c8");
        List<String> diagram = new ArrayList<>();
        turns.get(19).get("diagram").forEach(n -> diagram.add(n.asText()));
        assertEquals(List.of("..rpkbpr", "pp..ppbp", ".......n", "........", "p......P", "N..K..P.", "PP....QP", "RB.q.BNR"), diagram);
    }

    @Test
    void the_particle_collision_example_replays_and_magnetic_nnnn_is_chess_without_check() throws IOException {
        Path game = file("particles.txt", "1. e4 e5 2. d4 exd4 3. Qxd4 Bc5 4. Bg5 Bxd4 5. Bxd8 Kxd8\n");
        CommandLineTest.Run r = CommandLineTest.run("replay", game.toString(), "--variant", "particle-collision");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Bxd4=R"), r.out());
        CommandLineTest.Run m = CommandLineTest.run("replay", game.toString(), "--variant", "magnetic-NNNN", "--json");
        assertEquals(0, m.exitCode(), m.out() + m.err());
        JsonNode last = new ObjectMapper().readTree(m.out()).get("turns").get(9);
        assertTrue(last.get("fen").asText().startsWith("rnbk2nr/pppp1ppp/8/8/3bP3/8/PPP2PPP/RN2KBNR w"),
                "NNNN is chess without check: no field, no energy, " + last.get("fen").asText());
    }
}
