package org.epistle.core.games;

import java.util.List;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

@RegisterConstructorMapper(TurnRecord.class)
interface TurnTable {

    @SqlUpdate("""
            INSERT INTO turns (game_id, seq, turn_number, side, raw_text, notation, fen_after, played_at)
            VALUES (:game, :t.seq, :t.turnNumber, :t.side, :t.rawText, :t.notation, :t.fenAfter, :t.playedAt)""")
    void insert(@Bind("game") long gameId, @BindMethods("t") TurnRecord turn);

    @SqlQuery("""
            SELECT seq, turn_number, side, raw_text, notation, fen_after, played_at
              FROM turns WHERE game_id = :game ORDER BY seq""")
    List<TurnRecord> of(@Bind("game") long gameId);
}
