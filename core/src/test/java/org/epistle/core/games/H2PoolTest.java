package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.epistle.core.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * H2's connections as Epistle pools them: a transaction's statements are parsed once per connection, not once per
 * transaction, and nothing a borrower left open reaches the next one. (About H2 itself, so it runs on H2 only.)
 */
class H2PoolTest {
    private static final String SQL = "SELECT COUNT(*) FROM games WHERE id = ?";

    @TempDir
    Path dir;
    H2Pool pool;

    @BeforeEach
    void open() {
        assumeFalse(TestDatabase.isPostgres(), "about H2's own connections");
        pool = new H2Pool(Database.withQueryCache(Database.durable("jdbc:h2:file:" + dir.resolve("epistle"))), "", "", 1);
        Database.open("jdbc:h2:file:" + dir.resolve("epistle"), "", "").close(); // the schema, by the migrations
    }

    @AfterEach
    void close() {
        if (pool != null) {
            pool.close();
        }
    }

    /** The command H2 prepared for a statement: the same object when it came from the session's cache, unparsed. */
    private static Object h2Command(PreparedStatement ps) throws Exception {
        java.lang.reflect.Field command = org.h2.jdbc.JdbcPreparedStatement.class.getDeclaredField("command");
        command.setAccessible(true);
        return command.get(ps.unwrap(org.h2.jdbc.JdbcPreparedStatement.class));
    }

    private Object preparedInATransaction() throws Exception {
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            Object command;
            try (PreparedStatement ps = c.prepareStatement(SQL)) {
                ps.setLong(1, 1);
                ps.executeQuery().close();
                command = h2Command(ps);
            }
            c.commit();
            c.setAutoCommit(true);
            return command;
        }
    }

    @Test
    void given_a_statement_a_transaction_ran_when_the_next_transaction_runs_it_then_h2_does_not_parse_it_again() throws Exception {
        Object first = preparedInATransaction();
        Object second = preparedInATransaction();

        assertSame(first, second, "H2's command from the session's cache (H2's own pool's ROLLBACK on hand-back emptied it)");
    }

    @Test
    void given_a_borrower_that_left_a_transaction_open_then_the_next_borrower_sees_none_of_it() throws Exception {
        Object cached = preparedInATransaction();
        Connection careless = pool.getConnection();
        careless.setAutoCommit(false);
        careless.createStatement().execute("INSERT INTO settings (name, content) VALUES ('left', 'open')");
        careless.close();

        try (Connection next = pool.getConnection()) {
            assertTrue(next.getAutoCommit(), "handed out in auto-commit mode");
            var rs = next.createStatement().executeQuery("SELECT COUNT(*) FROM settings WHERE name = 'left'");
            rs.next();
            assertEquals(0, rs.getInt(1), "the open transaction was rolled back");
            try (PreparedStatement ps = next.prepareStatement(SQL)) {
                assertNotSame(cached, h2Command(ps), "after a rollback H2 prepares afresh, as it should");
            }
        }
    }

    @Test
    void a_connection_handed_back_refuses_every_further_call_and_a_closed_pool_hands_out_none() throws Exception {
        Connection c = pool.getConnection();
        c.close();
        c.close(); // twice is harmless

        assertTrue(c.isClosed());
        assertThrows(SQLException.class, () -> c.prepareStatement(SQL));
        pool.close();
        assertThrows(SQLException.class, pool::getConnection);
    }

    @Test
    void a_pool_of_one_lends_its_connection_to_one_borrower_at_a_time() throws Exception {
        Connection first = pool.getConnection();
        var waiting = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try (Connection second = pool.getConnection()) {
                return second.isValid(1);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
        assertFalse(waiting.isDone(), "the second borrower waits");
        first.close();

        assertTrue(waiting.get(), "and is served once the first hands its connection back");
    }
}
