package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.epistle.core.testing.FullDisk;
import org.epistle.core.testing.MovedClock;
import org.epistle.core.testing.TestDatabase;
import org.jdbi.v3.core.Handle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store remembers the last write it could not make, with its moment and reason, until a later write succeeds;
 * a read proves nothing either way, and a write refused by the data (a key already taken) says nothing about the
 * store. {@code /health} reports what is remembered here.
 */
class StoreWritesTest {
    private static final Instant START = Instant.parse("2026-11-27T12:00:00Z");

    @TempDir
    Path dir;
    private final MovedClock clock = new MovedClock(START);
    private Database db;
    private TestDatabase scratch;

    @AfterEach
    void close() {
        FullDisk.free();
        if (db != null) {
            db.close();
        }
        if (scratch != null) {
            scratch.close();
        }
    }

    private Database onTestEngine() {
        scratch = TestDatabase.in(dir);
        db = Database.open(scratch.url(), "", "", 4, clock);
        return db;
    }

    private static void setting(Handle h, String name) {
        h.createUpdate("INSERT INTO settings (name, content) VALUES (:name, 'x')").bind("name", name).execute();
    }

    private int settings() {
        return db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM settings").mapTo(Integer.class).one());
    }

    @Test
    void given_a_full_disk_a_refused_write_is_remembered_through_reads_until_a_write_succeeds_once_space_is_back() {
        assumeFalse(TestDatabase.isPostgres(), "about H2's own file; PostgreSQL's disk is its server's");
        db = Database.open(FullDisk.url(dir), "", "", 4, clock);
        db.jdbi().useTransaction(h -> setting(h, "before"));
        assertEquals(Optional.empty(), db.writes().lastFailure(), "a write that succeeded");

        FullDisk.fill();
        clock.move(Duration.ofMinutes(3));
        assertThrows(RuntimeException.class, () -> db.jdbi().useTransaction(h -> setting(h, "during")));
        StoreWrites.Failure failure = db.writes().lastFailure().orElseThrow(() -> new AssertionError("not remembered"));
        assertEquals(START.plus(Duration.ofMinutes(3)), failure.at());
        assertTrue(failure.reason().contains("No space left on device"), failure.reason());

        clock.move(Duration.ofMinutes(1));
        try {
            settings();                                         // H2 may open its file again for reading meanwhile
        } catch (RuntimeException closedJustNow) {
            // or not yet: either way a read says nothing of writes
        }
        assertEquals(Optional.of(failure), db.writes().lastFailure(), "a read clears nothing");

        FullDisk.free();
        assertEquals(1, settings(), "the row written before is there, the refused one is not");
        assertEquals(Optional.of(failure), db.writes().lastFailure(), "a read after space is back clears nothing either");
        db.jdbi().useTransaction(h -> setting(h, "after"));
        assertEquals(Optional.empty(), db.writes().lastFailure(), "a write succeeded");
        assertEquals(2, settings());
    }

    @Test
    void a_write_refused_by_the_data_says_nothing_about_the_store() {
        onTestEngine();
        db.jdbi().useHandle(h -> setting(h, "taken"));
        assertThrows(RuntimeException.class, () -> db.jdbi().useTransaction(h -> setting(h, "taken")));
        assertThrows(RuntimeException.class, () -> db.jdbi().useHandle(h -> setting(h, "taken")));
        assertEquals(Optional.empty(), db.writes().lastFailure());
    }

    @Test
    void given_a_postgresql_that_only_reads_a_write_is_failing_until_a_write_succeeds_on_another_connection() {
        assumeTrue(TestDatabase.isPostgres(), "a read-only session is PostgreSQL's (a standby, a full disk's refusal)");
        onTestEngine();
        clock.move(Duration.ofSeconds(7));
        assertThrows(RuntimeException.class, () -> db.jdbi().useHandle(h -> {
            h.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY");
            try {
                h.useTransaction(t -> setting(t, "refused"));
            } finally {
                h.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE");
            }
        }));
        StoreWrites.Failure failure = db.writes().lastFailure().orElseThrow(() -> new AssertionError("not remembered"));
        assertEquals(START.plusSeconds(7), failure.at());
        assertTrue(failure.reason().contains("read-only"), failure.reason());
        assertEquals(0, settings());
        assertEquals(Optional.of(failure), db.writes().lastFailure(), "a read clears nothing");

        db.jdbi().useTransaction(h -> setting(h, "written"));
        assertEquals(Optional.empty(), db.writes().lastFailure());
    }

    @Test
    void a_write_begun_before_a_failure_that_succeeds_after_it_does_not_clear_it() {
        StoreWrites writes = new StoreWrites(clock);
        long early = writes.begin();
        long failing = writes.begin();
        writes.failed(failing, new SQLException("An I/O error occurred while sending to the backend.", "08006"));
        writes.succeeded(early);
        assertEquals("An I/O error occurred while sending to the backend.",
                writes.lastFailure().map(StoreWrites.Failure::reason).orElse("cleared"));

        writes.succeeded(writes.begin());
        assertEquals(Optional.empty(), writes.lastFailure());
    }
}
