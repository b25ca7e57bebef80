package org.epistle.core.games;

import java.sql.SQLException;
import java.util.Set;

/**
 * Another submission changed the game between reading it and writing it; the transaction is
 * rolled back and nothing of this submission is kept.
 */
final class GameChanged extends RuntimeException {
    /** Unique violation, serialization failure, deadlock (PostgreSQL), concurrent update and lock timeout (H2). */
    private static final Set<String> CONFLICT_STATES = Set.of("23505", "40001", "40P01", "90131", "HYT00");

    GameChanged(long gameId) {
        super("game " + gameId + " was changed by another submission", null, false, false);
    }

    /** Runs the work again, up to {@code attempts} times in all, while it fails by colliding with another transaction. */
    static <T> T retrying(java.util.function.Supplier<T> work, int attempts) {
        for (int attempt = 1; ; attempt++) {
            try {
                return work.get();
            } catch (RuntimeException e) {
                if (!isConflict(e) || attempt >= attempts) {
                    throw e;
                }
            }
        }
    }

    /** Whether a failure is two transactions colliding rather than a bug or an outage. */
    static boolean isConflict(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof GameChanged) {
                return true;
            }
            if (t instanceof SQLException s && s.getSQLState() != null && CONFLICT_STATES.contains(s.getSQLState())) {
                return true;
            }
        }
        return false;
    }
}
