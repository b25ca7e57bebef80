package org.epistle.core.games;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

@RegisterRowMapper(OutboxMailMapper.class)
interface OutboxTable {
    String COLUMNS = """
            id, game_id, kind, to_name, to_address, subject, message_id, in_reply_to, references_header, reply_to,
            model_json, attempts""";

    String INSERT = """
            INSERT INTO outbox (game_id, kind, to_name, to_address, subject, message_id, in_reply_to, references_header,
                                reply_to, model_json, status, attempts, next_attempt_at, created_at)
            VALUES (:game, :kind, :toName, :toAddress, :subject, :messageId, :inReplyTo, :references,
                    :replyTo, :json, 'PENDING', 0, :at, :at)""";

    @SqlUpdate(INSERT)
    void insert(@Bind("game") Long gameId, @Bind("kind") String kind, @Bind("toName") String toName,
                @Bind("toAddress") String toAddress, @Bind("subject") String subject, @Bind("messageId") String messageId,
                @Bind("inReplyTo") String inReplyTo, @Bind("references") String references, @Bind("replyTo") String replyTo,
                @Bind("json") String modelJson, @Bind("at") Instant at);

    @SqlQuery("SELECT " + COLUMNS + " FROM outbox WHERE status = 'PENDING' AND next_attempt_at <= :now ORDER BY id LIMIT :limit")
    List<OutboxMail> due(@Bind("now") Instant now, @Bind("limit") int limit);

    /** Both from the outbox_due index: only the pending rows are read, however many sent ones are kept. */
    @SqlQuery("SELECT COUNT(*) FROM outbox WHERE status = 'PENDING'")
    long pendingCount();

    @SqlQuery("SELECT MIN(created_at) FROM outbox WHERE status = 'PENDING'")
    Optional<Instant> oldestPending();

    /**
     * Locks one mail that is still due for the rest of the caller's transaction, the one that leases it. A mail another
     * transaction has locked is skipped rather than waited for: another sender is leasing it; once that lease is
     * committed the mail is not due until it runs out (PostgreSQL, and H2 2.2 and later, know SKIP LOCKED).
     */
    @SqlQuery("SELECT id FROM outbox WHERE id = :id AND status = 'PENDING' AND next_attempt_at <= :now FOR UPDATE SKIP LOCKED")
    Optional<Long> lockIfDue(@Bind("id") long id, @Bind("now") Instant now);

    // lockIfDue and lease for a whole run: Outbox.holdAll's plain statements.

    /**
     * Leases a mail locked by {@link #lockIfDue} in the same transaction: it is not due for anyone until {@code until},
     * and {@code holder} may record its failure. Committed before the mail is sent.
     */
    @SqlUpdate("UPDATE outbox SET held_by = :holder, next_attempt_at = :until WHERE id = :id AND status = 'PENDING'")
    int lease(@Bind("id") long id, @Bind("holder") String holder, @Bind("until") Instant until);

    /** Ends a lease with nothing recorded (the mail was not sent): due again at {@code due}, unless someone else has it. */
    @SqlUpdate("""
            UPDATE outbox SET held_by = NULL, next_attempt_at = :due
             WHERE id = :id AND held_by = :holder AND status = 'PENDING'""")
    int release(@Bind("id") long id, @Bind("holder") String holder, @Bind("due") Instant due);

    /** Who holds leases on mails not sent yet (a lease that ran out included: its holder stays written). */
    @SqlQuery("SELECT DISTINCT held_by FROM outbox WHERE status = 'PENDING' AND held_by IS NOT NULL")
    List<String> holders();

    /**
     * Ends every lease of a holder known to be dead that has not run out yet: its mails are due at {@code now}, unless
     * someone else has taken them over since.
     */
    @SqlUpdate("""
            UPDATE outbox SET held_by = NULL, next_attempt_at = :now
             WHERE held_by = :holder AND status = 'PENDING' AND next_attempt_at > :now""")
    int releaseAllOf(@Bind("holder") String holder, @Bind("now") Instant now);

    /** A failed attempt under a lease: recorded only while the lease is still the holder's (not taken over since). */
    @SqlUpdate("""
            UPDATE outbox SET attempts = attempts + 1, last_error = :error, next_attempt_at = :retryAt, held_by = NULL
             WHERE id = :id AND held_by = :holder AND status = 'PENDING'""")
    int markFailedBy(@Bind("id") long id, @Bind("holder") String holder, @Bind("error") String error,
                     @Bind("retryAt") Instant retryAt);

    @SqlQuery("SELECT " + COLUMNS + " FROM outbox WHERE game_id = :game ORDER BY id")
    List<OutboxMail> ofGame(@Bind("game") long gameId);

    @SqlQuery("SELECT " + COLUMNS + " FROM outbox WHERE to_address = :address ORDER BY id DESC LIMIT 1")
    Optional<OutboxMail> lastTo(@Bind("address") String address);

    @SqlQuery("SELECT " + COLUMNS + " FROM outbox WHERE game_id IS NULL ORDER BY id")
    List<OutboxMail> aboutNoGame();

    // One mail sent: Outbox.markSent's plain statement.

    @SqlUpdate("UPDATE outbox SET status = 'SENT', sent_at = :at WHERE id IN (<ids>)")
    void markSent(@org.jdbi.v3.sqlobject.customizer.BindList("ids") List<Long> ids, @Bind("at") Instant sentAt);

    @SqlUpdate("""
            UPDATE outbox SET attempts = attempts + 1, last_error = :error, next_attempt_at = :retryAt
             WHERE id = :id AND status = 'PENDING'""")
    void markFailed(@Bind("id") long id, @Bind("error") String error, @Bind("retryAt") Instant retryAt);
}
