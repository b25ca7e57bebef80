package org.epistle.core.games;

import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

interface SeatTable {

    @SqlUpdate("INSERT INTO seat_tokens (game_id, side, token_hash) VALUES (:game, :side, :hash)")
    void insert(@Bind("game") long gameId, @Bind("side") Side side, @Bind("hash") String tokenHash);

    /** Both seats of a game with their token hashes and players, in one query; none for an unknown game. */
    String SEATS = """
            SELECT s.side, s.token_hash, p.id, p.name, p.email
              FROM seat_tokens s
              JOIN games g ON g.id = s.game_id
              JOIN players p ON p.id = CASE s.side WHEN 'WHITE' THEN g.white_player ELSE g.black_player END
             WHERE s.game_id = :game""";

    /** Reads {@link #SEATS}; a plain statement, as a mapper class would have to be public for Jdbi to build it. */
    static java.util.List<StoredSeat> seats(org.jdbi.v3.core.Handle h, long gameId) {
        return h.createQuery(SEATS).bind("game", gameId)
                .map((rs, ctx) -> new StoredSeat(Side.valueOf(rs.getString("side")), rs.getString("token_hash"),
                        new Player(rs.getLong("id"), rs.getString("name"), rs.getString("email"))))
                .list();
    }

    /** A seat as stored: its side, the hash of its token, and who sits there. */
    record StoredSeat(Side side, String tokenHash, Player player) {
    }

    @SqlQuery("SELECT token_hash FROM seat_tokens WHERE game_id = :game AND side = :side")
    Optional<String> hash(@Bind("game") long gameId, @Bind("side") Side side);
}
