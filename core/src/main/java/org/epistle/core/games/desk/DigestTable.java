package org.epistle.core.games.desk;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** Who takes the daily digest and when, and which days' digests are written. */
public interface DigestTable {

    @SqlQuery("SELECT at_minute FROM digest_subscriptions WHERE player_id = :player")
    Optional<Integer> minuteOf(@Bind("player") long playerId);

    @SqlUpdate("DELETE FROM digest_subscriptions WHERE player_id = :player")
    int unsubscribe(@Bind("player") long playerId);

    @SqlUpdate("INSERT INTO digest_subscriptions (player_id, at_minute, created_at) VALUES (:player, :minute, :at)")
    void insert(@Bind("player") long playerId, @Bind("minute") int minuteOfDay, @Bind("at") Instant at);

    /** Switches the digest on, or moves it to another time of day. */
    default void subscribe(long playerId, int minuteOfDay, Instant at) {
        unsubscribe(playerId);
        insert(playerId, minuteOfDay, at);
    }

    /** Players whose digest time of the day has come and whose digest of the day is not written yet. */
    @SqlQuery("""
            SELECT s.player_id FROM digest_subscriptions s
             WHERE s.at_minute <= :minute
               AND NOT EXISTS (SELECT 1 FROM digests_sent d WHERE d.player_id = s.player_id AND d.digest_day = :day)
             ORDER BY s.player_id""")
    List<Long> due(@Bind("day") LocalDate day, @Bind("minute") int minuteOfDay);

    /** Claims a player's digest of a day; a second claim breaks the key, and its transaction is rolled back. */
    @SqlUpdate("INSERT INTO digests_sent (player_id, digest_day, to_play, sent_at) VALUES (:player, :day, :games, :at)")
    void claim(@Bind("player") long playerId, @Bind("day") LocalDate day, @Bind("games") int games, @Bind("at") Instant at);

    @SqlQuery("SELECT COUNT(*) FROM digests_sent WHERE player_id = :player")
    int sentTo(@Bind("player") long playerId);
}
