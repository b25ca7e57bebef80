package org.epistle.mailer.outbound;

import java.time.Duration;

/**
 * When a mail that could not be sent is tried again, by what went wrong.
 *
 * <p>A mail the SMTP server answered (refused it, refused the login, broke off the session) waits 5 s, 10 s,
 * 20 s, 40 s … and never more than 15 minutes: a server that said no is likely to say it again, and should not be
 * asked every few seconds.
 *
 * <p>A mail that could not go because the server could not be reached at all waits the same, but never more than
 * {@link #UNREACHABLE_MOST}. Trying it costs one connection attempt, and an operator whose mail server was away
 * expects mail to flow within seconds of its return, however long it was away: with the doubling alone, mail sat
 * up to 20 s after a 60 s outage ended and up to 15 minutes after an hour's.
 */
public final class RetrySchedule {
    /** The first retry delay; each further failed attempt doubles it. */
    public static final Duration FIRST = Duration.ofSeconds(5);
    /** The longest retry delay of a mail the server answered. */
    public static final Duration MOST = Duration.ofMinutes(15);
    /** The longest retry delay of a mail whose server could not be reached. */
    public static final Duration UNREACHABLE_MOST = Duration.ofSeconds(10);

    private RetrySchedule() {
    }

    /**
     * The delay after {@code failure}, of a mail that had failed {@code attempts} times before; {@code connecting}
     * when it happened while opening the connection. The server counts as unreachable when the connection itself
     * failed (an I/O error under the failure: refused, reset, timed out, no such host), not when it answered, for
     * instance by refusing the login.
     */
    public static Duration after(int attempts, Throwable failure, boolean connecting) {
        return connecting && isNetwork(failure) ? afterUnreachable(attempts) : afterAnswer(attempts);
    }

    private static boolean isNetwork(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.io.IOException) return true;
        }
        return false;
    }

    /** The delay after a failure the server answered, of a mail that had failed {@code attempts} times before. */
    public static Duration afterAnswer(int attempts) {
        return doubled(attempts, MOST);
    }

    /** The delay after the server could not be reached, of a mail that had failed {@code attempts} times before. */
    public static Duration afterUnreachable(int attempts) {
        return doubled(attempts, UNREACHABLE_MOST);
    }

    private static Duration doubled(int attempts, Duration most) {
        int doublings = Math.max(0, attempts);
        long max = most.toMillis();
        long delay = FIRST.toMillis();
        for (int i = 0; i < doublings && delay < max; i++) {
            delay *= 2;
        }
        return Duration.ofMillis(Math.min(delay, max));
    }
}
