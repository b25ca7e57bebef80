package org.epistle.core.games;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The further addresses players send from, and the requests to add one that wait for a mail from it. */
interface PlayerAddressTable {

    @SqlQuery("SELECT player_id FROM player_addresses WHERE email = :email")
    Optional<Long> owner(@Bind("email") String email);

    @SqlQuery("SELECT email FROM player_addresses WHERE player_id = :player ORDER BY added_at, email")
    List<String> of(@Bind("player") long playerId);

    @SqlUpdate("INSERT INTO player_addresses (email, player_id, added_at, added_how) VALUES (:email, :player, :at, :how)")
    void add(@Bind("email") String email, @Bind("player") long playerId, @Bind("at") Instant at, @Bind("how") String how);

    @SqlUpdate("DELETE FROM player_addresses WHERE email = :email AND player_id = :player")
    int remove(@Bind("email") String email, @Bind("player") long playerId);

    @SqlUpdate("""
            INSERT INTO address_requests (code_hash, player_id, email, requested_at, expires_at)
            VALUES (:hash, :player, :email, :at, :expires)""")
    void request(@Bind("hash") String codeHash, @Bind("player") long playerId, @Bind("email") String email,
                 @Bind("at") Instant at, @Bind("expires") Instant expires);

    @SqlQuery("SELECT player_id FROM address_requests WHERE code_hash = :hash AND email = :email AND expires_at > :now")
    Optional<Long> requester(@Bind("hash") String codeHash, @Bind("email") String email, @Bind("now") Instant now);

    @SqlQuery("SELECT COUNT(*) FROM address_requests WHERE player_id = :player AND expires_at > :now")
    int waitingRequests(@Bind("player") long playerId, @Bind("now") Instant now);

    @SqlUpdate("DELETE FROM address_requests WHERE code_hash = :hash")
    int forget(@Bind("hash") String codeHash);

    /** How many mails about other senders went to this address about this game since a moment. */
    @SqlQuery("""
            SELECT COUNT(*) FROM outbox
             WHERE kind = 'OTHER_SENDER' AND to_address = :address AND game_id = :game AND created_at > :since""")
    int warningsSince(@Bind("address") String address, @Bind("game") long gameId, @Bind("since") Instant since);
}
