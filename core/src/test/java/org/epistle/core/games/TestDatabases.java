package org.epistle.core.games;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The database a test uses: an H2 file in the test's directory, or, when
 * {@code EPISTLE_TEST_POSTGRES_URL} names a scratch PostgreSQL database (for example
 * {@code jdbc:postgresql://127.0.0.1:5432/scratch?user=postgres}), a schema of its own there, so
 * the same tests show the schema and the SQL are portable. The PostgreSQL driver is not a
 * dependency of core; add it to the test class path:
 * {@code -Dmaven.test.additionalClasspath=/path/to/postgresql.jar}.
 */
final class TestDatabases {
    static final String POSTGRES = System.getenv("EPISTLE_TEST_POSTGRES_URL");

    private TestDatabases() {
    }

    static boolean isPostgres() {
        return POSTGRES != null && !POSTGRES.isBlank();
    }

    /** The test directory's database; opening the same directory again opens the same database. */
    static Database open(Path dir) {
        if (!isPostgres()) {
            return Database.h2(dir);
        }
        String schema = "t_" + Secrets.sha256Hex(dir.toAbsolutePath().toString()).substring(0, 16);
        try (Connection c = DriverManager.getConnection(POSTGRES); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot reach the PostgreSQL test database " + POSTGRES, e);
        }
        return Database.open(POSTGRES + (POSTGRES.contains("?") ? "&" : "?") + "currentSchema=" + schema, null, null);
    }
}
