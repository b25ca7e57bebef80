package org.epistle.web.cli;

import static org.epistle.web.cli.CommandLineTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.epistle.core.games.FamilyRating;
import org.epistle.core.games.rating.Encounter;
import org.epistle.core.games.rating.Glicko2;
import org.epistle.core.games.rating.Rating;
import org.epistle.web.Installation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code epistle game create … --rated}: the game's end moves both players' ratings; without it, nothing does. */
class RatedGameCommandLineTest {
    @TempDir
    Path dir;

    @Test
    void a_game_created_with_rated_counts_for_the_ratings_and_one_without_does_not() throws Exception {
        Path config = dir.resolve("epistle.properties");
        Files.writeString(config, "db.url=jdbc:h2:file:" + dir.resolve("db").toAbsolutePath() + "/epistle\n"
                + "server.key-file=" + dir.resolve("server.key").toAbsolutePath() + "\n");
        CommandLineTest.Run rated = run("game", "create", "--config", config.toString(), "--variant", "progressive",
                "--white", "Alice", "alice@example.org", "--black", "Bob", "bob@example.org", "--rated");
        assertEquals(0, rated.exitCode(), rated.err());
        assertTrue(rated.out().contains("(Black), rated. Both opening mails are in the outbox."), rated.out());
        CommandLineTest.Run casual = run("game", "create", "--config", config.toString(), "--variant", "progressive",
                "--white", "Alice", "alice@example.org", "--black", "Bob", "bob@example.org");
        assertEquals(0, casual.exitCode(), casual.err());
        assertTrue(casual.out().contains("(Black). Both opening mails are in the outbox."), casual.out());

        try (Installation installation = Installation.open(config)) {
            var games = installation.games();
            games.adjudicate(Long.parseLong(rated.lastLine()), "0-1", "Alice stopped answering");
            games.adjudicate(Long.parseLong(casual.lastLine()), "0-1", "Alice stopped answering");
            long bob = games.players().stream().filter(p -> p.name().equals("Bob")).findFirst().orElseThrow().id();
            Rating after = Glicko2.standard().rate(Rating.NEW, List.of(new Encounter(Rating.NEW, 1)));
            assertEquals(List.of(new FamilyRating("progressive", after, 1)), games.tournaments().ratings(bob));
        }
    }
}
