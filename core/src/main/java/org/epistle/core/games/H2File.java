package org.epistle.core.games;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Optional;
import javax.sql.DataSource;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How an H2 file keeps every commit it acknowledged across kills, and stays near the size of its data.
 *
 * <p>H2 2.5.252 writes each commit as a new chunk. Left to itself it writes new chunks into space freed by older
 * ones, and a process that opens the file after a kill -9 may then miss the newest chunks and number new ones as
 * chunks the file still names: measured with 40 kills in a row, 93 of 74,429 acknowledged commits were lost, and two
 * long {@code bench faults} runs ended with "File corrupted"; with {@code REUSE_SPACE=FALSE} none of 146,423 was
 * lost. So every file URL gets {@code REUSE_SPACE=FALSE} ({@link #appendOnly}): chunks are only ever appended.
 *
 * <p>The price is a file that grows with every commit (about 11 KB each). H2's online compaction moves chunks into
 * freed space, the very thing that loses commits at a kill, so the file is instead rewritten whole when it is mostly
 * dead, at the two moments nothing else writes: when the database is opened and when it is closed
 * ({@link #compactIfSparse}). {@code SHUTDOWN COMPACT} copies the live pages into a new file and puts it in the old
 * one's place by an atomic rename: a kill during the copy leaves the old file whole, and H2 removes the half-written
 * copy at the next open.
 */
final class H2File {
    private static final Logger LOG = LoggerFactory.getLogger(H2File.class);
    /** Rewrite when less than this share of the file is live, in percent. */
    static final int FILL_RATE_BELOW = 50;
    /** A smaller file is left alone: the rewrite would cost more than the space it gives back. */
    static final long SMALLEST_COMPACTED = 16L * 1024 * 1024;

    static final String OPENED = "opened";
    static final String CLOSED = "closed";

    /** What a rewrite did: the file's size before and after, the share of it that was live, and how long it took. */
    record Compacted(long bytesBefore, long bytesAfter, int fillRateBefore, java.time.Duration took) {}

    private H2File() {
    }

    /** Every H2 file URL gets {@code REUSE_SPACE=FALSE} unless the operator chose; other URLs are left as they are. */
    static String appendOnly(String url) {
        if (!url.startsWith("jdbc:h2:file:")) {
            return url;
        }
        return url.toUpperCase(Locale.ROOT).contains(";REUSE_SPACE=") ? url : url + ";REUSE_SPACE=FALSE";
    }

    /**
     * Rewrites the file if it is mostly dead, through one of the pool's connections, when nothing else writes: just
     * after the pool is made (a kill left the file so) and at a clean stop. The rewrite closes every session of the
     * database, the one that ran it too; the pool closes that connection without asking it anything
     * ({@link H2Pool}), and the next connection opens the new file. A failure is logged, not thrown: the file is
     * only larger. Once the rewrite has returned it is reported as done, whatever giving back its connection says.
     */
    static Optional<Compacted> compactIfSparse(DataSource pool, String when) {
        Connection c;
        try {
            c = pool.getConnection();
        } catch (SQLException | RuntimeException e) {
            notRewritten(when, e);
            return Optional.empty();
        }
        Optional<Compacted> done = Optional.empty();
        try {
            done = compactIfSparse(c, when);
        } catch (SQLException | RuntimeException e) {
            notRewritten(when, e);
        } finally {
            try {
                c.close();
            } catch (SQLException | RuntimeException e) {
                // a connection the rewrite shut: nothing is left to do with it, and the rewrite's outcome stands
                LOG.debug("H2 file: the connection that looked at it could not be given back: {}", e.toString());
            }
        }
        done.ifPresent(r -> LOG.info("H2 file rewritten as it was {}: {} MB ({}% live) to {} MB in {} s", when,
                r.bytesBefore() >> 20, r.fillRateBefore(), r.bytesAfter() >> 20,
                String.format(Locale.ROOT, "%.1f", r.took().toMillis() / 1000.0)));
        return done;
    }

    private static void notRewritten(String when, Exception e) {
        if (when.equals(OPENED)) {
            // a database that cannot be opened is reported by the start itself, in one line (StartFailure)
            LOG.debug("H2 file not looked at as it was opened: {}", e.toString());
        } else {
            LOG.warn("H2 file not rewritten as it was {}: {}", when, e.toString());
        }
    }

    private static Optional<Compacted> compactIfSparse(Connection connection, String when) throws SQLException {
        Optional<FileStore<?>> file = fileStore(connection);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        long before = file.get().size();
        int live = Math.min(file.get().getChunksFillRate(), file.get().getFillRate());
        String name = file.get().getFileName();
        if (before < SMALLEST_COMPACTED || live >= FILL_RATE_BELOW) {
            return Optional.empty();
        }
        LOG.info("H2 file is {} MB, {}% live, as it is {}: rewriting it (the copy takes about as long as writing the "
                + "live part once; a kill meanwhile leaves the old file)", before >> 20, live, when);
        long started = System.nanoTime();
        try (Statement s = connection.createStatement()) {
            s.execute("SHUTDOWN COMPACT");
        }
        java.time.Duration took = java.time.Duration.ofNanos(System.nanoTime() - started);
        return Optional.of(new Compacted(before, new java.io.File(name).length(), live, took));
    }

    /** The file behind a connection to an H2 database open in this process; empty for another process's or memory. */
    private static Optional<FileStore<?>> fileStore(Connection connection) throws SQLException {
        if (!connection.isWrapperFor(JdbcConnection.class)
                || !(connection.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session)) {
            return Optional.empty();
        }
        var store = session.getDatabase().getStore();
        MVStore mv = store == null ? null : store.getMvStore();
        return mv == null || mv.isClosed() ? Optional.empty() : Optional.ofNullable(mv.getFileStore());
    }
}
