package org.epistle.web.mail;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The setting of the by-mail game tests: a running server with its mail server, and two players,
 * Alice and Bob, who read and answer their mail over real SMTP and IMAP.
 */
abstract class AliceAndBob {
    @TempDir
    Path dir;
    MailWorld world;
    Player alice;
    Player bob;

    @BeforeEach
    void start() {
        world = MailWorld.start(dir, environment());
        alice = world.player("Alice", "alice@example.com");
        bob = world.player("Bob", "bob@example.com");
    }

    @AfterEach
    void stop() {
        if (world != null) {                                    // null when the test was skipped before the start
            world.close();
        }
    }

    /** Settings the server starts with beyond the test defaults (as environment variables); none unless a test says. */
    Map<String, String> environment() {
        return Map.of();
    }

    /** A game of the variant, Alice White and Bob Black, both with the usual pieces; its id. */
    long newGame(String variant) {
        return world.newGame(variant, alice, bob);
    }
}
