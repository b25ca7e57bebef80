package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The H2 file only ever appends chunks, so a kill cannot cost a commit it acknowledged, and it is rewritten whole when
 * mostly dead at the two moments nothing else writes: when the database is opened and when it is closed.
 */
class H2FileTest {
    private static final String FILLER = "x".repeat(2_000);

    @TempDir
    Path dir;

    @Test
    void every_h2_file_url_appends_only_unless_the_operator_chose() {
        assertEquals("jdbc:h2:file:./data/epistle;AUTO_SERVER=TRUE;REUSE_SPACE=FALSE",
                H2File.appendOnly("jdbc:h2:file:./data/epistle;AUTO_SERVER=TRUE"));
        assertEquals("jdbc:h2:file:/x;reuse_space=TRUE", H2File.appendOnly("jdbc:h2:file:/x;reuse_space=TRUE"));
        assertEquals("jdbc:h2:mem:test", H2File.appendOnly("jdbc:h2:mem:test"));
        assertEquals("jdbc:postgresql://127.0.0.1/epistle", H2File.appendOnly("jdbc:postgresql://127.0.0.1/epistle"));
    }

    @Test
    void given_a_file_left_mostly_dead_when_the_database_is_closed_then_it_is_rewritten_and_keeps_every_row()
            throws SQLException {
        Database db = Database.h2(dir);
        long grown;
        try (Connection c = db.jdbi().open().getConnection()) {
            grown = fillThenEmpty(c);
        } finally {
            db.close();
        }
        long after = fileSize();
        assertTrue(grown >= H2File.SMALLEST_COMPACTED, "the commits grew the file to " + grown + " bytes");
        assertTrue(after < grown / 4, "rewritten at the stop: " + grown + " bytes, then " + after);
        assertEquals(100, keptRows());
    }

    @Test
    void given_a_file_a_kill_left_mostly_dead_when_the_database_is_opened_then_it_is_rewritten_before_use()
            throws SQLException {
        String url = Database.withQueryCache(H2File.appendOnly(Database.durable(
                "jdbc:h2:file:" + dir.toAbsolutePath().resolve("epistle"))));
        Database.h2(dir).close(); // the schema, as a server that ran before left it
        long grown;
        try (Connection c = DriverManager.getConnection(url, "", "")) {
            grown = fillThenEmpty(c);
            try (Statement s = c.createStatement()) {
                s.execute("SHUTDOWN IMMEDIATELY"); // the store closed without a word written, as a kill leaves it
            }
        }
        assertTrue(Files.exists(dir.resolve("epistle.mv.db")));
        Database db = Database.h2(dir);
        try {
            long opened = fileSize();
            assertTrue(opened < grown / 4, "rewritten at the open: " + grown + " bytes, then " + opened);
        } finally {
            db.close();
        }
        assertEquals(100, keptRows());
    }

    @Test
    void given_a_file_left_mostly_dead_when_it_is_rewritten_at_the_stop_then_the_rewrite_is_reported_as_done_and_h2_logs_no_error()
            throws SQLException, java.io.IOException {
        String url = Database.withQueryCache(H2File.appendOnly(Database.durable(
                "jdbc:h2:file:" + dir.toAbsolutePath().resolve("epistle"))));
        Database.h2(dir).close(); // the schema, as a server that ran before left it
        H2Pool pool = new H2Pool(url, "", "", 4);
        long grown;
        try (Connection c = pool.getConnection(); Connection idleMeanwhile = pool.getConnection()) {
            grown = fillThenEmpty(c);
        }
        var rewritten = H2File.compactIfSparse(pool, H2File.CLOSED);
        pool.close();
        assertTrue(rewritten.isPresent(), "the rewrite ran and is reported");
        assertEquals(grown, rewritten.get().bytesBefore());
        assertEquals(fileSize(), rewritten.get().bytesAfter());
        assertTrue(rewritten.get().bytesAfter() < grown / 4, "rewritten: " + rewritten.get());
        assertTrue(rewritten.get().fillRateBefore() < H2File.FILL_RATE_BELOW, "mostly dead: " + rewritten.get());
        assertTrue(!rewritten.get().took().isNegative(), "how long it took: " + rewritten.get());
        // the pool gave back the connection the rewrite shut by closing it, not by asking it for its auto-commit mode
        Path trace = dir.resolve("epistle.trace.db");
        String traced = Files.exists(trace) ? Files.readString(trace) : "";
        assertTrue(!traced.contains("Database is already closed"), "H2 logged an error at the stop:\n" + traced);
        assertEquals(100, keptRows());
    }

    /** 3,000 commits of a 2 KB row each, then all but 100 rows deleted: the size of the file once the last commit returns. */
    private long fillThenEmpty(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE filler(id INT PRIMARY KEY, body VARCHAR(4000))");
        }
        c.setAutoCommit(true);
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO filler VALUES (?, ?)")) {
            for (int i = 0; i < 3_000; i++) {
                insert.setInt(1, i);
                insert.setString(2, FILLER);
                insert.executeUpdate();
            }
        }
        try (Statement s = c.createStatement()) {
            s.executeUpdate("DELETE FROM filler WHERE id >= 100");
        }
        return fileSize();
    }

    private long fileSize() {
        return dir.resolve("epistle.mv.db").toFile().length();
    }

    private int keptRows() throws SQLException {
        Database db = Database.h2(dir);
        try (Connection c = db.jdbi().open().getConnection(); Statement s = c.createStatement();
             var rows = s.executeQuery("SELECT COUNT(*) FROM filler WHERE body = '" + FILLER + "'")) {
            rows.next();
            return rows.getInt(1);
        } finally {
            db.close();
        }
    }
}
