package org.epistle.web.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code epistle import FILE.pgn}: one line a game, a count, and the exit code scripts test. */
class ImportCommandLineTest {
    @TempDir Path dir;

    private Path config() throws java.io.IOException {
        return Files.writeString(dir.resolve("epistle.properties"),
                "db.url=jdbc:h2:file:" + dir.resolve("db").toAbsolutePath() + "/epistle\n"
                        + "server.key-file=" + dir.resolve("server.key").toAbsolutePath() + "\n");
    }

    @Test void an_archive_is_imported_and_each_game_gets_a_line() throws Exception {
        Path pgn = Files.writeString(dir.resolve("club.pgn"), """
                [Event "Club"]
                [White "Ann Orme"]
                [Black "Ben Voss"]

                1. f3 e5 2. g4 Qh4# 0-1

                [Event "Club"]
                [White "Ben Voss"]
                [Black "Ann Orme"]

                1. e4 e5 2. Ke3 1-0
                """);
        CommandLineTest.Run r = CommandLineTest.run("import", "--config", config().toString(), pgn.toString());
        assertEquals(1, r.exitCode(), r.out() + r.err());
        List<String> lines = r.lines();
        assertEquals("game 1 (line 1): imported as game 1: Ann Orme v Ben Voss, chess, 4 turns, 0-1", lines.get(0));
        assertTrue(lines.get(1).startsWith("game 2 (line 7): refused: Turn 2. Ke3 is refused: "), lines.get(1));
        assertEquals("imported 1 of 2 games", lines.get(2));

        Path good = Files.writeString(dir.resolve("one.pgn"), "[White \"Cora Lind\"]\n[Black \"Dan Hope\"]\n\n1. d4 d5 *\n");
        CommandLineTest.Run ok = CommandLineTest.run("import", "--config", config().toString(), good.toString());
        assertEquals(0, ok.exitCode(), ok.out() + ok.err());
        assertEquals(List.of("game 1 (line 1): imported as game 2: Cora Lind v Dan Hope, chess, 2 turns, *", "imported 1 of 1 game"),
                ok.lines());
    }

    @Test void a_file_that_cannot_be_read_is_exit_code_2() throws Exception {
        CommandLineTest.Run r = CommandLineTest.run("import", "--config", config().toString(), dir.resolve("missing.pgn").toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("cannot read"), r.err());
    }
}
