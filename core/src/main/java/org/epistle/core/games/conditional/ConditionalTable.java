package org.epistle.core.games.conditional;

import java.time.Instant;
import java.util.List;
import org.epistle.core.games.Tables;
import org.epistle.core.rules.board.Side;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The stored conditional lines, one row per pair; read and written inside the caller's transaction. */
public interface ConditionalTable {

    @SqlUpdate("DELETE FROM conditional_pairs WHERE game_id = :game AND side = :side")
    int clear(@Bind("game") long gameId, @Bind("side") Side side);

    @SqlUpdate("""
            INSERT INTO conditional_pairs (game_id, side, seq, expected, reply, queued_at)
            VALUES (:game, :side, :seq, :expected, :reply, :at)""")
    void insert(@Bind("game") long gameId, @Bind("side") Side side, @Bind("seq") int seq,
                @Bind("expected") String expected, @Bind("reply") String reply, @Bind("at") Instant at);

    /** A side's line in a game; the empty line when none is queued. */
    static ConditionalLine line(Handle h, long gameId, Side side) {
        return new ConditionalLine(h.createQuery("""
                        SELECT expected, reply FROM conditional_pairs WHERE game_id = :game AND side = :side ORDER BY seq""")
                .bind("game", gameId).bind("side", side.name())
                .map((rs, ctx) -> new ConditionalLine.Pair(rs.getString("expected"), rs.getString("reply")))
                .list());
    }

    /** Replaces a side's line (an empty line clears it). */
    static void store(Handle h, long gameId, Side side, ConditionalLine line, Instant at) {
        ConditionalTable t = Tables.attach(h, ConditionalTable.class);
        t.clear(gameId, side);
        List<ConditionalLine.Pair> pairs = line.pairs();
        for (int i = 0; i < pairs.size(); i++) {
            t.insert(gameId, side, i + 1, pairs.get(i).expected(), pairs.get(i).reply(), at);
        }
    }
}
