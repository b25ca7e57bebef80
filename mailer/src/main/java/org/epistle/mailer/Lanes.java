package org.epistle.mailer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A few single-thread executors: work submitted under one key always runs on the same thread, in the order
 * submitted, while work under other keys runs at the same time on the others. The mailbox reader uses it so
 * that mails about one game are handled in the order they arrived and mails about different games in parallel;
 * the outbox sender so that each lane's thread keeps its own SMTP connection.
 */
public final class Lanes implements AutoCloseable {
    private static final ThreadLocal<Lanes> CURRENT = new ThreadLocal<>();

    private final List<ExecutorService> lanes = new ArrayList<>();

    public Lanes(int count, String name) {
        if (count < 1) {
            throw new IllegalArgumentException("at least one lane, not " + count);
        }
        for (int i = 0; i < count; i++) {
            String threadName = name + "-" + (i + 1);
            lanes.add(Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(() -> {
                    CURRENT.set(this);
                    r.run();
                }, threadName);
                t.setDaemon(true);
                return t;
            }));
        }
    }

    public <T> Future<T> submit(Object key, Callable<T> work) {
        return submitTo(laneOf(key), work);
    }

    /** The lane that work under {@code key} runs on (0 to the count less one). */
    public int laneOf(Object key) {
        return Math.floorMod(key.hashCode(), lanes.size());
    }

    /** Runs work on one lane by its number, as {@link #laneOf} gives it: for work already grouped by lane. */
    public <T> Future<T> submitTo(int lane, Callable<T> work) {
        return lanes.get(lane).submit(work);
    }

    /** Whether the calling thread is one of these lanes' threads. */
    public boolean isLaneThread() {
        return CURRENT.get() == this;
    }

    /** Lets the work submitted finish, takes no more, and ends the threads once idle; interrupts nothing. */
    public void shutdown() {
        lanes.forEach(ExecutorService::shutdown);
    }

    /**
     * Takes no more work and waits for the work under way (at most {@link #CLOSE_WAIT} in all), then leaves any lane
     * still busy to end by itself; never interrupts. A lane's work writes to the database, and an interrupt that
     * reaches a thread inside H2's file I/O closes H2's FileChannel for the whole store; work left running meets a
     * closed database instead, and what it had not committed is not committed.
     */
    @Override
    public void close() {
        shutdown();
        long deadline = System.nanoTime() + CLOSE_WAIT.toNanos();
        try {
            for (ExecutorService lane : lanes) {
                lane.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** How long {@link #close} waits for the lanes' work under way: a mail's handling or send, not a stuck one. */
    public static final java.time.Duration CLOSE_WAIT = java.time.Duration.ofSeconds(10);
}
