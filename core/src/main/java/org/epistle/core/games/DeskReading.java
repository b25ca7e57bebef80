package org.epistle.core.games;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.epistle.core.games.clock.ClockHistory;
import org.epistle.core.games.clock.GameClock;
import org.epistle.core.games.clock.LeaveTable;
import org.epistle.core.games.conditional.ConditionalLine;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.FenException;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.jdbi.v3.core.Handle;

/**
 * What a desk shows of a player's running games, read in the same six statements whatever their number: the rows
 * (one select a side, on the side indexes), then the turns' moments, the extra time, the leave of everyone at those
 * boards, the opponents' names and the player's conditional lines, each for all the games at once. Whose move it is
 * and the turn number come from the position stored on the row (a cache the turns replay to), read as a FEN, not
 * from a replay: a desk of twenty games loaded and replayed each game with five statements of its own (about 50 ms
 * of server CPU a desk at a million games). The clock is {@link GameClock}'s arithmetic over the same history the
 * game page's clock reads ({@link ClockKeeper#history(Instant, List, List, Map)}).
 */
final class DeskReading {
    /** The player's running games, whole rows, by id. */
    static final String ACTIVE_ROWS = "SELECT " + GameTable.COLUMNS + " FROM games WHERE state = 'ACTIVE' AND white_player = :p"
            + " UNION SELECT " + GameTable.COLUMNS + " FROM games WHERE state = 'ACTIVE' AND black_player = :p ORDER BY id";

    /** One running game as the desk needs it. */
    record Running(GameRow row, Side side, Side toMove, int turnNumber, String opponentName, Optional<Instant> due,
                   ConditionalLine line) {
    }

    private DeskReading() {
    }

    /**
     * The player's running games, by id; a game whose stored position cannot be read as a FEN (none should) is
     * read whole by {@code whole}, replayed, as before.
     */
    static List<Running> of(Handle h, long playerId, Instant now, java.util.function.BiFunction<Handle, Long, Game> whole) {
        List<GameRow> rows = h.createQuery(ACTIVE_ROWS).bind("p", playerId).mapTo(GameRow.class).list();
        if (rows.isEmpty()) {
            return List.of();
        }
        List<Long> ids = rows.stream().map(GameRow::id).toList();
        Set<Long> people = new LinkedHashSet<>();
        for (GameRow r : rows) {
            people.add(r.whitePlayer());
            people.add(r.blackPlayer());
        }
        Map<Long, List<ClockHistory.Handover>> handovers = handovers(h, ids);
        Map<Long, List<ClockHistory.ExtraTime>> extras = extras(h, ids);
        Map<Long, List<LeaveTable.Leave>> leave = leave(h, people);
        Map<Long, String> names = names(h, people);
        Map<String, List<ConditionalLine.Pair>> lines = lines(h, ids);
        List<Running> out = new ArrayList<>();
        for (GameRow r : rows) {
            Optional<Position> position = position(r);
            Side toMove;
            int turnNumber;
            if (position.isPresent()) {
                toMove = position.get().sideToMove();
                turnNumber = position.get().turnNumber();
            } else {
                Position replayed = whole.apply(h, r.id()).position();
                toMove = replayed.sideToMove();
                turnNumber = replayed.turnNumber();
            }
            // one who plays both sides (a test game, a lesson) sits on the side to move
            Side side = playerOf(r, toMove) == playerId ? toMove : toMove.opponent();
            Optional<Instant> due = Optional.empty();
            if (r.control().isLimited()) {
                Map<Side, List<LeaveTable.Leave>> pauses = Map.of(
                        Side.WHITE, leave.getOrDefault(r.whitePlayer(), List.of()),
                        Side.BLACK, leave.getOrDefault(r.blackPlayer(), List.of()));
                ClockHistory history = ClockKeeper.history(r.createdAt(), handovers.getOrDefault(r.id(), List.of()),
                        extras.getOrDefault(r.id(), List.of()), pauses);
                due = GameClock.read(r.control(), history, now).deadline();
            }
            out.add(new Running(r, side, toMove, turnNumber, names.get(playerOf(r, side.opponent())), due,
                    new ConditionalLine(lines.getOrDefault(r.id() + ":" + side.name(), List.of()))));
        }
        return out;
    }

