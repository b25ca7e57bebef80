package org.epistle.mailer.outbound;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.epistle.core.games.OutboxSource;

/**
 * The sender's records of mails SMTP accepted, committed together when lanes finish sends at about the same time (a
 * group commit). A lane records its mail and waits until that record is committed, so it sends nothing more before
 * the mail it sent is durable, as when each lane committed its own: a kill still re-sends at most the mail in flight
 * on each connection. The lane that finds no commit under way commits what is queued, its own record and those of the
 * lanes that came while the commit before was running; nobody waits for company, so a lone lane commits at once.
 * Why: each record was a commit of its own, and on H2 a commit writes a chunk of its own (about 1 ms of CPU each in
 * {@code bench mail}, two a move), while one commit of two records costs little more than one.
 */
public final class SentRecords {
    private final OutboxSource source;
    private final Object lock = new Object();
    private List<Waiting> queued = new ArrayList<>();
    private boolean committing;
    private long commits;
    private long records;

    public SentRecords(OutboxSource source) {
        this.source = source;
    }

    /** One lane's record, until the commit that holds it is over. */
    private static final class Waiting {
        final OutboxSource.Sent sent;
        boolean done;
        Throwable error;

        Waiting(OutboxSource.Sent sent) {
            this.sent = sent;
        }
    }

    /**
     * Records the held mail as sent at {@code at} and returns once that record is committed, with other lanes' records
     * or alone. Throws what the commit threw; the hold counts as recorded either way (it is never let go as unsent).
     * An interrupt does not cut the wait short: the lane must not go on before its record is on disk.
     */
    public void sent(OutboxSource.Hold hold, Instant at) {
        Waiting mine = new Waiting(new OutboxSource.Sent(hold, at));
        List<Waiting> batch;
        boolean interrupted = false;
        synchronized (lock) {
            queued.add(mine);
            while (committing && !mine.done) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (mine.done) {
                batch = null;
            } else {
                committing = true;
                batch = queued;
                queued = new ArrayList<>();
            }
        }
        if (batch != null) {
            commit(batch);
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (mine.error instanceof RuntimeException e) {
            throw e;
        }
        if (mine.error instanceof Error e) {
            throw e;
        }
    }

    private void commit(List<Waiting> batch) {
        Throwable error = null;
        try {
            source.sentAll(batch.stream().map(w -> w.sent).toList());
        } catch (RuntimeException | Error e) {
            error = e;
        } finally {
            synchronized (lock) {
                for (Waiting w : batch) {
                    w.done = true;
                    w.error = error;
                }
                commits++;
                records += batch.size();
                committing = false;
                lock.notifyAll();
            }
        }
    }

    /** How many commits recorded how many mails so far; for the bench and the tests. */
    public record Count(long commits, long records) {
    }

    public Count count() {
        synchronized (lock) {
            return new Count(commits, records);
        }
    }

    /** Whether a commit is under way and how many records wait for the next one; for the tests. */
    public record State(boolean committing, int queued) {
    }

    public State state() {
        synchronized (lock) {
            return new State(committing, queued.size());
        }
    }
}
