package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.epistle.core.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseTest {
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

    private static List<String> tables(Database db) {
        return db.jdbi().withHandle(h -> h.createQuery("""
                SELECT LOWER(table_name) FROM information_schema.tables
                 WHERE table_schema = CURRENT_SCHEMA ORDER BY 1""").mapTo(String.class).list());
    }

    @Test
    void opening_a_new_database_runs_the_migrations() {
        try (Database db = scratch.open()) {
            List<String> tables = tables(db);
            for (String t : List.of("players", "games", "turns", "seat_tokens", "settings", "inbound_mail", "outbox")) {
                assertTrue(tables.contains(t), t + " in " + tables);
            }
        }
        assertTrue(TestDatabase.isPostgres() || Files.exists(dir.resolve("epistle.mv.db")));
    }

    @Test
    void every_transaction_reads_committed_whichever_connection_of_the_pool_it_gets() throws Exception {
        try (Database db = scratch.open()) {
            // two connections at once, so the pool makes more than one
            db.jdbi().withHandle(outer -> db.jdbi().withHandle(inner -> {
                assertEquals(java.sql.Connection.TRANSACTION_READ_COMMITTED, outer.getConnection().getTransactionIsolation());
                assertEquals(java.sql.Connection.TRANSACTION_READ_COMMITTED, inner.getConnection().getTransactionIsolation());
                return null;
            }));
        }
    }

    @Test
    void the_default_h2_url_with_auto_server_opens_too() {
        try (Database db = Database.open("jdbc:h2:file:" + dir.toAbsolutePath().resolve("auto") + ";AUTO_SERVER=TRUE", null, null)) {
            assertTrue(tables(db).contains("games"));
        }
    }

    @Test
    void reopening_it_keeps_the_data_and_runs_no_migration_twice() {
        try (Database db = scratch.open()) {
            db.jdbi().useHandle(h -> h.execute("INSERT INTO settings (name, content) VALUES ('kept', 'yes')"));
        }
        try (Database db = scratch.open()) {
            assertEquals("yes", db.jdbi().withHandle(h -> h.createQuery("SELECT content FROM settings WHERE name = 'kept'")
                    .mapTo(String.class).one()));
            int applied = db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM \"flyway_schema_history\" WHERE \"type\" = 'SQL'")
                    .mapTo(Integer.class).one());
            assertEquals(migrationScripts(), applied, "each script once");
        }
    }

    @Test
    void an_h2_file_writes_each_commit_at_once_unless_the_operator_chose_otherwise() {
        assertEquals("jdbc:h2:file:./data/x;AUTO_SERVER=TRUE;WRITE_DELAY=0", Database.durable("jdbc:h2:file:./data/x;AUTO_SERVER=TRUE"));
        assertEquals("jdbc:h2:file:./x;write_delay=100", Database.durable("jdbc:h2:file:./x;write_delay=100"));
        assertEquals("jdbc:h2:mem:x", Database.durable("jdbc:h2:mem:x"));
    }

    @Test void every_h2_url_gets_a_statement_cache_big_enough_for_a_move_unless_one_is_chosen() {
        assertEquals("jdbc:h2:mem:x;QUERY_CACHE_SIZE=64", Database.withQueryCache("jdbc:h2:mem:x"));
        assertEquals("jdbc:h2:file:./x;query_cache_size=4", Database.withQueryCache("jdbc:h2:file:./x;query_cache_size=4"));
    }

    /** README, "Backups and restore": H2's SCRIPT while the server runs, RUNSCRIPT into an empty database, then start. */
    @Test void an_h2_script_backup_restores_into_an_empty_database_that_then_opens_without_migrating_again() throws Exception {
        Path backup = dir.resolve("backup.sql");
        ServerKey key = ServerKey.inDirectory(dir);
        java.time.Clock clock = java.time.Clock.fixed(java.time.Instant.parse("2024-05-01T12:00:00Z"), java.time.ZoneOffset.UTC);
        long gameId;
        try (Database live = Database.h2(dir.resolve("live"))) {
            GameService games = new GameService(live, MailIdentity.defaults(), key, clock);
            gameId = games.create(new NewGame("chess", new Contact("Alice", "alice@example.org"),
                    new Contact("Bob", "bob@example.org"))).gameId();
            live.jdbi().useHandle(h -> h.execute("SCRIPT TO '" + backup + "'"));
        }

        Path restored = dir.resolve("restored");
        try (var c = java.sql.DriverManager.getConnection("jdbc:h2:file:" + restored.toAbsolutePath().resolve("epistle"));
             var s = c.createStatement()) {
            s.execute("RUNSCRIPT FROM '" + backup + "'");
        }
        try (Database db = Database.h2(restored)) {
            GameService games = new GameService(db, MailIdentity.defaults(), key, clock);
            assertEquals(List.of(), games.view(gameId).history());
            assertEquals(2, games.outbox().ofGame(gameId).size(), "the opening mails, still waiting to be sent");
            int applied = db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM \"flyway_schema_history\" WHERE \"type\" = 'SQL'")
                    .mapTo(Integer.class).one());
            assertEquals(migrationScripts(), applied, "each script once");
        }
    }

    @Test
    void the_build_lists_every_migration_script_in_order() {
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of("src/main/resources/db/migration"))) {
            List<String> versions = files.map(f -> f.getFileName().toString()).filter(n -> n.matches("V\\d+__.+\\.sql"))
                    .map(n -> n.substring(1, n.indexOf("__"))).sorted(java.util.Comparator.comparingInt(Integer::parseInt)).toList();
            assertEquals(versions, Migrations.VERSIONS, "Migrations.VERSIONS must name every script, or the start runs Flyway every time");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void a_database_that_had_every_migration_is_current_and_an_older_one_is_migrated_when_opened() {
        org.flywaydb.core.Flyway.configure().dataSource(scratch.url(), "", "").locations("classpath:db/migration")
                .target("18").load().migrate();
        try (var c = java.sql.DriverManager.getConnection(scratch.url())) {
            assertFalse(Migrations.isCurrent(c), "migrated to 18 only");
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }

        try (Database db = scratch.open()) {
            boolean current = db.jdbi().withHandle(h -> Migrations.isCurrent(h.getConnection()));
            assertTrue(current, "every migration had");
            int applied = db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM \"flyway_schema_history\" WHERE \"type\" = 'SQL'")
                    .mapTo(Integer.class).one());
            assertEquals(migrationScripts(), applied, "the newer scripts ran at the open");
        }
    }

    @Test
    void a_new_database_is_not_current() {
        try (var c = java.sql.DriverManager.getConnection(scratch.url())) {
            assertFalse(Migrations.isCurrent(c));
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int migrationScripts() {
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of("src/main/resources/db/migration"))) {
            return (int) files.filter(f -> f.getFileName().toString().matches("V\\d+__.+\\.sql")).count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
