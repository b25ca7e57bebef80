package org.epistle.web.cli;

import static org.epistle.web.cli.CommandLineTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.epistle.web.Installation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code epistle game create --observer-delay N} and {@code epistle tournament create --observer-delay N}: how many
 * turns late observers see the game; without it, the server's {@code observers.delay-turns}.
 */
class ObserverDelayCommandLineTest {
    @TempDir
    Path dir;

    @Test
    void a_game_created_with_an_observer_delay_keeps_it_and_one_without_takes_the_settings_default() throws Exception {
        Path config = dir.resolve("epistle.properties");
        Files.writeString(config, "db.url=jdbc:h2:file:" + dir.resolve("db").toAbsolutePath() + "/epistle\n"
                + "server.key-file=" + dir.resolve("server.key").toAbsolutePath() + "\n"
                + "observers.delay-turns=4\n");
        CommandLineTest.Run own = run("game", "create", "--config", config.toString(), "--white", "Alice", "alice@example.org",
                "--black", "Bob", "bob@example.org", "--observer-delay", "0");
        assertEquals(0, own.exitCode(), own.err());
        assertTrue(own.out().contains("(Black). Both opening mails are in the outbox."), "the output is as before: " + own.out());
        CommandLineTest.Run plain = run("game", "create", "--config", config.toString(), "--white", "Alice", "alice@example.org",
                "--black", "Bob", "bob@example.org");
        CommandLineTest.Run tournament = run("tournament", "create", "--config", config.toString(), "--name", "Cup",
                "--variant", "chess", "--observer-delay", "7");
        assertEquals(0, tournament.exitCode(), tournament.err());

        try (Installation installation = Installation.open(config)) {
            var observers = installation.games().observers();
            assertEquals(0, observers.delay(Long.parseLong(own.lastLine())));
            assertEquals(4, observers.delay(Long.parseLong(plain.lastLine())));
            assertEquals(java.util.Optional.of(7), observers.tournamentDelay(Long.parseLong(tournament.lastLine())));
        }
    }

    @Test
    void a_delay_out_of_range_is_refused_before_the_database_is_opened() throws Exception {
        Path config = dir.resolve("epistle.properties");
        Files.writeString(config, "db.url=jdbc:h2:file:" + dir.resolve("db").toAbsolutePath() + "/epistle\n"
                + "server.key-file=" + dir.resolve("server.key").toAbsolutePath() + "\n");
        CommandLineTest.Run r = run("game", "create", "--config", config.toString(), "--white", "Alice", "alice@example.org",
                "--black", "Bob", "bob@example.org", "--observer-delay", "101");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("the observer delay must be a whole number of turns from 0 to 100"), r.err());
        assertTrue(!Files.exists(dir.resolve("db")), "nothing was created");
    }
}
