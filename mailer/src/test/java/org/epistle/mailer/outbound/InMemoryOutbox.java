package org.epistle.mailer.outbound;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.games.OutboxSource;

/**
 * The {@link OutboxSource} contract in memory: a mail is due while it is not sent and its next attempt
 * has come; a failure counts an attempt and sets the next one. Records every call for the tests.
 */
final class InMemoryOutbox implements OutboxSource {

    static final class Entry {
        OutboxMail mail;
        Instant nextAttempt = Instant.EPOCH;
        Instant sentAt;
        final List<String> errors = new ArrayList<>();
        final List<Instant> retries = new ArrayList<>();
    }

    private final Map<Long, Entry> entries = new TreeMap<>();
    /** How many of the next markSent calls throw, as a database outage would. */
    int markSentFailures;
    int markSentCalls;
    /** Runs inside each markSent, before it records: a test's look at the world at the moment a mail is recorded. */
    java.util.function.LongConsumer onMarkSent = id -> { };

    /** Runs as each mail is taken for sending, outside the lock: a test's way to make a lane stick there. */
    volatile java.util.function.LongConsumer onHold = id -> { };

    @Override
    public java.util.Optional<Hold> hold(long id, Instant now, java.time.Duration lease) {
        onHold.accept(id);
        return OutboxSource.super.hold(id, now, lease);
    }

    /** The lists of mails taken for sending at once, one a commit a store would make ({@link #holdAll}). */
    final List<List<Long>> leases = java.util.Collections.synchronizedList(new ArrayList<>());

    @Override
    public java.util.Map<Long, Hold> holdAll(List<Long> ids, Instant now, java.time.Duration lease) {
        leases.add(List.copyOf(ids));
        return OutboxSource.super.holdAll(ids, now, lease);
    }

    synchronized void add(OutboxMail mail) {
        var e = new Entry();
        e.mail = mail;
        entries.put(mail.id(), e);
    }

    synchronized Entry entry(long id) {
        return entries.get(id);
    }

    synchronized boolean isSent(long id) {
        return entries.get(id).sentAt != null;
    }

    @Override
    public synchronized List<OutboxMail> due(Instant now, int limit) {
        return entries.values().stream()
                .filter(e -> e.sentAt == null && !e.nextAttempt.isAfter(now))
                .sorted(Comparator.comparingLong(e -> e.mail.id()))
                .limit(limit)
                .map(e -> e.mail)
                .toList();
    }

    /** Runs as each mail is recorded as sent, outside the lock: a test's way to make a record stick there. */
    volatile java.util.function.LongConsumer onRecordSent = id -> { };

    @Override
    public void markSent(long id, Instant sentAt) {
        onRecordSent.accept(id);
        record(id, sentAt);
    }

    private synchronized void record(long id, Instant sentAt) {
        markSentCalls++;
        onMarkSent.accept(id);
        if (markSentFailures > 0) {
            markSentFailures--;
            throw new IllegalStateException("database unavailable");
        }
        var e = entries.get(id);
        if (e.sentAt != null) {
            throw new AssertionError("mail " + id + " marked sent twice");
        }
        e.sentAt = sentAt;
    }

    @Override
    public synchronized void markFailed(long id, String error, Instant retryAt) {
        var e = entries.get(id);
        if (e.sentAt != null) {
            throw new AssertionError("mail " + id + " failed after it was sent");
        }
        var m = e.mail;
        e.mail = new OutboxMail(m.id(), m.gameId(), m.kind(), m.toName(), m.toAddress(),
                m.subject(), m.messageId(), m.inReplyTo(), m.references(), m.replyTo(), m.model(), m.attempts() + 1);
        e.nextAttempt = retryAt;
        e.errors.add(error);
        e.retries.add(retryAt);
    }
}
