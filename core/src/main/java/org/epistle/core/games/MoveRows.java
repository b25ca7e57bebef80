package org.epistle.core.games;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.jdbi.v3.core.Handle;

import static org.epistle.core.games.PlainStatements.run;
import static org.epistle.core.games.PlainStatements.text;

/**
 * The statements of a move's transaction, run on the handle's JDBC connection itself. A move is the server's most
 * frequent write, and Jdbi's machinery around a statement (attaching a table object per transaction, a statement
 * context, argument factories, mappers) cost more than H2 took to run the statement: about a fifth of a web move's
 * samples. Each statement here is the one its table object ran before, with the arguments bound as Jdbi bound them
 * (an {@link Instant} as {@link Timestamp#from}, an enum by name), so the rows are the same on both engines. The
 * connection's database keeps each prepared statement between transactions (H2's session cache, see {@link H2Pool};
 * PostgreSQL's driver prepares a statement on the server after a few uses).
 */
final class MoveRows {
    private MoveRows() {
    }

    private static final String GAME = "SELECT " + GameTable.COLUMNS + " FROM games WHERE id = ?";

    /** The game's row, as {@link GameTable#byId} reads it. */
    static Optional<GameRow> game(Handle h, long id) {
        return run(h, GAME, c -> {
            try (PreparedStatement s = c.prepareStatement(GAME)) {
                s.setLong(1, id);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Optional.of(GameRow.read(rs)) : Optional.<GameRow>empty();
                }
            }
        });
    }

    // last_turn_at: a turn is written in the same transaction exactly when turns_played grows, at updatedAt
    private static final String UPDATE_GAME = """
            UPDATE games
               SET state = ?, result = ?, termination = ?, fen = ?, turns_played = ?, draw_offered_by = ?, updated_at = ?,
                   end_reason = ?, last_turn_at = CASE WHEN ? > turns_played THEN ? ELSE last_turn_at END
             WHERE id = ? AND turns_played = ? AND state = ? AND draw_offered_by IS NOT DISTINCT FROM ?""";

    /** Writes the game's next state only if the row is still as it was read ({@link GameTable#update}); 0 if not. */
    static int update(Handle h, GameRow was, GameRow next) {
        return run(h, UPDATE_GAME, c -> {
            try (PreparedStatement s = c.prepareStatement(UPDATE_GAME)) {
                s.setString(1, next.state().name());
                text(s, 2, next.result());
                text(s, 3, next.termination());
                s.setString(4, next.fen());
                s.setInt(5, next.turnsPlayed());
                text(s, 6, next.drawOfferedBy() == null ? null : next.drawOfferedBy().name());
                s.setTimestamp(7, Timestamp.from(next.updatedAt()));
                text(s, 8, next.endReason());
                s.setInt(9, next.turnsPlayed());
                s.setTimestamp(10, Timestamp.from(next.updatedAt()));
                s.setLong(11, was.id());
                s.setInt(12, was.turnsPlayed());
                s.setString(13, was.state().name());
                text(s, 14, was.drawOfferedBy() == null ? null : was.drawOfferedBy().name());
                return s.executeUpdate();
            }
        });
    }

    private static final String INSERT_TURN = """
            INSERT INTO turns (game_id, seq, turn_number, side, raw_text, notation, fen_after, played_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)""";

    /** A turn's row, as {@link TurnTable#insert} writes it. */
    static void insertTurn(Handle h, long gameId, TurnRecord t) {
        run(h, INSERT_TURN, c -> {
            try (PreparedStatement s = c.prepareStatement(INSERT_TURN)) {
                s.setLong(1, gameId);
                s.setInt(2, t.seq());
                s.setInt(3, t.turnNumber());
                s.setString(4, t.side().name());
                text(s, 5, t.rawText());
                text(s, 6, t.notation());
                text(s, 7, t.fenAfter());
                s.setTimestamp(8, Timestamp.from(t.playedAt()));
                return s.executeUpdate();
            }
        });
    }

    /**
     * Four questions a turn asks and most turns answer with no, in one statement: is the mover on leave now (a turn
     * ends it), does each player take the daily digest (no mail per turn then), does anyone observe the game, has the
     * opponent a conditional line queued. The reads that act on a yes are made only after a yes.
     */
    private static final String FACTS = """
            SELECT EXISTS (SELECT 1 FROM leave_periods
                            WHERE player_id = ? AND status = 'BOOKED' AND starts_at <= ? AND ends_at > ?),
                   EXISTS (SELECT 1 FROM digest_subscriptions WHERE player_id = ?),
                   EXISTS (SELECT 1 FROM digest_subscriptions WHERE player_id = ?),
                   EXISTS (SELECT 1 FROM observers WHERE game_id = ?),
                   EXISTS (SELECT 1 FROM conditional_pairs WHERE game_id = ? AND side = ?)""";

    static MoveFacts facts(Handle h, Game game, Side mover, Instant now) {
        return run(h, FACTS, c -> {
            try (PreparedStatement s = c.prepareStatement(FACTS)) {
                s.setLong(1, game.player(mover).id());
                s.setTimestamp(2, Timestamp.from(now));
                s.setTimestamp(3, Timestamp.from(now));
                s.setLong(4, game.white().id());
                s.setLong(5, game.black().id());
                s.setLong(6, game.id());
                s.setLong(7, game.id());
                s.setString(8, mover.opponent().name());
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    return new MoveFacts(rs.getBoolean(1), rs.getBoolean(2), rs.getBoolean(3), rs.getBoolean(4), rs.getBoolean(5));
                }
            }
        });
    }

    private static final String INSERT_MAIL = """
            INSERT INTO outbox (game_id, kind, to_name, to_address, subject, message_id, in_reply_to, references_header,
                                reply_to, model_json, status, attempts, next_attempt_at, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, ?)""";

    /** Mails into the outbox as {@link OutboxTable#INSERT} writes them, all in one JDBC batch. */
    static void insertMails(Handle h, List<Letter> letters, Instant at) {
        if (letters.isEmpty()) {
            return;
        }
        run(h, INSERT_MAIL, c -> {
            try (PreparedStatement s = c.prepareStatement(INSERT_MAIL)) {
                for (Letter letter : letters) {
                    if (letter.gameId() == 0) {
                        s.setNull(1, Types.BIGINT);
                    } else {
                        s.setLong(1, letter.gameId());
                    }
                    s.setString(2, letter.kind().name());
                    text(s, 3, letter.toName());
                    text(s, 4, letter.toAddress());
                    text(s, 5, letter.subject());
                    text(s, 6, letter.messageId());
                    text(s, 7, letter.inReplyTo());
                    s.setString(8, String.join(" ", letter.references()));
                    text(s, 9, letter.replyTo());
                    s.setString(10, MailModel.toJson(letter.model()));
                    s.setTimestamp(11, Timestamp.from(at));
                    s.setTimestamp(12, Timestamp.from(at));
                    if (letters.size() > 1) {
                        s.addBatch();
                    }
                }
                if (letters.size() > 1) {
                    s.executeBatch();
                    return letters.size();
                }
                return s.executeUpdate();
            }
        });
    }
}
