package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.epistle.core.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdminSecretTest {
    @TempDir
    Path dir;
    TestDatabase scratch;

    @BeforeEach
    void scratchDatabase() {
        scratch = TestDatabase.in(dir);
    }

    @AfterEach
    void dropIt() {
        scratch.close();
    }

    @Test
    void the_admin_secret_is_made_on_the_first_start_shown_once_and_stored_hashed() {
        String secret;
        try (Database db = scratch.open()) {
            secret = AdminSecret.ensure(db).orElseThrow();
            assertEquals(Optional.empty(), AdminSecret.ensure(db));
            String stored = db.jdbi().withHandle(h -> h.createQuery("SELECT content FROM settings").mapTo(String.class).one());
            assertEquals(Secrets.sha256Hex(secret), stored);
        }
        try (Database reopened = scratch.open()) {
            assertEquals(Optional.empty(), AdminSecret.ensure(reopened));
            assertTrue(AdminSecret.matches(reopened, secret));
            assertTrue(AdminSecret.matches(reopened, " " + secret + "\n"));
            assertFalse(AdminSecret.matches(reopened, secret.substring(1)));
            assertFalse(AdminSecret.matches(reopened, ""));
            assertFalse(AdminSecret.matches(reopened, null));
        }
        assertTrue(secret.matches("[a-z2-7]{32}"), secret);
    }

    @Test
    void before_a_secret_is_made_nothing_matches() {
        try (Database db = scratch.open()) {
            assertFalse(AdminSecret.matches(db, ""));
            assertFalse(AdminSecret.matches(db, "anything"));
        }
    }
}
