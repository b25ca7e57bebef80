package org.epistle.core.games.clock;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.GetGeneratedKeys;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** Players' leave and time zones (V4__clocks.sql). */
@RegisterConstructorMapper(LeaveTable.Leave.class)
public interface LeaveTable {

    /** A booked leave: the clock of every game of the player stands still from {@code startsAt} to {@code endsAt}. */
    record Leave(long id, long playerId, Instant startsAt, Instant endsAt) {
        public LeavePolicy.Period period() {
            return new LeavePolicy.Period(startsAt, endsAt);
        }

        public boolean isUnderWay(Instant at) {
            return !at.isBefore(startsAt) && at.isBefore(endsAt);
        }
    }

    @SqlUpdate("""
            INSERT INTO leave_periods (player_id, starts_at, ends_at, booked_at, status)
            VALUES (:player, :from, :until, :at, 'BOOKED')""")
    @GetGeneratedKeys("id")
    long book(@Bind("player") long playerId, @Bind("from") Instant from, @Bind("until") Instant until, @Bind("at") Instant at);

    @SqlQuery("""
            SELECT id, player_id, starts_at, ends_at FROM leave_periods
             WHERE player_id = :player AND status = 'BOOKED' ORDER BY starts_at""")
    List<Leave> booked(@Bind("player") long playerId);

    /** The booked leave of the two players of a game (one statement for both; the same player twice is read once). */
    @SqlQuery("""
            SELECT id, player_id, starts_at, ends_at FROM leave_periods
             WHERE player_id IN (:white, :black) AND status = 'BOOKED' ORDER BY starts_at""")
    List<Leave> bookedOfBoth(@Bind("white") long whitePlayer, @Bind("black") long blackPlayer);

    @SqlQuery("SELECT id, player_id, starts_at, ends_at FROM leave_periods WHERE id = :id AND status = 'BOOKED'")
    Optional<Leave> byId(@Bind("id") long id);

    /** Ends a leave under way at a moment (a turn sent, or the player cancelled it). */
    @SqlUpdate("UPDATE leave_periods SET ends_at = :at WHERE id = :id AND starts_at < :at AND ends_at > :at")
    int endAt(@Bind("id") long id, @Bind("at") Instant at);

    @SqlUpdate("UPDATE leave_periods SET status = 'CANCELLED' WHERE id = :id")
    void cancel(@Bind("id") long id);

    @SqlQuery("SELECT time_zone FROM players WHERE id = :player")
    Optional<String> timeZone(@Bind("player") long playerId);

    @SqlUpdate("UPDATE players SET time_zone = :zone WHERE id = :player")
    void setTimeZone(@Bind("player") long playerId, @Bind("zone") String zone);
}
