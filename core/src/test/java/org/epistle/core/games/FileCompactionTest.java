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

    /**
     * The server's stop closes the compaction, then the database, while commits are arriving and compactions run back to
     * back; the reopened database must hold every commit that returned (a due job written and then not found after a
     * restart would be lost).
     */
    @Test void a_stop_while_the_file_is_being_compacted_keeps_every_commit_that_returned() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse(TestDatabase.isPostgres(), "about H2's own file");
        java.util.List<Integer> committed = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        var compactions = new java.util.concurrent.atomic.AtomicInteger();
        var busy = new java.util.concurrent.CountDownLatch(2);
        try (TestDatabase test = TestDatabase.in(dir)) {
            Database db = test.open();
            manySmallCommits(db, 1500);
            db.jdbi().useHandle(h -> h.execute("CREATE TABLE jobs (id INT PRIMARY KEY, due VARCHAR(40))"));
            FileCompaction compaction = FileCompaction.start(db, Duration.ofHours(1), Duration.ofMillis(50));
            Thread writer = new Thread(() -> {              // a due job a commit, known only once its commit returned
                for (int i = 0; ; i++) {
                    int id = i;
                    try {
                        db.jdbi().useTransaction(h -> h.createUpdate("INSERT INTO jobs (id, due) VALUES (:id, 'later')")
                                .bind("id", id).execute());
                    } catch (RuntimeException closed) {
                        return;                             // the database closed under it: this commit did not return
                    }
                    committed.add(id);
                    if (id == 50) {
                        busy.countDown();
                    }
                }
            });
            Thread compacting = new Thread(() -> {
                try {
                    while (true) {
                        compaction.compactNow();
                        if (compactions.incrementAndGet() == 20) {
                            busy.countDown();
                        }
                    }
                } catch (RuntimeException closed) {
                    // the database closed under it
                }
            });
            writer.start();
            compacting.start();
            busy.await();
            compaction.close();                             // as Installation.close: the compaction, then the database
            db.close();
            writer.join();
            compacting.join();

            try (Database again = test.open()) {
                java.util.List<Integer> found = again.jdbi().withHandle(h -> h.createQuery("SELECT id FROM jobs ORDER BY id")
                        .mapTo(Integer.class).list());
                assertEquals(java.util.List.of(), committed.stream().filter(id -> !found.contains(id)).toList(),
                        "commits that returned but are gone after " + compactions + " compactions, of " + committed.size());
                assertEquals(Integer.valueOf(1500), again.jdbi().withHandle(h -> h.createQuery(
                        "SELECT COUNT(*) FROM flood WHERE outcome = 'ignored'").mapTo(Integer.class).one()));
            }
        }
    }
}
