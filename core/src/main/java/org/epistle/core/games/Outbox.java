package org.epistle.core.games;

import java.time.Instant;
import java.util.List;
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
        String e = error == null ? "unknown error" : error.length() > MAX_ERROR ? error.substring(0, MAX_ERROR) : error;
        db.jdbi().useExtension(OutboxTable.class, t -> t.markFailed(id, e, retryAt));
    }

    /** Every mail of a game, sent or not, in the order they were written. */
    public List<OutboxMail> ofGame(long gameId) {
        return db.jdbi().withExtension(OutboxTable.class, t -> t.ofGame(gameId));
    }

    /** Mails about no game (refusals of mail that named none), in the order they were written. */
    public List<OutboxMail> aboutNoGame() {
        return db.jdbi().withExtension(OutboxTable.class, OutboxTable::aboutNoGame);
    }

    /** Puts a mail in the outbox inside the caller's transaction. */
    static void put(Handle h, Letter letter, Instant at) {
        h.attach(OutboxTable.class).insert(letter.gameId() == 0 ? null : letter.gameId(), letter.kind().name(),
                letter.toName(), letter.toAddress(), letter.subject(), letter.messageId(), letter.inReplyTo(),
                String.join(" ", letter.references()), letter.replyTo(), MailModel.toJson(letter.model()), at);
    }
}
