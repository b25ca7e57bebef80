package org.epistle.core.games;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.JdbiException;

/**
 * Every mail received, stored before it is handled and marked HANDLED in the same transaction
 * as whatever handling it changed, so a mail is acted on once however often it arrives and
 * wherever the process stops. What is stored of a mail is bounded unless it may carry a turn
 * ({@link InboundCopy}), and the bytes of handled mail are dropped after a while ({@link #dropBytes});
 * the key stays for good, which is all that exactly-once needs.
 */
final class InboundLedger {
    private static final int MAX_OUTCOME = 2000;

    private final Database db;

    InboundLedger(Database db) {
        this.db = db;
    }

    /** Mails whose bytes one sweep drops at most, so it never holds many rows for long. */
    static final int DROP_BATCH = 500;

    /** Stores a mail; false (and nothing changes) when a mail with this key is stored already. */
    boolean store(String messageKey, InboundCopy copy, Instant at) {
        String key = InboundKeys.normalize(messageKey);
        try {
            return db.jdbi().withExtension(InboundTable.class, t -> {
                if (t.status(key).isPresent()) {
                    return false;
                }
                t.insert(key, copy, at);
                return true;
            });
        } catch (JdbiException e) {
            if (GameChanged.isConflict(e)) {
                return false; // stored by someone else between our look and our insert
            }
            throw e;
        }
    }

    /**
     * Stores several mails in one transaction; for each key, in the order given, whether it was new. A key
     * given twice is new at most once. Throws, and stores none, when another writer stored one of them meanwhile.
     */
    java.util.Map<String, Boolean> storeAll(java.util.Map<String, InboundCopy> mails, Instant at) {
        return db.jdbi().inTransaction(h -> {
            java.util.Map<String, Boolean> fresh = new java.util.LinkedHashMap<>();
            java.util.Set<String> stored = new java.util.HashSet<>();
            for (var mail : mails.entrySet()) {
                String key = InboundKeys.normalize(mail.getKey());
                boolean isNew = stored.add(key) && !isStored(h, key);
                if (isNew) {
                    insert(h, key, mail.getValue(), at);
                }
                fresh.putIfAbsent(mail.getKey(), isNew);
            }
            return fresh;
        });
    }

    // The ledger's statements of every mail (the chunk's store, the claim and the outcome in the turn's transaction)
    // run as plain JDBC, bound as InboundTable binds them: Jdbi's attach and statement machinery cost more than these
    // one-row statements (in bench mail, three quarters of the claim's and the outcome's samples).

    private static final String IS_STORED = "SELECT 1 FROM inbound_mail WHERE message_key = ?";
    private static final String INSERT = """
            INSERT INTO inbound_mail (message_key, raw_message, size_bytes, kept, header_only, received_at, status)
            VALUES (?, ?, ?, ?, ?, ?, 'STORED')""";
    private static final String MARK_HANDLED = """
            UPDATE inbound_mail SET status = 'HANDLED', handled_at = ?, outcome = ?
             WHERE message_key = ? AND status = 'STORED'""";
    private static final String SET_OUTCOME = "UPDATE inbound_mail SET outcome = ? WHERE message_key = ?";

    private static boolean isStored(Handle h, String key) {
        return PlainStatements.run(h, IS_STORED, c -> {
            try (PreparedStatement s = c.prepareStatement(IS_STORED)) {
                s.setString(1, key);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next();
                }
            }
        });
    }

    /** As {@link InboundTable#insert(String, InboundCopy, Instant)}. */
    private static void insert(Handle h, String key, InboundCopy copy, Instant at) {
        PlainStatements.run(h, INSERT, c -> {
            try (PreparedStatement s = c.prepareStatement(INSERT)) {
                s.setString(1, key);
                s.setBytes(2, copy.bytes());
                s.setLong(3, copy.size());
                s.setString(4, copy.isHeaderOnly() ? "HEADER" : "WHOLE");
                PlainStatements.text(s, 5, copy.headerOnlyBecause().orElse(null));
                s.setTimestamp(6, Timestamp.from(at));
                return s.executeUpdate();
            }
        });
    }

    List<String> unhandled() {
        return db.jdbi().withExtension(InboundTable.class, InboundTable::unhandled);
    }

    Optional<byte[]> raw(String key) {
        return db.jdbi().withExtension(InboundTable.class, t -> t.raw(InboundKeys.normalize(key)));
    }

    Optional<InboundCopy> copy(String key) {
        return db.jdbi().withExtension(InboundTable.class, t -> t.copy(InboundKeys.normalize(key)));
    }

    /** Drops the bytes of every mail handled at or before the cutoff, in batches; returns how many. */
    int dropBytes(Instant cutoff) {
        int total = 0;
        for (int n = DROP_BATCH; n == DROP_BATCH; total += n) {
            n = db.jdbi().withExtension(InboundTable.class, t -> t.dropBytes(cutoff, DROP_BATCH));
        }
        return total;
    }

    boolean isHandled(String key) {
        return db.jdbi().withExtension(InboundTable.class, t -> t.status(InboundKeys.normalize(key)))
                .map("HANDLED"::equals).orElse(false);
    }

    Optional<String> outcome(String key) {
        return db.jdbi().withExtension(InboundTable.class, t -> t.outcome(InboundKeys.normalize(key)));
    }

    /**
     * Marks the mail handled inside the caller's transaction and holds it until the end, so a
     * second worker handling the same mail waits and then finds it handled.
     *
     * @throws AlreadyHandled           when it was handled before
     * @throws IllegalArgumentException when no mail is stored under the key
     */
    static void claim(Handle h, String key, Instant at) {
        int claimed = PlainStatements.run(h, MARK_HANDLED, c -> {
            try (PreparedStatement s = c.prepareStatement(MARK_HANDLED)) {
                s.setTimestamp(1, Timestamp.from(at));
                s.setString(2, "being handled");
                s.setString(3, key);
                return s.executeUpdate();
            }
        });
        if (claimed == 1) {
            return;
        }
        if (!isStored(h, key)) {
            throw new IllegalArgumentException("no inbound mail is stored under the key " + key + "; store it before handling it");
        }
        throw new AlreadyHandled(key);
    }

    static void record(Handle h, String key, String outcome) {
        String clipped = outcome.length() > MAX_OUTCOME ? outcome.substring(0, MAX_OUTCOME) : outcome;
        PlainStatements.run(h, SET_OUTCOME, c -> {
            try (PreparedStatement s = c.prepareStatement(SET_OUTCOME)) {
                PlainStatements.text(s, 1, clipped);
                s.setString(2, key);
                return s.executeUpdate();
            }
        });
    }
}
