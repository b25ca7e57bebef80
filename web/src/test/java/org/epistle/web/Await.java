package org.epistle.web;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Bounded waits: poll a condition until it holds or a deadline passes. The deadline is the assertion, never the poll.
 *
 * <p>A poll, because what the tests wait for happens in other threads or processes and offers no signal to wait on: a
 * turn or an outbox row written by an {@code epistle serve} child into its database, a mail in the mail server's
 * store, a count in {@code /metrics} or an outcome in the inbound ledger once the server has handled a mail (Epistle
 * sends no database notifications), so reading again a little later is the only means.
 */
public final class Await {
    private static final long POLL_MILLIS = 100;

    private Await() {
    }

    /**
     * Polls until the condition holds.
     *
     * @param what described lazily, for the failure message
     * @throws AssertionError when the deadline passes first
     */
    public static void until(Duration timeout, Supplier<String> what, BooleanSupplier condition) {
        until(timeout, POLL_MILLIS, what, condition);
    }

    /** Polls every {@code pollMillis} until the condition holds; for conditions that must be caught soon after they begin to hold. */
    public static void until(Duration timeout, long pollMillis, Supplier<String> what, BooleanSupplier condition) {
        value(timeout, pollMillis, ignored -> what.get(), condition::getAsBoolean, Boolean::booleanValue);
    }

    /**
     * Reads until {@code wanted} accepts what was read, and returns that.
     *
     * @param what the failure message, from the last value read
     */
    public static <T> T value(Duration timeout, Function<T, String> what, Supplier<T> read, Predicate<T> wanted) {
        return value(timeout, POLL_MILLIS, what, read, wanted);
    }

    private static <T> T value(Duration timeout, long pollMillis, Function<T, String> what, Supplier<T> read, Predicate<T> wanted) {
        long deadline = System.nanoTime() + timeout.toNanos();
        T last = read.get();
        while (!wanted.test(last)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + timeout + " for " + what.apply(last));
            }
            try {
                Thread.sleep(pollMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            last = read.get();
        }
        return last;
    }
}
