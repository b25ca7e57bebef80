package org.epistle.core.games;

import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** Each player's Xfcc password hash ({@link XfccPassword}). */
interface XfccPasswordTable {

    @SqlQuery("SELECT hash FROM xfcc_passwords WHERE player_id = :player")
    Optional<String> hashOf(@Bind("player") long playerId);

    @SqlUpdate("DELETE FROM xfcc_passwords WHERE player_id = :player")
    int forget(@Bind("player") long playerId);

    @SqlUpdate("INSERT INTO xfcc_passwords (player_id, hash, set_at) VALUES (:player, :hash, :at)")
    void insert(@Bind("player") long playerId, @Bind("hash") String hash, @Bind("at") Instant at);

    /** Sets or replaces the player's hash. */
    default void put(long playerId, String hash, Instant at) {
        forget(playerId);
        insert(playerId, hash, at);
    }
}
