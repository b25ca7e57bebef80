package org.epistle.web.crash;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Bounded waits: poll a condition until it holds or a deadline passes. The deadline is the assertion, never the poll.
 *
 * <p>A poll, because what the crash tests wait for happens in other processes: a turn or an outbox row written by an
 * {@code epistle serve} child into its database, a mail in the mail server's store. Neither offers this JVM a signal
 * to wait on (Epistle sends no database notifications), so reading again a little later is the only means.
 */
final class Await {
    private static final long POLL_MILLIS = 100;

    private Await() {
    }

    /**
     * Polls until the condition holds.
     *
     * @param what described lazily, for the failure message
     * @throws AssertionError when the deadline passes first
     */
    static void until(Duration timeout, Supplier<String> what, BooleanSupplier condition) {
        until(timeout, POLL_MILLIS, what, condition);
    }

    /** Polls every {@code pollMillis} until the condition holds; for conditions that must be caught soon after they begin to hold. */
    static void until(Duration timeout, long pollMillis, Supplier<String> what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + timeout + " for " + what.get());
            }
            try {
                Thread.sleep(pollMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