    private static long playerOf(GameRow r, Side side) {
        return side == Side.WHITE ? r.whitePlayer() : r.blackPlayer();
    }

    private static Optional<Position> position(GameRow r) {
        try {
            Ruleset rules = Ruleset.of(VariantCatalog.find(r.variant()).orElseThrow(), Armies.byKey(r.whiteArmy()).orElseThrow(),
                    Armies.byKey(r.blackArmy()).orElseThrow());
            return Optional.of(Fen.read(rules, r.fen()));
        } catch (FenException | java.util.NoSuchElementException e) {
            return Optional.empty();
        }
    }

    private static Map<Long, List<ClockHistory.Handover>> handovers(Handle h, List<Long> ids) {
        Map<Long, List<ClockHistory.Handover>> out = new HashMap<>();
        h.createQuery("""
                        SELECT game_id, seq, turn_number, side, notation, fen_after, played_at
                          FROM turns WHERE game_id IN (<ids>) ORDER BY game_id, seq""")
                .bindList("ids", ids)
                .map((rs, ctx) -> {
                    TurnRecord t = new TurnRecord(rs.getInt("seq"), rs.getInt("turn_number"), Side.valueOf(rs.getString("side")), "",
                            rs.getString("notation"), rs.getString("fen_after"), rs.getObject("played_at", OffsetDateTime.class).toInstant());
                    out.computeIfAbsent(rs.getLong("game_id"), k -> new ArrayList<>()).add(ClockKeeper.handover(t));
                    return t;
                })
                .list();
        return out;
    }

    private static Map<Long, List<ClockHistory.ExtraTime>> extras(Handle h, List<Long> ids) {
        Map<Long, List<ClockHistory.ExtraTime>> out = new HashMap<>();
        h.createQuery("SELECT game_id, side, seconds, granted_at FROM extra_time WHERE game_id IN (<ids>) ORDER BY granted_at, id")
                .bindList("ids", ids)
                .map((rs, ctx) -> out.computeIfAbsent(rs.getLong("game_id"), k -> new ArrayList<>()).add(new ClockHistory.ExtraTime(
                        Side.valueOf(rs.getString("side")), java.time.Duration.ofSeconds(rs.getLong("seconds")),
                        rs.getObject("granted_at", OffsetDateTime.class).toInstant())))
                .list();
        return out;
    }

    /** Each player's booked leave, by player. */
    private static Map<Long, List<LeaveTable.Leave>> leave(Handle h, Set<Long> players) {
        Map<Long, List<LeaveTable.Leave>> out = new HashMap<>();
        h.createQuery("""
                        SELECT id, player_id, starts_at, ends_at FROM leave_periods
                         WHERE player_id IN (<players>) AND status = 'BOOKED' ORDER BY starts_at""")
                .bindList("players", List.copyOf(players))
                .map((rs, ctx) -> out.computeIfAbsent(rs.getLong("player_id"), k -> new ArrayList<>()).add(new LeaveTable.Leave(
                        rs.getLong("id"), rs.getLong("player_id"), rs.getObject("starts_at", OffsetDateTime.class).toInstant(),
                        rs.getObject("ends_at", OffsetDateTime.class).toInstant())))
                .list();
        return out;
    }

    private static Map<Long, String> names(Handle h, Set<Long> players) {
        Map<Long, String> out = new HashMap<>();
        h.createQuery("SELECT id, name FROM players WHERE id IN (<players>)")
                .bindList("players", List.copyOf(players))
                .map((rs, ctx) -> out.put(rs.getLong("id"), rs.getString("name")))
                .list();
        return out;
    }

    /** The conditional lines of both sides of the games, by "game:SIDE". */
    private static Map<String, List<ConditionalLine.Pair>> lines(Handle h, List<Long> ids) {
        Map<String, List<ConditionalLine.Pair>> out = new HashMap<>();
        h.createQuery("SELECT game_id, side, expected, reply FROM conditional_pairs WHERE game_id IN (<ids>) ORDER BY game_id, side, seq")
                .bindList("ids", ids)
                .map((rs, ctx) -> out.computeIfAbsent(rs.getLong("game_id") + ":" + rs.getString("side"), k -> new ArrayList<>())
                        .add(new ConditionalLine.Pair(rs.getString("expected"), rs.getString("reply"))))
                .list();
        return out;
    }
}
