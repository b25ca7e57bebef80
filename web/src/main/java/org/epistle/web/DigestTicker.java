package org.epistle.web;

import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.epistle.core.games.GameService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Calls the game service's digest tick now and then, and wakes the mail sender when it wrote mail. The
 * tick decides from the service's clock and the database what is due, so this only keeps time loosely:
 * a late or doubled tick, a restart or a second instance never sends a day's digest twice.
 */
final class DigestTicker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DigestTicker.class);

    private final ScheduledThreadPoolExecutor scheduler = ClockScheduler.stoppableTimer("digest-ticker");

    private DigestTicker() {
    }

    static DigestTicker start(GameService games, Runnable wakeSender, Duration every) {
        DigestTicker ticker = new DigestTicker();
        ticker.scheduler.scheduleWithFixedDelay(() -> {
            try {
                int mailed = games.sendDigests();
                if (mailed > 0) {
                    LOG.info("{} daily digest(s) written", mailed);
                    wakeSender.run();
                }
            } catch (RuntimeException e) {
                // the next tick tries again: nothing was claimed for a digest whose transaction failed
                LOG.warn("the digest tick failed: {}", e.toString());
            }
        }, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
        return ticker;
    }

    /** Waits for a digest tick under way (bounded) rather than interrupting it: see {@link ClockScheduler#stop}. */
    @Override
    public void close() {
        ClockScheduler.stopWaiting(scheduler, ClockScheduler.STOP_WAIT, "digests");
    }
}
