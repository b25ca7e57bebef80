package org.epistle.core.games;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;

/**
 * The lists of games and players that pages show, one page at a time: the database filters, sorts and cuts
 * each page on an index (V8__lists.sql), so a page costs the same at a hundred games and at a million. Counts are
 * capped: a count stops at the number it is asked about, since a page needs to know only whether there is more
 * than it shows, and a count of every row costs as much as reading them.
 *
 * <p>Each page is read in two steps: the ids of the page, by one query on one table that the index answers in
 * order, then those games' lines (names, last turn, deadline) by id. A join under an ORDER BY and LIMIT leaves
 * the engine's planner to choose between walking the index and sorting everything; the two steps leave it no such
 * choice.
 */
public final class GameLists {
    private static final String ACTIVE = "state = 'ACTIVE'";
    private static final String ENDED = "state <> 'ACTIVE'";

    private final Database db;

    GameLists(Database db) {
        this.db = db;
    }

    /**
     * What the front page may be filtered by: a variant's key (exact) and a part of a player's name (any case);
     * "" for either means no filter.
     */
    public record Filter(String variant, String player) {
        public static final Filter NONE = new Filter("", "");

        public Filter {
            variant = variant == null ? "" : variant;
            player = player == null ? "" : player;
        }

        boolean isByPlayer() {
            return !player.isEmpty();
        }
    }

    /**
     * A page of the front page's list: the games being played (most recently changed first), then the games that
     * ended (most recent first).
     *
     * @param offset how many games of the whole list come before this page
     */
    public List<GameSummary> listed(Filter filter, int offset, int limit) {
        return db.jdbi().inTransaction(h -> {
            Optional<List<Long>> few = fewPlayers(h, filter);
            if (few.isPresent() && few.get().isEmpty()) {
                return List.of(); // nobody's name holds the part
            }
            List<Long> ids = new ArrayList<>(ids(h, ACTIVE, filter, few, offset, limit));
            if (ids.size() < limit) {
                // The active games run out on this page or before it: the ended ones follow them.
                int active = ids.isEmpty() ? count(h, ACTIVE, filter, few, offset + 1) : offset + ids.size();
                ids.addAll(ids(h, ENDED, filter, few, Math.max(0, offset - active), limit - ids.size()));
            }
            return lines(h, ids);
        });
    }

    /** How many games the front page's list has under the filter, counted up to {@code atMost} and no further. */
    public int countListed(Filter filter, int atMost) {
        return db.jdbi().inTransaction(h -> {
            Optional<List<Long>> few = fewPlayers(h, filter);
            return few.isPresent() && few.get().isEmpty() ? 0 : count(h, "1 = 1", filter, few, atMost);
        });
    }

    /** A page of every game, the newest first (the admin's list). */
    public List<GameSummary> newest(int offset, int limit) {
        return db.jdbi().inTransaction(h -> lines(h, h.createQuery(NEWEST)
                .bind("limit", limit).bind("offset", offset).mapTo(Long.class).list()));
    }

    /** How many games there are, counted up to {@code atMost}. */
    public int countGames(int atMost) {
        return db.jdbi().withHandle(h -> count(h, "1 = 1", Filter.NONE, Optional.empty(), atMost));
    }

    /** A page of the players, in the order they registered. */
    public List<Player> players(int offset, int limit) {
        return db.jdbi().withHandle(h -> players(h, offset, limit));
    }

    private static List<Player> players(Handle h, int offset, int limit) {
        return h.createQuery("SELECT id, name, email FROM players ORDER BY id LIMIT :limit OFFSET :offset")
                .bind("limit", limit).bind("offset", offset)
                .map((rs, ctx) -> new Player(rs.getLong("id"), rs.getString("name"), rs.getString("email"))).list();
    }

    /** A player as the admin's list shows them: with the further addresses they may send from, oldest first. */
    public record ListedPlayer(Player player, List<String> otherAddresses) {
        public ListedPlayer {
            otherAddresses = List.copyOf(otherAddresses);
        }
    }

