package org.epistle.web.mail;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.epistle.config.SettingsLoader;
import org.epistle.core.games.Contact;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.ServerKey;
import org.epistle.web.Installation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game created by another process on the same database, as {@code epistle game create} does while the
 * server runs: nothing wakes the server's sender, which must still send the opening mails promptly, not
 * after the mailbox's poll interval (here 30 s).
 */
class GamesCreatedElsewhereTest {
    @TempDir
    Path dir;
    MailWorld world;

    @BeforeEach
    void start() {
        world = MailWorld.start(dir, Map.of("EPISTLE_MAIL_POLL_INTERVAL_SECONDS", "30"));
    }

    @AfterEach
    void stop() {
        world.close();
    }

    @Test
    void the_opening_mails_of_a_game_created_from_the_shell_go_out_within_seconds() {
        Player alice = world.player("Alice", "alice@example.com");
        Player bob = world.player("Bob", "bob@example.com");
        var settings = new SettingsLoader(world.environment()).load().settings();
        try (Installation shell = Installation.open(settings, ServerKey.load(dir.resolve("server.key")), Clock.systemUTC())) {
            shell.games().create(new NewGame("chess", new Contact(alice.name(), alice.email()), new Contact(bob.name(), bob.email())));
        }
        // The running server's sender finds rows another process wrote; the wait's deadline is the bound.
        alice.awaitMail("your move, turn 1", 1, Duration.ofSeconds(10));
        bob.awaitMail("to move, turn 1", 1, Duration.ofSeconds(10));
    }
}
