package org.epistle.web.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command-line contract that outside scripts rely on. */
class CommandLineTest {
    @TempDir
    Path dir;

    record Run(int exitCode, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }

        String lastLine() {
            List<String> l = lines();
            return l.get(l.size() - 1);
        }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = EpistleCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    private Path file(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content);
        return p;
    }

    @Test
    void a_busy_web_port_stops_the_start_with_one_line_and_no_mail_moves() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            // external mail on a port nobody serves: the start must stop at the web port, before any mail is read
            Path config = file("epistle.properties", "db.url=jdbc:h2:file:" + dir.resolve("data/epistle") + "\n"
                    + "mail.mode=external\nmail.smtp.port=9\nmail.imap.port=9\n");

            Run r = run("serve", "--config", config.toString(), "--port", Integer.toString(taken.getLocalPort()));

            assertEquals(2, r.exitCode(), r.err());
            assertEquals(List.of("epistle: the web app cannot listen on 127.0.0.1:" + taken.getLocalPort()
                    + ": Port already in use. Make sure no other process is using port " + taken.getLocalPort()
                    + " and try again. (set web.port or --port)"), r.err().lines().toList());
            assertFalse(r.out().contains("Epistle is serving"), r.out());
        }
    }

    @Test
    void a_bad_setting_stops_the_start_with_one_line_naming_the_setting() throws IOException {
        Path config = file("bad.properties", "db.url=jdbc:h2:file:" + dir.resolve("data/epistle") + "\nmail.smtp.port=0\n");

        Run r = run("serve", "--config", config.toString());

        assertEquals(2, r.exitCode(), r.err());
        assertEquals(List.of("epistle: Bad setting mail.smtp.port = \"0\" (from file " + config + "): a port must be from 1 to 65535"),
                r.err().lines().toList());
    }

    @Test
    void a_database_another_process_holds_stops_the_start_with_one_line() throws Exception {
        // Without AUTO_SERVER one process has the file: here H2's shell in a JVM of its own, holding it while its
        // standard input stays open.
        String url = "jdbc:h2:file:" + dir.resolve("held/epistle");
        Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.h2.tools.Shell", "-url", url)
                .redirectErrorStream(true).start();
        try {
            holder.getOutputStream().write("SELECT 1;\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            holder.getOutputStream().flush();
            var shell = new java.io.BufferedReader(new java.io.InputStreamReader(holder.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8));
            for (String line = shell.readLine(); line != null && !line.contains("(1 row"); line = shell.readLine()) {
                // until the shell has answered: it has the database open
            }
            Path config = file("held.properties", "db.url=" + url + "\nmail.mode=external\n"
                    + "mail.smtp.port=9\nmail.imap.port=9\n");

            Run r = run("serve", "--config", config.toString(), "--port", "0");

            assertEquals(2, r.exitCode(), r.err());
            List<String> lines = r.err().lines().toList();
            assertEquals(1, lines.size(), r.err());
            assertTrue(lines.get(0).startsWith("epistle: the database cannot be opened: "), lines.get(0));
            assertFalse(r.out().contains("Epistle is serving"), r.out());
        } finally {
            holder.destroy();
            holder.waitFor();
        }
    }

    @Test
    void a_missing_certificate_file_stops_the_start_with_one_line() throws IOException {
        Path config = file("tls.properties", "db.url=jdbc:h2:file:" + dir.resolve("data/epistle") + "\n"
                + "mail.mode=external\nmail.tls=true\nmail.smtp.port=9\nmail.imap.port=9\n"
                + "mail.trusted-certificates=" + dir.resolve("nowhere.pem") + "\n");

        Run r = run("serve", "--config", config.toString(), "--port", "0");

        assertEquals(2, r.exitCode(), r.err());
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.err());
        assertTrue(lines.get(0).startsWith("epistle: ") && lines.get(0).contains("nowhere.pem"), lines.get(0));
    }

    @Test
    void variants_lists_one_line_each() {
        Run r = run("variants");
        assertEquals(0, r.exitCode());
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("chess ")), r.out());
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("marseillais ")), r.out());
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("balanced-marseillais ")), r.out());
        for (String key : List.of("king-and-pawns-two-square-check", "imperatore", "one-two")) {
            assertTrue(r.lines().stream().anyMatch(l -> l.startsWith(key + " ")), key + " missing: " + r.out());
        }
    }

    @Test
    void perft_prints_the_count_alone_on_the_last_line() {
        Run r = run("perft", "--variant", "chess", "--depth", "5");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("4865609", r.lastLine());
    }

    @Test
    void perft_with_armies_and_a_fen() {
        assertEquals("17587", run("perft", "--variant", "chess", "--white-army", "nutty-knights",
                "--black-army", "remarkable-rookies", "--depth", "3").lastLine());
        assertEquals("2039", run("perft", "--variant", "chess", "--depth", "2",
                "--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").lastLine());
    }

    @Test
    void perft_divide_lists_each_first_move_then_the_total() {
        Run r = run("perft", "--variant", "chess", "--depth", "2", "--divide");
        assertEquals("400", r.lastLine());
        assertTrue(r.out().contains("Nb1-a3: 20"), r.out());
    }

    @Test
    void unknown_variant_or_army_is_exit_code_2_with_a_sentence() {
        Run r = run("perft", "--variant", "nonsense", "--depth", "1");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("unknown variant 'nonsense'"), r.err());
        Run a = run("perft", "--white-army", "green-goblins", "--depth", "1");
        assertEquals(2, a.exitCode());
        assertTrue(a.err().contains("unknown army 'green-goblins'"), a.err());
    }

    @Test
    void replay_a_marseillais_line_as_json() throws IOException {
        Path game = file("castelli.txt", "[Variant \"marseillais\"]\n1 Nf3/e4 d5/dxe4?? 2 Ne5/Bb5+\n");
        Run r = run("replay", game.toString(), "--json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertEquals("marseillais", root.get("variant").asText());
        assertEquals(3, root.get("turns").size());
        JsonNode last = root.get("turns").get(2);
        assertEquals(2, last.get("turn").asInt());
        assertEquals("white", last.get("side").asText());
        assertEquals("Ne5/Bb5+", last.get("text").asText());
        assertEquals("accepted", last.get("verdict").asText());
        assertTrue(last.get("reason").isNull());
        assertEquals(8, last.get("diagram").size());
        assertEquals("rnbqkbnr", last.get("diagram").get(0).asText());
        assertTrue(last.get("fen").asText().startsWith("rnbqkbnr/ppp1pppp/8/1B2N3/4p3/8/PPPP1PPP/RNBQK2R b KQkq"));
        assertEquals("*", root.get("result").asText());
    }

    @Test
    void replay_stops_at_an_illegal_move_and_explains_it() throws IOException {
        Path game = file("bad.pgn", "1. e4 e5 2. Ke3 Nc6\n");
        Run r = run("replay", game.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.out().contains("REJECTED  CANNOT_MOVE_THERE"), r.out());
        assertTrue(r.out().contains("A king on e1 moves to e2 — not to e3."), r.out());
        assertTrue(r.out().contains("Final position:"), r.out());
        assertTrue(r.out().contains("Stopped: turn 2 was refused."), r.out());
    }

    @Test
    void a_san_move_refused_for_a_blocked_path_names_the_piece_the_blocker_and_marks_all_three() throws IOException {
        Path game = file("blocked.pgn", "1. e4 Bc5\n");
        Run json = run("replay", game.toString(), "--json");
        JsonNode refused = new ObjectMapper().readTree(json.out()).get("turns").get(1);
        assertEquals("PATH_BLOCKED", refused.get("reason").asText());
        assertEquals("Not accepted: Bc5. The path from f8 to c5 is blocked by the black pawn on e7.", refused.get("explanation").asText());
        Run text = run("replay", game.toString());
        assertTrue(text.out().contains("8 | r  n  b  q  k [b] n  r  |"), text.out());
        assertTrue(text.out().contains("7 | p  p  p  p [p] p  p  p  |"), text.out());
        assertTrue(text.out().contains("5 | .  . [.] .  .  .  .  .  |"), text.out());
    }

    @Test
    void replay_json_names_the_reason_and_explains_it() throws IOException {
        Path game = file("check.pgn", "1. e4 e5 2. f3 Qh4+ 3. Nc3\n");
        Run r = run("replay", game.toString(), "--json");
        assertEquals(1, r.exitCode());
        JsonNode refused = new ObjectMapper().readTree(r.out()).get("turns").get(4);
        assertEquals("rejected", refused.get("verdict").asText());
        assertEquals("STILL_IN_CHECK", refused.get("reason").asText());
        assertEquals("Not accepted: Nc3. Your king on e1 is in check from the black queen on h4, and this move does not get it out.",
                refused.get("explanation").asText());
    }

    @TestFactory
    Stream<DynamicTest> a_file_of_illegal_moves_gets_the_right_reason_for_each() throws IOException {
        List<String> lines;
        try (var in = CommandLineTest.class.getResourceAsStream("/illegal-moves.txt")) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        }
        return lines.stream().map(line -> DynamicTest.dynamicTest(line, () -> {
            String[] parts = line.split("\\|\\|");
            Path game = Files.createTempFile(dir, "illegal", ".pgn");
            Files.writeString(game, parts[0].trim() + "\n");
            Run r = run("replay", game.toString(), "--json");
            JsonNode turns = new ObjectMapper().readTree(r.out()).get("turns");
            JsonNode last = turns.get(turns.size() - 1);
            assertEquals("rejected", last.get("verdict").asText(), r.out());
            assertEquals(parts[1].trim(), last.get("reason").asText(), last.get("explanation").asText());
            assertEquals(1, r.exitCode());
            for (int i = 0; i < turns.size() - 1; i++) {
                assertEquals("accepted", turns.get(i).get("verdict").asText(), "only the last turn is illegal");
            }
        }));
    }

    @Test
    void perft_counts_the_magnetic_tree_not_the_chess_tree() {
        // the field pulls pawns forward, so Black has more replies than in chess (400)
        assertEquals("437", run("perft", "--variant", "magnetic", "--depth", "2").lines().get(0));
        // in check from the rook on e2, White has 3 chess moves; without check every king and rook move counts
        String fen = "4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1";
        assertEquals("3", run("perft", "--variant", "chess", "--depth", "1", "--fen", fen).lines().get(0));
        assertEquals("15", run("perft", "--variant", "magnetic", "--depth", "1", "--fen", fen).lines().get(0));
        Run divided = run("perft", "--variant", "anti-gravity", "--depth", "1", "--fen", fen, "--divide");
        assertTrue(divided.lines().contains("Ke1-d2: 1") && divided.lines().contains("Ke1xe2: 1"), divided.out());
        assertEquals("15", divided.lines().get(divided.lines().size() - 1));
    }

    @Test
    void perft_is_refused_with_the_reason_for_a_game_without_check_whose_turns_have_several_moves() {
        Run r = run("perft", "--variant", "double-move", "--depth", "2");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("there is no check in Double-Move"), r.err());
        assertTrue(r.err().contains("has several moves"), r.err());
    }

    @Test
    void perft_is_refused_for_variants_whose_turns_are_judged_by_rules_of_their_own() {
        for (String variant : java.util.List.of("momentum", "lene-hau", "realm", "quest")) {
            Run r = run("perft", "--variant", variant, "--depth", "2");
            assertEquals(2, r.exitCode(), variant);
            assertTrue(r.err().contains("judges its turns by rules of its own"), r.err());
        }
    }

    /** The Momentum games transcribed for the rules core's tests. */
    private static String momentumRecord(String name) {
        return java.nio.file.Path.of("..", "core", "src", "test", "resources", "records", name).toString();
    }

    @Test
    void replay_accepts_the_first_momentum_game_whole() throws IOException {
        Run r = run("replay", momentumRecord("momentum-neto-betza-1.txt"), "--json");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertEquals("momentum", root.get("variant").asText());
        assertEquals(52, root.get("turns").size());
        JsonNode black23 = root.get("turns").get(45);
        assertEquals("(fbNF)e2-f1, (frlRrlbK)b8-d8", black23.get("notation").asText(), "no check under the revised rules");
    }

    @Test
    void replay_names_the_typo_and_the_slip_of_the_second_momentum_game() throws IOException {
        // the record holds the move meant, marked {printed …}; put back as printed, the turn is refused
        String marked = Files.readString(Path.of(momentumRecord("momentum-neto-betza-2.txt")));
        Path printed = file("momentum-2-printed.txt", marked.replace("(fBbhN)f8:e7,c6-c5 {printed (fBbhN)d8:e7, a typo}",
                "(fBbhN)d8:e7,c6-c5"));
        Run asPrinted = run("replay", printed.toString());
        assertEquals(1, asPrinted.exitCode());
        assertTrue(asPrinted.out().contains("REJECTED  WRONG_PIECE_NAMED"), asPrinted.out());

        // White's 15th turn is two starts, as the text says; the record marks it {as played: …}: refused, made, and on
        Run r = run("replay", momentumRecord("momentum-neto-betza-2.txt"), "--json");
        assertEquals(1, r.exitCode(), "a turn is refused");
        JsonNode turns = new ObjectMapper().readTree(r.out()).get("turns");
        assertEquals(36, turns.size(), r.out());
        JsonNode slip = turns.get(28);
        assertEquals(15, slip.get("turn").asInt());
        assertEquals("ONE_ACTION_PER_TURN", slip.get("reason").asText());
        assertTrue(slip.get("forced").asBoolean());
        assertTrue(slip.get("notes").get(0).asText().contains("marks this turn as played against the rules"), slip.toString());
        Run text = run("replay", momentumRecord("momentum-neto-betza-2.txt"));
        assertTrue(text.out().contains("note: the record marks this turn as played against the rules"), text.out());
    }

    @Test
    void replay_takes_armies_from_the_record_header() throws IOException {
        Path game = file("momentum-start.txt", """
                White: Joao Neto (Remarkable Rookies)
                Black: Ralph Betza (Nutty Knights)
                1. e4                   (fhNrlbK)c8-d6
                """);
        Run r = run("replay", game.toString(), "--json");
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertEquals("remarkable-rookies", root.get("whiteArmy").asText());
        assertEquals("nutty-knights", root.get("blackArmy").asText());
        assertEquals("accepted", root.get("turns").get(1).get("verdict").asText(), r.out());
    }

    @Test
    void a_missing_file_is_exit_code_2() {
        Run r = run("replay", dir.resolve("nope.pgn").toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("cannot read"), r.err());
    }
}
