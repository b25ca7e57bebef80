package org.epistle.core.games;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

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

    /**
     * Takes one mail for the caller to send, if it is still due and no other sender (in this process or another
     * one on the same database) has it now, and leases it to the caller for {@code lease}: until then no sender takes
     * it again. The lease is stored before this returns, so a mail is sent only when the store could write. The
     * caller records the outcome on the {@link Hold} as soon as SMTP has answered. Empty when the mail was sent
     * meanwhile, its next attempt moved, or someone else holds it. A store that only this process uses may simply
     * hand it out, as this default does.
     */
    default Optional<Hold> hold(long id, Instant now, Duration lease) {
        return Optional.of(new Hold() {
            @Override public void sent(Instant at) {
                markSent(id, at);
            }

            @Override public void failed(String error, Instant retryAt) {
                markFailed(id, error, retryAt);
            }

            @Override public void close() {
            }
        });
    }

    /**
     * Takes several mails at once, as {@link #hold} takes one, in one commit where the store has them: the holds of
     * those it leased, in the order asked (a mail sent meanwhile, moved later or held by someone else is left out).
     * Each is recorded by itself on its {@link Hold}. This default holds them one by one.
     */
    default java.util.Map<Long, Hold> holdAll(List<Long> ids, Instant now, Duration lease) {
        java.util.Map<Long, Hold> held = new java.util.LinkedHashMap<>();
        for (long id : ids) {
            hold(id, now, lease).ifPresent(h -> held.put(id, h));
        }
        return held;
    }

    /**
     * One mail held by one sender. {@link #sent} or {@link #failed} records the attempt at once and ends the lease;
     * {@link #close} lets it go unsent (due again) when neither was called. A crash leaves it to the lease's end.
     */
    interface Hold extends AutoCloseable {
        void sent(Instant at);

        void failed(String error, Instant retryAt);

        @Override
        void close();

        /**
         * Whether the mail is still held: neither recorded nor let go, because {@link #close} could not write (a full
         * disk). Its sender may call {@link #close} again once the store writes, rather than leave the mail to wait
         * out its lease. A hold that lets go without writing is never held after {@link #close}.
         */
        default boolean isHeld() {
            return false;
        }
    }
}
