package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.epistle.core.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * H2 with WRITE_DELAY=0 writes each commit as a chunk and runs no housekeeping: many small commits (a flood of mail,
 * each stored, then marked handled) leave a file mostly of dead chunks, which the compaction gathers.
 */
class FileCompactionTest {
    @TempDir Path dir;

    private static void manySmallCommits(Database db, int mails) {
        db.jdbi().useHandle(h -> h.execute("CREATE TABLE flood (k VARCHAR(100) PRIMARY KEY, raw VARCHAR(4000), outcome VARCHAR(200))"));
        String raw = "x".repeat(2000);
        for (int i = 0; i < mails; i++) {
            String key = "<m" + i + "@example.org>";
            db.jdbi().useHandle(h -> h.createUpdate("INSERT INTO flood (k, raw) VALUES (:k, :raw)")
                    .bind("k", key).bind("raw", raw).execute());
            db.jdbi().useHandle(h -> h.createUpdate("UPDATE flood SET raw = NULL, outcome = 'ignored' WHERE k = :k")
                    .bind("k", key).execute());
        }
    }

    private long fileBytes() throws Exception {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".mv.db")).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    @Test void a_file_grown_by_many_small_commits_is_compacted_to_about_what_is_live() throws Exception {
        try (TestDatabase test = TestDatabase.in(dir); Database db = test.open();
             FileCompaction compaction = FileCompaction.start(db, Duration.ofHours(1), Duration.ofSeconds(10))) {
            manySmallCommits(db, 3000);
            if (TestDatabase.isPostgres()) {
                assertEquals(Optional.empty(), compaction.compactNow(), "PostgreSQL keeps its own files");
                return;
            }
            long grown = fileBytes();
            var writing = new java.util.concurrent.atomic.AtomicBoolean(true);
            Thread writer = new Thread(() -> { // commits go on meanwhile, as they do in a flood of mail
                for (int i = 0; writing.get(); i++) {
                    int n = i;
                    db.jdbi().useHandle(h -> h.createUpdate("UPDATE flood SET outcome = 'ignored' WHERE k = :k")
                            .bind("k", "<m" + (n % 3000) + "@example.org>").execute());
                }
            });
            writer.start();

            FileCompaction.Compacted done;
            try {
                done = compaction.compactIfSparse().orElseThrow(() -> new AssertionError(
                        "a file of " + grown + " bytes for 3,000 small rows should be mostly dead"));
            } finally {
                writing.set(false);
                writer.join();
            }

            assertTrue(done.fillRateBefore() < 50, "mostly dead before: " + done);
            assertTrue(done.bytesAfter() * 3 < done.bytesBefore(), "a third or less after: " + done);
            assertTrue(fileBytes() * 3 < grown, "the file on disk shrank from " + grown + " to " + fileBytes());
            int kept = db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM flood WHERE outcome = 'ignored'")
                    .mapTo(Integer.class).one());
            assertEquals(3000, kept, "nothing lost");
            assertEquals(Optional.empty(), compaction.compactIfSparse(), "nothing to do right after: " + done);
        }
    }
}
