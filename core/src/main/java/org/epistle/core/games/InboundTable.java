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
            INSERT INTO inbound_mail (message_key, raw_message, size_bytes, kept, header_only, received_at, status)
            VALUES (:key, :raw, :size, :kept, :headerOnly, :at, 'STORED')""")
    void insert(@Bind("key") String key, @Bind("raw") byte[] raw, @Bind("size") long size, @Bind("kept") String kept,
                @Bind("headerOnly") String headerOnly, @Bind("at") Instant at);

    default void insert(String key, InboundCopy copy, Instant at) {
        insert(key, copy.bytes(), copy.size(), copy.isHeaderOnly() ? "HEADER" : "WHOLE",
                copy.headerOnlyBecause().orElse(null), at);
    }

    @SqlQuery("SELECT message_key FROM inbound_mail WHERE status = 'STORED' ORDER BY received_at, id")
    List<String> unhandled();

    @SqlQuery("SELECT raw_message FROM inbound_mail WHERE message_key = :key AND raw_message IS NOT NULL")
    Optional<byte[]> raw(@Bind("key") String key);

    /** What is kept of the mail, as {@link InboundCopy}'s parts; none once its bytes were dropped. */
    @SqlQuery("""
            SELECT raw_message, size_bytes, header_only FROM inbound_mail
             WHERE message_key = :key AND raw_message IS NOT NULL""")
    @org.jdbi.v3.sqlobject.statement.UseRowMapper(CopyMapper.class)
    Optional<InboundCopy> copy(@Bind("key") String key);

    final class CopyMapper implements org.jdbi.v3.core.mapper.RowMapper<InboundCopy> {
        @Override
        public InboundCopy map(java.sql.ResultSet rs, org.jdbi.v3.core.statement.StatementContext ctx) throws java.sql.SQLException {
            byte[] bytes = rs.getBytes("raw_message");
            long size = rs.getLong("size_bytes");
            return new InboundCopy(bytes, rs.wasNull() ? bytes.length : size, Optional.ofNullable(rs.getString("header_only")));
        }
    }

    /**
     * Drops the bytes of up to {@code limit} mails handled before {@code cutoff}, oldest first; their keys and
     * outcomes stay. Returns how many. Safe on several instances at once: a row whose bytes are gone no longer matches.
     */
    @SqlUpdate("""
            UPDATE inbound_mail SET raw_message = NULL, kept = 'NONE'
             WHERE id IN (SELECT id FROM inbound_mail
                           WHERE kept IN ('WHOLE', 'HEADER') AND status = 'HANDLED' AND handled_at <= :cutoff
                           ORDER BY handled_at FETCH FIRST :limit ROWS ONLY)
               AND kept <> 'NONE'""")
    int dropBytes(@Bind("cutoff") Instant cutoff, @Bind("limit") int limit);

    // Marking a mail handled and recording its outcome are InboundLedger's plain statements (claim, record).
}
