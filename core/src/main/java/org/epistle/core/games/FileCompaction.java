package org.epistle.core.games;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps an H2 file from growing with the number of commits rather than with the data.
 *
 * <p>H2 writes each commit as a new chunk of pages; a chunk is freed only when none of its pages is live any more.
 * Gathering the live pages of sparse chunks into new ones, and moving chunks to the start of the file, is the work of
 * H2's background writer, and with {@code WRITE_DELAY=0} ({@link Database#durable}, so that a commit is in the file
 * when the commit returns) H2 runs no background writer. Measured on H2 2.5.252: 20,000 mails stored and handled
 * (four commits each, 2 KB a mail) grew a file to 1.3 GB for about 55 MB of rows; with this compaction every 2,000
 * mails, to 190 MB. In {@code bench faults} the file was 196 MB while the mails' bytes were 2.2 MB.
 *
 * <p>Every few seconds this looks at the file's fill rate (no I/O) and, when less than half of a file of 16 MB or more is
 * live, compacts
 * for at most a short time, as the background writer would. H2's compaction turns the retention time (how long a
 * freed chunk is left alone, so a crash of the machine before the disk wrote the new one finds the old one) to zero
 * for good; it is set back, so only the compaction itself, which syncs the file first, overwrites freed chunks early.
 * Nothing is done for PostgreSQL, for an in-memory H2, or for a connection to another process's H2.
 */
public final class FileCompaction implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FileCompaction.class);
    /** Compact when less than this share of the file is live. */
    static final int FILL_RATE_BELOW = 50;
    /** A smaller file is left alone: the little it could give back is not worth holding up writes for. */
    static final long SMALLEST_COMPACTED = 16L * 1024 * 1024;

    private final Database database;
    private final Duration most;
    private final ScheduledExecutorService timer;

    /** What one compaction did. */
    public record Compacted(long bytesBefore, long bytesAfter, int fillRateBefore, int fillRateAfter) {}

    private FileCompaction(Database database, Duration most, ScheduledExecutorService timer) {
        this.database = database;
        this.most = most;
        this.timer = timer;
    }

    /**
     * Looks at the file every {@code every} and compacts for at most {@code most} when it is mostly dead; for a
     * database that is not an H2 file in this process it never does anything.
     */
    public static FileCompaction start(Database database, Duration every, Duration most) {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "epistle-h2-compaction");
            t.setDaemon(true);
            return t;
        });
        var compaction = new FileCompaction(database, most, timer);
        timer.scheduleWithFixedDelay(compaction::quietly, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
        return compaction;
    }

    private void quietly() {
        try {
            compactIfSparse().ifPresent(c -> LOG.info("H2 file compacted: {} MB ({}% live) to {} MB ({}% live)",
                    c.bytesBefore() >> 20, c.fillRateBefore(), c.bytesAfter() >> 20, c.fillRateAfter()));
        } catch (RuntimeException e) {
            // the database may be closed or reopening (a full disk): the next look will do
            LOG.debug("H2 compaction skipped: {}", e.toString());
        }
    }

    /** Compacts now if less than half the file is live (and it has 16 MB at least); empty when it was not, or the database is not an H2 file here. */
    public Optional<Compacted> compactIfSparse() {
        return compact(FILL_RATE_BELOW);
    }

    /** Compacts now whatever the fill rate (for tests and benches); empty when the database is not an H2 file here. */
    public Optional<Compacted> compactNow() {
        return compact(101);
    }

    private Optional<Compacted> compact(int fillRateBelow) {
        return database.jdbi().withHandle(h -> store(h.getConnection())).<Compacted>flatMap(store -> {
            FileStore<?> file = store.getFileStore();
            if (file == null || store.isClosed()) return Optional.empty();
            long before = file.size();
            int fillBefore = liveShare(file);
            if (fillBefore >= fillRateBelow || (fillRateBelow <= 100 && before < SMALLEST_COMPACTED)) return Optional.empty();
            int retention = store.getRetentionTime();
            try {
                // compactFile waits for the store's lock; FileStore.compactStore alone only tries for it, and under a
                // steady stream of commits it never got it (bench faults: 400 MB of chunks 2 % live, nothing compacted)
                store.compactFile((int) Math.min(Integer.MAX_VALUE, most.toMillis()));
            } finally {
                store.setRetentionTime(retention);
            }
            return Optional.of(new Compacted(before, file.size(), fillBefore, liveShare(file)));
        });
    }

    /**
     * How much of the file is live, in percent: of the chunks' pages (a dead chunk still counts as used in the file
     * until H2 drops it, which without housekeeping it does late), and of the file's blocks.
     */
    private static int liveShare(FileStore<?> file) {
        return Math.min(file.getChunksFillRate(), file.getFillRate());
    }

    /** The H2 store behind a pooled connection, if it is an H2 database open in this process. */
    private static Optional<MVStore> store(Connection connection) {
        try {
            if (!connection.isWrapperFor(JdbcConnection.class)) return Optional.empty();
            if (!(connection.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session)) return Optional.empty();
            var store = session.getDatabase().getStore();
            return store == null ? Optional.empty() : Optional.ofNullable(store.getMvStore());
        } catch (SQLException e) {
            throw new IllegalStateException("cannot look at the connection: " + e.getMessage(), e);
        }
    }

    /**
     * Stops looking, and waits for a compaction under way to end (it ends within {@code most}). Not by an interrupt:
     * H2 writes its file through an interruptible {@link java.nio.channels.FileChannel}, which an interrupt in the middle
     * of a read or write closes for the whole store, and H2 then closes the database as after a failed write.
     */
    @Override public void close() {
        timer.shutdown();
        try {
            timer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
