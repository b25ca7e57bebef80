package org.epistle.core.games;

import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

interface SeatTable {

    @SqlUpdate("INSERT INTO seat_tokens (game_id, side, token_hash) VALUES (:game, :side, :hash)")
    void insert(@Bind("game") long gameId, @Bind("side") Side side, @Bind("hash") String tokenHash);

    @SqlQuery("SELECT token_hash FROM seat_tokens WHERE game_id = :game AND side = :side")
    Optional<String> hash(@Bind("game") long gameId, @Bind("side") Side side);
}
