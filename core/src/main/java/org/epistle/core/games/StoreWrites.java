package org.epistle.core.games;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the store's writes have met lately: the last write the database could not make (its moment and reason),
 * until a write that began after it succeeds. A reading probe cannot tell this: after a full disk H2 opens its
 * file again for reading while the disk is still full, and a PostgreSQL that has lost its disk still answers
 * reads. So the one place every write passes ({@link Database}'s connections) reports here, and {@code /health}
 * reads it.
 *
 * <p>Only a failure of the store counts (a full or broken disk, a closed or unreachable database, a server out of
 * resources or read-only); a write refused by the data (a unique key taken, a serialisation conflict that is
 * retried) says nothing about the store, and neither does a read.
 */
public final class StoreWrites {
    /** A write the database could not make: when and why, in one line. */
    public record Failure(Instant at, String reason) {
        public Failure {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** A failure, with the number of the write attempt it ended, so an older attempt's success cannot clear it. */
    private record Failed(Failure failure, long attempt) {
    }

    /** H2's "The database is read only" (its SQL state is the same number). */
    private static final int H2_READ_ONLY = 90097;
    /** The longest reason kept: a driver's message can carry a stack of causes. */
    private static final int REASON_LIMIT = 200;

    private final Clock clock;
    private final AtomicLong attempts = new AtomicLong();
    private final AtomicReference<Failed> last = new AtomicReference<>();

    public StoreWrites(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The last write that failed, unless a write begun after it has succeeded. */
    public Optional<Failure> lastFailure() {
        Failed failed = last.get();
        return failed == null ? Optional.empty() : Optional.of(failed.failure());
    }

    /** Numbers a write attempt before it reaches the driver; pass the number to {@link #succeeded} or {@link #failed}. */
    long begin() {
        return attempts.incrementAndGet();
    }

    /** The write begun as {@code attempt} is durable: the store works, unless a later attempt has failed since. */
    void succeeded(long attempt) {
        last.updateAndGet(failed -> failed != null && failed.attempt() < attempt ? null : failed);
    }

    /** The write begun as {@code attempt} threw: remembered if the store failed it, ignored if the data refused it. */
    void failed(long attempt, Throwable error) {
        if (!isStoreFailure(error)) {
            return;
        }
        Failed now = new Failed(new Failure(clock.instant(), reason(error)), attempt);
        last.updateAndGet(failed -> failed == null || failed.attempt() <= attempt ? now : failed);
    }

    /**
     * Whether the error says the database could not write, as opposed to refusing this write: H2's codes of a
     * closed or failed database and its store's own errors ({@link H2Pool#isDeadDatabase}); SQL states of a lost
     * connection (08), a server out of resources such as disk (53), a system or IO error (58), a server shutting
     * down (57P), an internal error or corruption (XX), a read-only transaction on a standby (25006), H2's read-only
     * database (90097).
     */
    static boolean isStoreFailure(Throwable error) {
        if (H2Pool.isDeadDatabase(error)) {
            return true;
        }
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getErrorCode() == H2_READ_ONLY && sql.getSQLState() != null
                    && sql.getSQLState().equals(String.valueOf(H2_READ_ONLY))) {
                return true;
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState().toUpperCase(Locale.ROOT);
                if (state.startsWith("08") || state.startsWith("53") || state.startsWith("58")
                        || state.startsWith("57P") || state.startsWith("XX") || state.equals("25006")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The deepest cause's message (the disk's own words), on one line and cut short. */
    static String reason(Throwable error) {
        Throwable deepest = error;
        String message = error.getMessage();
        for (Throwable t = error; t != null && t.getCause() != t; t = t.getCause()) {
            deepest = t;
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                message = t.getMessage();
            }
        }
        String line = (message == null ? deepest.getClass().getSimpleName() : message)
                .replaceAll("\\s+", " ").strip();
        return line.length() <= REASON_LIMIT ? line : line.substring(0, REASON_LIMIT - 1) + "…";
    }
}
