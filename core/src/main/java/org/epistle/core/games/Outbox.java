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
    private final LeaseHolder me;
    private final String holder;

    public Outbox(Database db) {
        this.db = db;
        this.me = LeaseHolder.ofThisProcess();
        this.holder = me.written();
    }

    /** What {@link #releaseLeasesOfEndedProcesses} did: the mails due again at once, and whose leases they were. */
    public record Released(int mails, List<String> holders) {
    }

    /**
     * At a start, before this process sends: ends the leases that senders of this machine (and pid namespace) still
     * hold although their process has ended (a kill -9, a crash), so their mails are due at once rather than when the
     * lease runs out (60 s, or the lane timeout). A lease of a live process, of another machine or container, or
     * written in the older format is left to run out ({@link LeaseHolder#hasEndedSeenFrom}). A mail SMTP accepted just
     * before the kill, whose record the kill prevented, goes twice, as it would when the lease ran out: only sooner.
     */
    public Released releaseLeasesOfEndedProcesses(Instant now) {
        return db.jdbi().inTransaction(h -> {
            OutboxTable t = Tables.attach(h, OutboxTable.class);
            int mails = 0;
            List<String> ended = new java.util.ArrayList<>();
            for (String heldBy : t.holders()) {
                if (LeaseHolder.parse(heldBy).filter(other -> other.hasEndedSeenFrom(me)).isPresent()) {
                    int released = t.releaseAllOf(heldBy, now);
                    if (released > 0) {
                        mails += released;
                        ended.add(heldBy);
                    }
                }
            }
            return new Released(mails, List.copyOf(ended));
        });
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

    /** Plain JDBC: Jdbi's attach cost more than this one-row statement, which the sender runs for every mail. */
    private static final String MARK_SENT = "UPDATE outbox SET status = 'SENT', sent_at = ? WHERE id = ?";

    /** The sender records each mail the moment SMTP accepts it: one short auto-committed statement a mail. */
    @Override
    public void markSent(long id, Instant sentAt) {
        db.jdbi().useHandle(h -> PlainStatements.run(h, MARK_SENT, c -> {
            try (java.sql.PreparedStatement s = c.prepareStatement(MARK_SENT)) {
                s.setTimestamp(1, java.sql.Timestamp.from(sentAt));
                s.setLong(2, id);
                return s.executeUpdate();
            }
        }));
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
     * Leases the mail to this sender until {@code now + lease}, in a transaction of its own that is committed before
     * this returns: the row is locked ({@code FOR UPDATE SKIP LOCKED}, so two senders never wait on each other), its
     * next attempt moved to the lease's end and {@code held_by} set, then committed. Until the lease runs out the mail
     * is not due for any sender, here or in another instance; a sender killed while sending leaves it due again when
     * the lease runs out, so a mail in flight at a kill may go twice (at most one per SMTP connection).
     *
     * <p>Why a commit and not a row lock held through the send: nothing may be mailed that is not on disk. H2 2.5
     * with WRITE_DELAY=0 makes a commit visible to other sessions before it has written it: {@code Transaction.commit}
     * first flips the transaction's bit in {@code TransactionStore.committingTransactions} (from then on every reader
     * takes its changes as committed), and only then does {@code TransactionStore.endTransaction} call
     * {@code MVStore.commit()} to write them. So the sender can read a turn's notification whose write will fail (a
     * full disk); after the reopen the turn is gone while its mail is out. A commit of the lease cannot succeed
     * before the commits the sender read are on disk: {@code MVStore.commit()} writes, under the store lock, every
     * change in memory (the whole store's version, not one transaction's), and the turn's changes were in memory
     * before the sender read them, so before the lease's own commit began. Either the lease's commit writes them with
     * its own, or it finds that a store began after it started ({@code currentVersion} moved) and leaves the writing
     * to that one; and if any such write failed, the store has a panic exception, which {@code MVStore.commit()}
     * throws on unlocking the store lock ({@code unlockAndCheckPanicCondition}), and H2 closes the store. So a failed
     * write of the turn makes the lease fail too, and the mail is not sent. PostgreSQL writes a commit's WAL before
     * it shows the commit to anyone, so there the lease only keeps two instances from sending one mail.
     */
    @Override
    public Optional<Hold> hold(long id, Instant now, java.time.Duration lease) {
        Instant until = now.plus(lease);
        boolean leased = db.jdbi().inTransaction(h -> {
            OutboxTable t = Tables.attach(h, OutboxTable.class);
            return t.lockIfDue(id, now).isPresent() && t.lease(id, holder, until) == 1;
        });
        return leased ? Optional.of(new LeasedMail(id, now)) : Optional.empty();
    }

    /**
     * {@link #hold} for a sender's batch: every mail of {@code ids} still due and not locked by another sender is
     * locked and leased in one transaction, committed before this returns (one commit for the batch instead of one a
     * mail: on H2 a commit rewrites the outbox pages it touches, and the same argument about what is on disk holds for
     * the one commit as for each). Each mail is still recorded by itself, sent the moment SMTP accepts it; a sender
     * killed during the batch leaves its unsent mails to the lease's end, when any sender may take them.
     */
    @Override
    public java.util.Map<Long, Hold> holdAll(List<Long> ids, Instant now, java.time.Duration lease) {
        if (ids.isEmpty()) {
            return java.util.Map.of();
        }
        Instant until = now.plus(lease);
        List<Long> leased = db.jdbi().inTransaction(h -> {
            List<Long> locked = lockAllIfDue(h, List.copyOf(ids), now);
            if (!locked.isEmpty()) {
                leaseAll(h, locked, until);
            }
            return locked;
        });
        java.util.Map<Long, Hold> held = new java.util.LinkedHashMap<>();
        for (long id : ids) {
            if (leased.contains(id)) {
                held.put(id, new LeasedMail(id, now));
            }
        }
        return held;
    }

    // OutboxTable's lockAllIfDue and leaseAll as plain JDBC, bound as Jdbi binds them: the sender leases every run.

    private static List<Long> lockAllIfDue(org.jdbi.v3.core.Handle h, List<Long> ids, Instant now) {
        String sql = "SELECT id FROM outbox WHERE id IN (" + PlainStatements.parameters(ids.size())
                + ") AND status = 'PENDING' AND next_attempt_at <= ? ORDER BY id FOR UPDATE SKIP LOCKED";
        return PlainStatements.run(h, sql, c -> {
            try (java.sql.PreparedStatement s = c.prepareStatement(sql)) {
                int i = 1;
                for (long id : ids) {
                    s.setLong(i++, id);
                }
                s.setTimestamp(i, java.sql.Timestamp.from(now));
                List<Long> locked = new java.util.ArrayList<>();
                try (java.sql.ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        locked.add(rs.getLong(1));
                    }
                }
                return locked;
            }
        });
    }

    private void leaseAll(org.jdbi.v3.core.Handle h, List<Long> locked, Instant until) {
        String sql = "UPDATE outbox SET held_by = ?, next_attempt_at = ? WHERE id IN ("
                + PlainStatements.parameters(locked.size()) + ") AND status = 'PENDING'";
        PlainStatements.run(h, sql, c -> {
            try (java.sql.PreparedStatement s = c.prepareStatement(sql)) {
                s.setString(1, holder);
                s.setTimestamp(2, java.sql.Timestamp.from(until));
                int i = 3;
                for (long id : locked) {
                    s.setLong(i++, id);
                }
                return s.executeUpdate();
            }
        });
    }

    /**
     * Who leases mails through this outbox ({@link LeaseHolder}): the process (pid@host), when it started, its machine
     * and pid namespace, and this object, for two senders in one process.
     */
    public String holder() {
        return holder;
    }

    /** A mail leased by {@link #hold}; each record is a short transaction of its own, the SMTP send holds none. */
    private final class LeasedMail implements Hold {
        private final long id;
        private final Instant dueAt;
        private boolean done;

        LeasedMail(long id, Instant dueAt) {
            this.id = id;
            this.dueAt = dueAt;
        }

        /** Recorded whoever leases it now: it went out, and a mail that went out is never due again. */
        @Override
        public void sent(Instant at) {
            once();
            markSent(id, at);
        }

        @Override
        public void failed(String error, Instant retryAt) {
            once();
            db.jdbi().useExtension(OutboxTable.class, t -> t.markFailedBy(id, holder, clip(error), retryAt));
        }

        private void once() {
            if (done) {
                throw new IllegalStateException("outbox mail " + id + " is recorded already");
            }
            done = true;                                        // even if the record fails: close must not release it
        }

        /**
         * Neither sent nor failed: the mail did not go out, so it is due again at once rather than when the lease runs
         * out. If the store cannot write now, the mail stays held and a later close tries again.
         */
        @Override
        public void close() {
            if (done) {
                return;
            }
            try {
                db.jdbi().useExtension(OutboxTable.class, t -> t.release(id, holder, dueAt));
                done = true;
            } catch (RuntimeException e) {
                // the store cannot write: still held (isHeld), so the sender can let it go once the store writes
                // again; else the lease ends by itself at its time
            }
        }

        @Override
        public boolean isHeld() {
            return !done;
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
     * one round of the statement rather than two (plain JDBC, {@link MoveRows#insertMails}: every mail goes in here).
     */
    static void putAll(Handle h, List<Letter> letters, Instant at) {
        MoveRows.insertMails(h, letters, at);
    }

    /** Puts a mail in the outbox inside the caller's transaction. */
    static void put(Handle h, Letter letter, Instant at) {
        MoveRows.insertMails(h, List.of(letter), at);
    }
}
