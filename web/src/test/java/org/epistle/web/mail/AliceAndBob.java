package org.epistle.web.mail;

import java.nio.file.Path;
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
        world = MailWorld.start(dir);
        alice = world.player("Alice", "alice@example.com");
        bob = world.player("Bob", "bob@example.com");
    }

    @AfterEach
    void stop() {
        world.close();
    }

    /** A game of the variant, Alice White and Bob Black, both with the usual pieces; its id. */
    long newGame(String variant) {
        return world.newGame(variant, alice, bob);
    }
}
