package org.epistle.web;

import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.epistle.core.games.GameService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Looks for the clock's due jobs (reminders, timeouts, leave notices) every tick, on one daemon thread. What is
 * due is decided by the game service's injected clock, not by this timer: the timer only says how often to look,
 * so a restarted server, or a second one on the same database, does what fell due in between, and only once.
 */
final class ClockScheduler {
    private static final Logger LOG = LoggerFactory.getLogger(ClockScheduler.class);

    private final GameService games;
    private final Runnable afterCommit;
    private final Duration every;
    private final Duration keepRawMail;
    private ScheduledThreadPoolExecutor timer;
    /** Whether a tick has run since the start (guarded by this). */
    private boolean ticked;

    /** @param afterCommit wakes the mail sender when a tick wrote mails */
    ClockScheduler(GameService games, Runnable afterCommit, Duration every) {
        this(games, afterCommit, every, java.time.Duration.ofDays(org.epistle.config.Settings.Mail.DEFAULT_KEEP_RAW_DAYS));
    }

    /** @param keepRawMail how long a handled mail's bytes stay (mail.keep-raw-days); each tick drops older ones */
    ClockScheduler(GameService games, Runnable afterCommit, Duration every, Duration keepRawMail) {
        this.games = games;
        this.afterCommit = afterCommit;
        this.every = every;
        this.keepRawMail = keepRawMail;
    }

    void start() {
        timer = stoppableTimer("epistle-clock");
        // The first look does what fell due while the server was down, unless a tick has already looked by then. Left to
        // the timer alone, a first look the machine held up (under load) could run after the clock had moved on and take
        // the jobs a later tick was asked for (ClockByMailTest: "0 instead of 2" after a restart, jobs done, by the timer).
        timer.execute(this::firstLookQuietly);
        timer.scheduleWithFixedDelay(this::tickQuietly, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    private synchronized void firstLookQuietly() {
        if (!ticked) {
            tickQuietly();
        }
    }

    /** Does what has fallen due; returns how many jobs it claimed. Synchronized: a test's tick and the timer's never overlap. */
    synchronized int tick() {
        ticked = true;
        int done = games.tick();
        if (done > 0) {
            LOG.info("clock: {} due job(s) done", done);
            afterCommit.run();
        }
        dropOldMail();
        return done;
    }

    /**
     * Drops the bytes of mail handled longer ago than the settings keep them; the keys stay, so a mail delivered
     * again is still recognised. Any instance may do it, any number of times: a dropped mail no longer matches.
     */
    private void dropOldMail() {
        try {
            int dropped = games.dropHandledInbound(keepRawMail);
            if (dropped > 0) {
                LOG.info("clock: the bytes of {} handled mail(s) older than {} dropped, their keys kept", dropped, keepRawMail);
            }
        } catch (RuntimeException e) {
            // the due jobs above are done; the old bytes wait for the next tick
            LOG.warn("clock: dropping old mail's bytes failed, will try again: {}", e.toString());
        }
    }

    private void tickQuietly() {
        try {
            tick();
        } catch (RuntimeException e) {
            // the database may be away for a moment; the jobs stay pending for the next tick
            LOG.warn("clock: the tick failed, will look again: {}", e.toString());
        }
    }

    /**
     * Stops the timer: no further tick starts, and a tick under way is waited for (at most {@link #STOP_WAIT}), never
     * interrupted. An interrupt that reaches a thread inside H2's file I/O closes H2's FileChannel, and with it the
     * store for every connection (what {@code FileCompaction}'s stop once did); a tick left running past the wait
     * meets a closed database instead, and its transaction is not committed.
     */
    void stop() {
        if (timer != null) {
            stopWaiting(timer, STOP_WAIT, "clock");
        }
    }

    /** How long a stop waits for a tick under way; a tick takes milliseconds unless the database is stuck. */
    static final Duration STOP_WAIT = Duration.ofSeconds(10);

    /** A one-thread daemon timer whose delayed and periodic work is dropped at {@link #stopWaiting}. */
    static ScheduledThreadPoolExecutor stoppableTimer(String name) {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        timer.setContinueExistingPeriodicTasksAfterShutdownPolicy(false);
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    /** Lets the work under way end (at most {@code wait}) and starts none; interrupts nothing. */
    static void stopWaiting(ScheduledThreadPoolExecutor timer, Duration wait, String what) {
        timer.shutdown();
        try {
            if (!timer.awaitTermination(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("{}: the work under way did not end within {}; left to end by itself, not interrupted", what, wait);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
