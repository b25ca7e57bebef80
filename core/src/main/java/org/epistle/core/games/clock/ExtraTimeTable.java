package org.epistle.core.games.clock;

import java.time.Instant;
import java.util.List;
import org.epistle.core.rules.board.Side;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** Extra time the admin gave (V4__clocks.sql). */
@RegisterConstructorMapper(ExtraTimeTable.Grant.class)
public interface ExtraTimeTable {

    record Grant(Side side, long seconds, Instant grantedAt, String reason) {
        public ClockHistory.ExtraTime extraTime() {
            return new ClockHistory.ExtraTime(side, java.time.Duration.ofSeconds(seconds), grantedAt);
        }
    }

    @SqlUpdate("""
            INSERT INTO extra_time (game_id, side, seconds, granted_at, reason)
            VALUES (:game, :side, :seconds, :at, :reason)""")
    void insert(@Bind("game") long gameId, @Bind("side") Side side, @Bind("seconds") long seconds, @Bind("at") Instant at,
                @Bind("reason") String reason);

    @SqlQuery("SELECT side, seconds, granted_at, reason FROM extra_time WHERE game_id = :game ORDER BY granted_at, id")
    List<Grant> of(@Bind("game") long gameId);
}
