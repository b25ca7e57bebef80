package org.epistle.core.games;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.GetGeneratedKeys;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The games table; rows are read by {@link GameRow#read}, registered in {@link Database}. */
interface GameTable {
    String COLUMNS = """
            id, variant, white_army, black_army, white_player, black_player, state, result, termination, fen,
            turns_played, draw_offered_by, root_message_id, created_at, updated_at, end_reason, time_control, start_fen""";

    @SqlUpdate("""
            INSERT INTO games (variant, white_army, black_army, white_player, black_player, state, fen, turns_played,
                               root_message_id, created_at, updated_at, time_control)
            VALUES (:variant, :whiteArmy, :blackArmy, :white, :black, 'ACTIVE', :fen, 0, '', :at, :at, :timeControl)""")
    @GetGeneratedKeys("id")
    long insert(@Bind("variant") String variant, @Bind("whiteArmy") String whiteArmy, @Bind("blackArmy") String blackArmy,
                @Bind("white") long whitePlayer, @Bind("black") long blackPlayer, @Bind("fen") String fen, @Bind("at") Instant at,
                @Bind("timeControl") String timeControl);

    @SqlUpdate("UPDATE games SET root_message_id = :root WHERE id = :id")
    void setRoot(@Bind("id") long id, @Bind("root") String rootMessageId);

    @SqlQuery("SELECT " + COLUMNS + " FROM games WHERE id = :id")
    Optional<GameRow> byId(@Bind("id") long id);


    /** The final state of an imported record, written once, right after its turns. */
    @SqlUpdate("""
            UPDATE games SET state = :state, result = :result, termination = :termination, fen = :fen,
                             turns_played = :turnsPlayed, updated_at = :at
             WHERE id = :id AND turns_played = 0""")
    int archived(@Bind("id") long id, @Bind("state") GameState state, @Bind("result") String result,
                 @Bind("termination") String termination, @Bind("fen") String fen, @Bind("turnsPlayed") int turnsPlayed,
                 @Bind("at") Instant at);

    @SqlUpdate("UPDATE games SET start_fen = :fen WHERE id = :id")
    void setStartFen(@Bind("id") long id, @Bind("fen") String fen);

    @SqlQuery("SELECT " + COLUMNS + " FROM games ORDER BY id")
    List<GameRow> all();

    /**
     * Writes the game's next state only if the row is still what it was read as; 0 means another
     * submission changed the game first.
     */
    default int update(GameRow was, GameRow next) {
        return update(was.id(), was.turnsPlayed(), was.state(), was.drawOfferedBy(),
                next.state(), next.result(), next.termination(), next.fen(), next.turnsPlayed(), next.drawOfferedBy(), next.updatedAt(), next.endReason());
    }

    // last_turn_at: a turn is written in the same transaction exactly when turns_played grows, at updatedAt
    @SqlUpdate("""
            UPDATE games
               SET state = :state, result = :result, termination = :termination, fen = :fen,
                   turns_played = :turnsPlayed, draw_offered_by = :drawOfferedBy, updated_at = :updatedAt,
                   end_reason = :endReason,
                   last_turn_at = CASE WHEN :turnsPlayed > turns_played THEN :updatedAt ELSE last_turn_at END
             WHERE id = :id AND turns_played = :wasTurnsPlayed AND state = :wasState
               AND draw_offered_by IS NOT DISTINCT FROM :wasDrawOfferedBy""")
    int update(@Bind("id") long id, @Bind("wasTurnsPlayed") int wasTurnsPlayed, @Bind("wasState") GameState wasState,
               @Bind("wasDrawOfferedBy") Side wasDrawOfferedBy, @Bind("state") GameState state, @Bind("result") String result,
               @Bind("termination") String termination, @Bind("fen") String fen, @Bind("turnsPlayed") int turnsPlayed,
               @Bind("drawOfferedBy") Side drawOfferedBy, @Bind("updatedAt") Instant updatedAt, @Bind("endReason") String endReason);
}
