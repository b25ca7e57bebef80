package org.epistle.core.games;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * The outbox table as the mail sender sees it. Mails are put in only by the game service, in
 * the transaction of the change that causes them; a mail stays PENDING until it is marked sent,
 * and a failed attempt only moves its next attempt later.
 */
public final class Outbox implements OutboxSource {
    private static final int MAX_ERROR = 2000;

    private final Database db;

    public Outbox(Database db) {
        this.db = db;
    }

    /**
     * How far the sender is behind: the mails not sent yet (due or waiting for a retry), and when the oldest of
     * them was written.
     */
    public record Backlog(long pending, Optional<Instant> oldestWrittenAt) {
    }

    /** One read, for the health check and the metrics. */
    public Backlog backlog() {
        return db.jdbi().inTransaction(h -> {
            OutboxTable t = Tables.attach(h, OutboxTable.class);
            return new Backlog(t.pendingCount(), t.oldestPending());
        });
    }

    @Override
    public List<OutboxMail> due(Instant now, int limit) {
        return db.jdbi().withExtension(OutboxTable.class, t -> t.due(now, limit));
    }

    @Override
    public void markSent(long id, Instant sentAt) {
        db.jdbi().useExtension(OutboxTable.class, t -> t.markSent(id, sentAt));
    }

    /** One statement and one commit for a whole run's mails: a commit rewrites the outbox pages it touches. */
    @Override
    public void markSent(List<Long> ids, Instant sentAt) {
        if (!ids.isEmpty()) {
            db.jdbi().useExtension(OutboxTable.class, t -> t.markSent(List.copyOf(ids), sentAt));
        }
    }

    @Override
    public void markFailed(long id, String error, Instant retryAt) {
        db.jdbi().useExtension(OutboxTable.class, t -> t.markFailed(id, clip(error), retryAt));
    }

    /**
     * Holds the mail with a row lock in a transaction of its own until the attempt is recorded: a second sender,
     * here or in another instance, skips it meanwhile, and a sender killed while sending lets it go at once (the
     * transaction dies with the connection), so the mail is due again without waiting for any lease to run out.
     */
    @Override
    public Optional<Hold> hold(long id, Instant now) {
        Handle h = db.jdbi().open();
        try {
            h.begin();
            if (Tables.attach(h, OutboxTable.class).lockIfDue(id, now).isPresent()) {
                return Optional.of(new LockedMail(h, id));
            }
            h.rollback();
            h.close();
            return Optional.empty();
        } catch (RuntimeException e) {
            release(h);
            throw e;
        }
    }

    /** A mail locked by {@link #hold}; every way out ends the transaction and returns the connection. */
    private static final class LockedMail implements Hold {
        private final Handle h;
        private final long id;
        private boolean done;

        LockedMail(Handle h, long id) {
            this.h = h;
            this.id = id;
        }

        @Override
        public void sent(Instant at) {
            finish(() -> Tables.attach(h, OutboxTable.class).markSent(id, at));
        }

        @Override
        public void failed(String error, Instant retryAt) {
            finish(() -> Tables.attach(h, OutboxTable.class).markFailed(id, clip(error), retryAt));
        }

        private void finish(Runnable update) {
            if (done) {
                throw new IllegalStateException("outbox mail " + id + " is recorded already");
            }
            done = true;
            try {
                update.run();
                h.commit();
            } finally {
                release(h);
            }
        }

        @Override
        public void close() {
            if (!done) {
                done = true;
                release(h);
            }
        }
    }

    /** Rolls back whatever is open and closes the handle, whatever state a failure left it in. */
    private static void release(Handle h) {
        try {
            if (h.isInTransaction()) {
                h.rollback();
            }
        } catch (RuntimeException e) {
            // the connection is broken; closing it below is all that is left to do
        } finally {
            h.close();
        }
    }

    private static String clip(String error) {
        return error == null ? "unknown error" : error.length() > MAX_ERROR ? error.substring(0, MAX_ERROR) : error;
    }

    /** Every mail of a game, sent or not, in the order they were written. */
    public List<OutboxMail> ofGame(long gameId) {
        return db.jdbi().withExtension(OutboxTable.class, t -> t.ofGame(gameId));
    }

    /** Mails about no game (refusals of mail that named none), in the order they were written. */
    public List<OutboxMail> aboutNoGame() {
        return db.jdbi().withExtension(OutboxTable.class, OutboxTable::aboutNoGame);
    }

    /**
     * Puts mails in the outbox inside the caller's transaction, as one JDBC batch: a turn's two notifications cost
     * one round of the statement rather than two.
     */
    static void putAll(Handle h, List<Letter> letters, Instant at) {
        if (letters.size() == 1) {
            put(h, letters.get(0), at);
            return;
        }
        if (letters.isEmpty()) {
            return;
        }
        org.jdbi.v3.core.statement.PreparedBatch batch = h.prepareBatch(OutboxTable.INSERT);
        for (Letter letter : letters) {
            batch.bind("game", letter.gameId() == 0 ? null : letter.gameId()).bind("kind", letter.kind().name())
                    .bind("toName", letter.toName()).bind("toAddress", letter.toAddress()).bind("subject", letter.subject())
                    .bind("messageId", letter.messageId()).bind("inReplyTo", letter.inReplyTo())
                    .bind("references", String.join(" ", letter.references())).bind("replyTo", letter.replyTo())
                    .bind("json", MailModel.toJson(letter.model())).bind("at", at).add();
        }
        batch.execute();
    }

    /** Puts a mail in the outbox inside the caller's transaction. */
    static void put(Handle h, Letter letter, Instant at) {
        Tables.attach(h, OutboxTable.class).insert(letter.gameId() == 0 ? null : letter.gameId(), letter.kind().name(),
                letter.toName(), letter.toAddress(), letter.subject(), letter.messageId(), letter.inReplyTo(),
                String.join(" ", letter.references()), letter.replyTo(), MailModel.toJson(letter.model()), at);
    }
}
