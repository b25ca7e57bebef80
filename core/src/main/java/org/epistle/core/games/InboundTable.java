package org.epistle.core.games;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

interface InboundTable {

    @SqlQuery("SELECT status FROM inbound_mail WHERE message_key = :key")
    Optional<String> status(@Bind("key") String key);

    @SqlQuery("SELECT outcome FROM inbound_mail WHERE message_key = :key")
    Optional<String> outcome(@Bind("key") String key);

    @SqlUpdate("""
            INSERT INTO inbound_mail (message_key, raw_message, received_at, status)
            VALUES (:key, :raw, :at, 'STORED')""")
    void insert(@Bind("key") String key, @Bind("raw") byte[] raw, @Bind("at") Instant at);

    @SqlQuery("SELECT message_key FROM inbound_mail WHERE status = 'STORED' ORDER BY received_at, id")
    List<String> unhandled();

    @SqlQuery("SELECT raw_message FROM inbound_mail WHERE message_key = :key")
    Optional<byte[]> raw(@Bind("key") String key);

    /** Marks a stored mail handled; 0 when it was handled already (or never stored). Holds the row until commit. */
    @SqlUpdate("""
            UPDATE inbound_mail SET status = 'HANDLED', handled_at = :at, outcome = :outcome
             WHERE message_key = :key AND status = 'STORED'""")
    int markHandled(@Bind("key") String key, @Bind("outcome") String outcome, @Bind("at") Instant at);

    @SqlUpdate("UPDATE inbound_mail SET outcome = :outcome WHERE message_key = :key")
    void setOutcome(@Bind("key") String key, @Bind("outcome") String outcome);
}
