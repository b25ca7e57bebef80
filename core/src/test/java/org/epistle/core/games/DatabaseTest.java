package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseTest {
    @TempDir
    Path dir;

    private static List<String> tables(Database db) {
        return db.jdbi().withHandle(h -> h.createQuery("""
                SELECT LOWER(table_name) FROM information_schema.tables
                 WHERE table_schema = CURRENT_SCHEMA ORDER BY 1""").mapTo(String.class).list());
    }

    @Test
    void opening_a_new_database_runs_the_migrations() {
        try (Database db = TestDatabases.open(dir)) {
            List<String> tables = tables(db);
            for (String t : List.of("players", "games", "turns", "seat_tokens", "settings", "inbound_mail", "outbox")) {
                assertTrue(tables.contains(t), t + " in " + tables);
            }
        }
        assertTrue(TestDatabases.isPostgres() || Files.exists(dir.resolve("epistle.mv.db")));
    }

    @Test
    void the_default_h2_url_with_auto_server_opens_too() {
        try (Database db = Database.open("jdbc:h2:file:" + dir.toAbsolutePath().resolve("auto") + ";AUTO_SERVER=TRUE", null, null)) {
            assertTrue(tables(db).contains("games"));
        }
    }

    @Test
    void reopening_it_keeps_the_data_and_runs_no_migration_twice() {
        try (Database db = TestDatabases.open(dir)) {
            db.jdbi().useHandle(h -> h.execute("INSERT INTO settings (name, content) VALUES ('kept', 'yes')"));
        }
        try (Database db = TestDatabases.open(dir)) {
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

    private static int migrationScripts() {
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of("src/main/resources/db/migration"))) {
            return (int) files.filter(f -> f.getFileName().toString().matches("V\\d+__.+\\.sql")).count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
