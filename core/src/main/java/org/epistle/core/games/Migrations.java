package org.epistle.core.games;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The schema migrations this build carries (db/migration), and whether a database has had exactly these. Flyway's
 * start (loading its classes, reading the jar for migrations, checking each one's checksum) was about a third of the
 * server's start-up; a database whose history already lists every migration here, each a success, has nothing to
 * migrate, so Flyway is not started at all. Anything else (a new database, one migration missing, a failed one, a
 * table this build does not know) goes to Flyway as before, which migrates and checks.
 */
final class Migrations {
    /** Every migration's version in db/migration, oldest first; {@code MigrationsTest} keeps it equal to the files. */
    static final List<String> VERSIONS = List.of("1", "2", "3", "4", "5", "6", "7", "8", "11", "12", "13", "16", "17", "18", "20", "21", "28");

    private Migrations() {
    }

    /** Whether the database's migration history is exactly {@link #VERSIONS}, every one applied successfully. */
    static boolean isCurrent(DataSource pool) {
        try (Connection c = pool.getConnection()) {
            return isCurrent(c);
        } catch (SQLException e) {
            return false; // Flyway will say what is wrong with the database
        }
    }

    static boolean isCurrent(Connection c) {
        List<String> applied = new ArrayList<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT \"version\", \"success\" FROM \"flyway_schema_history\" ORDER BY \"installed_rank\"")) {
            while (rs.next()) {
                String version = rs.getString(1);
                if (!rs.getBoolean(2)) {
                    return false;
                }
                if (version != null) { // Flyway's own rows (the schema it created) have none
                    applied.add(version);
                }
            }
        } catch (SQLException e) {
            return false; // no history yet (a new database): Flyway makes it
        }
        return applied.equals(VERSIONS);
    }
}
