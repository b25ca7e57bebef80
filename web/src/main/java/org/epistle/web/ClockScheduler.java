package org.epistle.web;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
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
    private ScheduledExecutorService timer;

    /** @param afterCommit wakes the mail sender when a tick wrote mails */
    ClockScheduler(GameService games, Runnable afterCommit, Duration every) {
        this.games = games;
        this.afterCommit = afterCommit;
        this.every = every;
    }

    void start() {
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "epistle-clock");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::tickQuietly, 0, every.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Does what has fallen due; returns how many jobs it claimed. Synchronized: a test's tick and the timer's never overlap. */
    synchronized int tick() {
        int done = games.tick();
        if (done > 0) {
            LOG.info("clock: {} due job(s) done", done);
            afterCommit.run();
        }
        return done;
    }

    private void tickQuietly() {
        try {
            tick();
        } catch (RuntimeException e) {
            // the database may be away for a moment; the jobs stay pending for the next tick
            LOG.warn("clock: the tick failed, will look again: {}", e.toString());
        }
    }

    void stop() {
        if (timer != null) {
            timer.shutdownNow();
            try {
                timer.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
