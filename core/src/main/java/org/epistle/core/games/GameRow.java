package org.epistle.core.games;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import org.epistle.core.rules.board.Side;

/**
 * A row of the games table, as stored; nullable columns are null here and Optional in the public views. The start
 * position (V11, null for the variant's own array) comes with the row, so reading a game whole asks for its row once.
 */
record GameRow(
        long id,
        String variant,
        String whiteArmy,
        String blackArmy,
        long whitePlayer,
        long blackPlayer,
        GameState state,
        String result,
        String termination,
        String fen,
        int turnsPlayed,
        Side drawOfferedBy,
        String rootMessageId,
        Instant createdAt,
        Instant updatedAt,
        String endReason,
        String timeControl,
        String startFen) {

    /** Reads a row (Jdbi maps only public records by constructor, and this one is internal). */
    static GameRow read(ResultSet rs) throws SQLException {
        String offer = rs.getString("draw_offered_by");
        return new GameRow(rs.getLong("id"), rs.getString("variant"), rs.getString("white_army"), rs.getString("black_army"),
                rs.getLong("white_player"), rs.getLong("black_player"), GameState.valueOf(rs.getString("state")),
                rs.getString("result"), rs.getString("termination"), rs.getString("fen"), rs.getInt("turns_played"),
                offer == null ? null : Side.valueOf(offer), rs.getString("root_message_id"),
                rs.getObject("created_at", java.time.OffsetDateTime.class).toInstant(),
                rs.getObject("updated_at", java.time.OffsetDateTime.class).toInstant(),
                rs.getString("end_reason"), rs.getString("time_control"), rs.getString("start_fen"));
    }

    /** The game's time control, read from its stored spec. */
    org.epistle.core.games.clock.TimeControl control() {
        return org.epistle.core.games.clock.TimeControl.parse(timeControl);
    }

    boolean isActive() {
        return state == GameState.ACTIVE;
    }

    /** After a turn: the new position, one more turn, and an open draw offer by the opponent lapsed. */
    GameRow played(String fenAfter, Side mover, Instant at) {
        Side offer = drawOfferedBy == mover ? drawOfferedBy : null;
        return new GameRow(id, variant, whiteArmy, blackArmy, whitePlayer, blackPlayer, state, result, termination,
                fenAfter, turnsPlayed + 1, offer, rootMessageId, createdAt, at, endReason, timeControl, startFen);
    }

    GameRow finished(String result, String termination, Instant at) {
        return new GameRow(id, variant, whiteArmy, blackArmy, whitePlayer, blackPlayer, GameState.FINISHED, result,
                termination, fen, turnsPlayed, null, rootMessageId, createdAt, at, endReason, timeControl, startFen);
    }

    /** Ended by the admin: adjudicated ({@link GameState#FINISHED} with a result) or aborted (no result), for a reason. */
    GameRow ended(GameState state, String result, String termination, String reason, Instant at) {
        return new GameRow(id, variant, whiteArmy, blackArmy, whitePlayer, blackPlayer, state, result,
                termination, fen, turnsPlayed, null, rootMessageId, createdAt, at, reason, timeControl, startFen);
    }

    GameRow withDrawOffer(Side by, Instant at) {
        return new GameRow(id, variant, whiteArmy, blackArmy, whitePlayer, blackPlayer, state, result, termination,
                fen, turnsPlayed, by, rootMessageId, createdAt, at, endReason, timeControl, startFen);
    }
}
