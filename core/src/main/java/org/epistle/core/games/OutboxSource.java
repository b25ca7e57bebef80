package org.epistle.core.games;

import java.time.Instant;
import java.util.List;

/** The outbox as the mail sender sees it: what is due, and what became of each attempt. */
public interface OutboxSource {

    /** Mails not yet sent whose next attempt is due, oldest first. */
    List<OutboxMail> due(Instant now, int limit);

    void markSent(long id, Instant sentAt);

    /** Records several mails sent at once, in one transaction where the store has them. */
    default void markSent(List<Long> ids, Instant sentAt) {
        for (long id : ids) {
            markSent(id, sentAt);
        }
    }

    /** Records a failed attempt; the mail is tried again at {@code retryAt}. */
    void markFailed(long id, String error, Instant retryAt);
}