    /**
     * A page of the players with their further addresses, in the order they registered: two queries whatever the
     * page's size, the page of players and then all their further addresses at once (one query a player made the
     * admin's page 26 queries).
     */
    public List<ListedPlayer> playersWithAddresses(int offset, int limit) {
        return db.jdbi().inTransaction(h -> {
            List<Player> page = players(h, offset, limit);
            if (page.isEmpty()) {
                return List.of();
            }
            Map<Long, List<String>> further = new HashMap<>();
            h.createQuery("SELECT player_id, email FROM player_addresses WHERE player_id IN (<ids>) ORDER BY player_id, added_at, email")
                    .bindList("ids", page.stream().map(Player::id).toList())
                    .map((rs, ctx) -> Map.entry(rs.getLong(1), rs.getString(2)))
                    .forEach(e -> further.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue()));
            return page.stream().map(p -> new ListedPlayer(p, further.getOrDefault(p.id(), List.of()))).toList();
        });
    }

    /** How many players there are, counted up to {@code atMost}. */
    public int countPlayers(int atMost) {
        return db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM (SELECT 1 FROM players LIMIT :cap) capped")
                .bind("cap", atMost).mapTo(Integer.class).one());
    }

    /** Every game, oldest first: for tests and tools, never for a page. */
    List<GameSummary> all() {
        return db.jdbi().inTransaction(h -> lines(h, h.createQuery("SELECT id FROM games ORDER BY id").mapTo(Long.class).list()));
    }

    private static List<Long> ids(Handle h, String state, Filter filter, Optional<List<Long>> few, int offset, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        if (few.isPresent()) {
            Query q = h.createQuery(playersPageQuery(state, filter)).bindList("players", few.get())
                    .bind("limit", limit).bind("offset", offset);
            return bindVariant(q, filter).mapTo(Long.class).list();
        }
        Query q = h.createQuery(pageQuery(state, filter)).bind("limit", limit).bind("offset", offset);
        return bind(q, filter).mapTo(Long.class).list();
    }

    /**
     * How many players a name filter may match for their games to be looked up by the two side indexes
     * ({@code games_white}, {@code games_black}); past that, the list's own index is walked with the filter, and
     * the matches lie close together on it since so many players match.
     */
    static final int FEW_PLAYERS = 100;

    /** The players whose name holds the part, at most one more than {@link #FEW_PLAYERS}: on the narrow players table. */
    static final String PLAYERS_NAMED = "SELECT id FROM players WHERE LOWER(name) LIKE :name ESCAPE '!' ORDER BY id LIMIT :cap";

    /**
     * The ids of the players the filter names when they are few ({@link #FEW_PLAYERS} or fewer, maybe none); empty
     * when the filter names no player, or so many that walking the list's index with the filter is quicker. Without
     * this, a rare name made the database walk every active game and then every ended one, a million rows, to find
     * the player's dozen.
     */
    private static Optional<List<Long>> fewPlayers(Handle h, Filter filter) {
        if (!filter.isByPlayer()) {
            return Optional.empty();
        }
        List<Long> ids = h.createQuery(PLAYERS_NAMED).bind("name", namePattern(filter)).bind("cap", FEW_PLAYERS + 1)
                .mapTo(Long.class).list();
        return ids.size() > FEW_PLAYERS ? Optional.empty() : Optional.of(ids);
    }

    /**
     * The ids of one page of the list of these players' games (bound as {@code <players>}): one select a side, each
     * on its side's index, and only those games sorted. The filter's variant, if any, is applied to them; its player
     * part is in the list of players.
     */
    static String playersPageQuery(boolean active, Filter filter) {
        return playersPageQuery(active ? ACTIVE : ENDED, filter);
    }

    private static String playersPageQuery(String state, Filter filter) {
        return "SELECT id FROM " + playersGames(state, filter) + " ORDER BY updated_at DESC, id DESC LIMIT :limit OFFSET :offset";
    }

    private static String playersGames(String state, Filter filter) {
        String variant = filter.variant().isEmpty() ? "" : " AND variant = :variant";
        return "(SELECT id, updated_at FROM games WHERE white_player IN (<players>) AND " + state + variant
                + " UNION SELECT id, updated_at FROM games WHERE black_player IN (<players>) AND " + state + variant + ") mine";
    }

    /** The ids of one page of the front page's list, the active games ({@code active}) or the ended ones. */
    static String pageQuery(boolean active, Filter filter) {
        return pageQuery(active ? ACTIVE : ENDED, filter);
    }

    private static String pageQuery(String state, Filter filter) {
        return "SELECT id FROM games WHERE " + state + where(filter)
                + " ORDER BY " + leading(state, filter) + "updated_at DESC, id DESC LIMIT :limit OFFSET :offset";
    }

    /** The ids of one page of the admin's list, every game newest first (V16's index). */
    static final String NEWEST = "SELECT id FROM games ORDER BY id DESC LIMIT :limit OFFSET :offset";

    /**
     * The column the filter holds to one value, put first in the ORDER BY so that it names an index's columns from
     * the start. The order is the same (a column equal to one value does not reorder anything), but H2 walks an index
     * for an ORDER BY only when the ORDER BY begins with the index's first column: ordered by
     * {@code updated_at DESC, id DESC} alone, the active games were all read and sorted for every page (10,000 rows
     * at 100,000 games), where {@code state, updated_at DESC, id DESC} reads the page and the rows before it.
     */
    private static String leading(String state, Filter filter) {
        if (!filter.variant().isEmpty()) {
            return "variant, "; // games_variant_recent: the games of one variant, newest first
        }
        return state.equals(ACTIVE) ? "state, " : ""; // games_listed, else games_recent (the ended games among all)
    }

    private static int count(Handle h, String state, Filter filter, Optional<List<Long>> few, int atMost) {
        if (few.isPresent()) {
            Query q = h.createQuery("SELECT COUNT(*) FROM (SELECT 1 FROM " + playersGames(state, filter) + " LIMIT :cap) capped")
                    .bindList("players", few.get()).bind("cap", atMost);
            return bindVariant(q, filter).mapTo(Integer.class).one();
        }
        Query q = h.createQuery("SELECT COUNT(*) FROM (SELECT 1 FROM games WHERE " + state + where(filter) + " LIMIT :cap) capped")
                .bind("cap", atMost);
        return bind(q, filter).mapTo(Integer.class).one();
    }

    private static String where(Filter filter) {
        StringBuilder w = new StringBuilder();
        if (!filter.variant().isEmpty()) {
            w.append(" AND variant = :variant");
        }
        if (filter.isByPlayer()) {
            w.append(" AND (white_player IN (SELECT p.id FROM players p WHERE LOWER(p.name) LIKE :name ESCAPE '!')"
                    + " OR black_player IN (SELECT p.id FROM players p WHERE LOWER(p.name) LIKE :name ESCAPE '!'))");
        }
        return w.toString();
    }

    /** The filter's variant only: the list of players stands for its name part. */
    private static Query bindVariant(Query q, Filter filter) {
        return filter.variant().isEmpty() ? q : q.bind("variant", filter.variant());
    }

    private static Query bind(Query q, Filter filter) {
        if (!filter.variant().isEmpty()) {
            q.bind("variant", filter.variant());
        }
        if (filter.isByPlayer()) {
            q.bind("name", namePattern(filter));
        }
        return q;
    }

    /** A part of the name, taken literally: the pattern's own characters are escaped. */
    private static String namePattern(Filter filter) {
        String part = filter.player().toLowerCase(Locale.ROOT).replace("!", "!!").replace("%", "!%").replace("_", "!_");
        return "%" + part + "%";
    }

    /** The lines of the games with these ids, in the order of the ids. */
    private static List<GameSummary> lines(Handle h, List<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<Long, GameSummary> byId = new HashMap<>();
        h.createQuery("""
                        SELECT g.id, g.variant, g.state, g.result, g.fen, g.turns_played, g.updated_at, g.last_turn_at,
                               w.name AS white_name, b.name AS black_name,
                               t.turn_number AS last_number, t.side AS last_side, t.notation AS last_notation,
                               (SELECT MAX(d.due_at) FROM due_jobs d
                                 WHERE d.game_id = g.id AND d.status = 'PENDING' AND d.kind = 'TIMEOUT') AS deadline
                          FROM games g
                          JOIN players w ON w.id = g.white_player
                          JOIN players b ON b.id = g.black_player
                          LEFT JOIN turns t ON t.game_id = g.id AND t.seq = g.turns_played
                         WHERE g.id IN (<ids>)""")
                .bindList("ids", ids)
                .map((rs, ctx) -> {
                    String[] fen = rs.getString("fen").split(" ");
                    String variant = rs.getString("variant");
                    GameState state = GameState.valueOf(rs.getString("state"));
                    String lastNotation = rs.getString("last_notation");
                    String lastTurn = lastNotation == null ? ""
                            : TurnRecord.line(rs.getInt("last_number"), Side.valueOf(rs.getString("last_side")), lastNotation);
                    Optional<Instant> deadline = state == GameState.ACTIVE ? instant(rs.getObject("deadline", OffsetDateTime.class))
                            : Optional.empty();
                    return new GameSummary(rs.getLong("id"), variant,
                            VariantCatalog.find(variant).map(Variant::name).orElse(variant),
                            rs.getString("white_name"), rs.getString("black_name"), state,
                            fen[1].equals("w") ? Side.WHITE : Side.BLACK, Integer.parseInt(fen[5]), rs.getInt("turns_played"),
                            Optional.ofNullable(rs.getString("result")),
                            rs.getObject("updated_at", OffsetDateTime.class).toInstant(),
                            deadline.map(at -> at.atOffset(ZoneOffset.UTC).toLocalDate()),
                            lastTurn, instant(rs.getObject("last_turn_at", OffsetDateTime.class)));
                })
                .forEach(g -> byId.put(g.id(), g));
        List<GameSummary> out = new ArrayList<>(ids.size());
        for (long id : ids) {
            GameSummary g = byId.get(id);
            if (g != null) {
                out.add(g);
            }
        }
        return out;
    }

    private static Optional<Instant> instant(OffsetDateTime at) {
        return Optional.ofNullable(at).map(OffsetDateTime::toInstant);
    }
}
