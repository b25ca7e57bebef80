package org.epistle.web.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.epistle.core.games.GameService;
import org.epistle.web.Installation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code epistle player password ADDRESS}: the admin sets a player's Xfcc password, read from standard input. */
class PlayerPasswordCommandLineTest {
    @TempDir Path dir;

    private Path config() throws java.io.IOException {
        return Files.writeString(dir.resolve("epistle.properties"),
                "db.url=jdbc:h2:file:" + dir.resolve("db").toAbsolutePath() + "/epistle\n"
                        + "server.key-file=" + dir.resolve("server.key").toAbsolutePath() + "\n");
    }

    private static CommandLineTest.Run withInput(String stdin, String... args) {
        InputStream before = System.in;
        System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        try {
            return CommandLineTest.run(args);
        } finally {
            System.setIn(before);
        }
    }

    @Test void the_password_read_from_standard_input_signs_the_player_in() throws Exception {
        String config = config().toString();
        CommandLineTest.Run created = CommandLineTest.run("game", "create", "--config", config,
                "--white", "Alice", "alice@example.com", "--black", "Bob", "bob@example.com");
        assertEquals(0, created.exitCode(), created.out() + created.err());

        CommandLineTest.Run set = withInput("correct horse battery\n", "player", "password", "--config", config, "ALICE@example.com");
        assertEquals(0, set.exitCode(), set.out() + set.err());
        assertEquals("Xfcc password set for Alice <alice@example.com>", set.lastLine());
        assertFalse(set.out().contains("correct horse"), "the password is never printed");

        try (Installation installation = Installation.open(Path.of(config))) {
            GameService games = installation.games();
            assertTrue(games.signIn("alice@example.com", "correct horse battery".toCharArray()).isPresent());
            assertTrue(games.signIn("alice@example.com", "correct horse battery\n".toCharArray()).isEmpty());
            assertTrue(games.signIn("bob@example.com", "correct horse battery".toCharArray()).isEmpty(), "Bob has none");
            String stored = installation.database().jdbi().withHandle(h -> h.createQuery("SELECT hash FROM xfcc_passwords")
                    .mapTo(String.class).one());
            assertTrue(stored.startsWith("pbkdf2-sha256$"), stored);
            assertFalse(stored.contains("horse"), "only the hash is kept");
        }
    }

    @Test void an_unknown_address_or_a_short_password_is_exit_code_2_and_changes_nothing() throws Exception {
        String config = config().toString();
        CommandLineTest.run("game", "create", "--config", config, "--white", "Alice", "alice@example.com",
                "--black", "Bob", "bob@example.com");
        CommandLineTest.Run unknown = withInput("long enough password\n", "player", "password", "--config", config,
                "carol@example.com");
        assertEquals(2, unknown.exitCode(), unknown.out() + unknown.err());
        assertEquals("epistle: carol@example.com is no player's address", unknown.err().strip());

        CommandLineTest.Run shortOne = withInput("short\n", "player", "password", "--config", config, "alice@example.com");
        assertEquals(2, shortOne.exitCode());
        assertEquals("epistle: the password must have at least 8 characters", shortOne.err().strip());
        CommandLineTest.Run none = withInput("", "player", "password", "--config", config, "alice@example.com");
        assertEquals(2, none.exitCode());
        try (Installation installation = Installation.open(Path.of(config))) {
            long alice = installation.games().playerByAddress("alice@example.com").orElseThrow().id();
            assertFalse(installation.games().hasClientPassword(alice));
        }
    }
}
