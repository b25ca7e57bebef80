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
            List<Long> ids = new ArrayList<>(ids(h, ACTIVE, filter, offset, limit));
            if (ids.size() < limit) {
                // The active games run out on this page or before it: the ended ones follow them.
                int active = ids.isEmpty() ? count(h, ACTIVE, filter, offset + 1) : offset + ids.size();
                ids.addAll(ids(h, ENDED, filter, Math.max(0, offset - active), limit - ids.size()));
            }
            return lines(h, ids);
        });
    }

    /** How many games the front page's list has under the filter, counted up to {@code atMost} and no further. */
    public int countListed(Filter filter, int atMost) {
        return db.jdbi().withHandle(h -> count(h, "1 = 1", filter, atMost));
    }

    /** A page of every game, the newest first (the admin's list). */
    public List<GameSummary> newest(int offset, int limit) {
        return db.jdbi().inTransaction(h -> lines(h, h.createQuery(NEWEST)
                .bind("limit", limit).bind("offset", offset).mapTo(Long.class).list()));
    }

    /** How many games there are, counted up to {@code atMost}. */
    public int countGames(int atMost) {
        return db.jdbi().withHandle(h -> count(h, "1 = 1", Filter.NONE, atMost));
    }

    /** A page of the players, in the order they registered. */
    public List<Player> players(int offset, int limit) {
        return db.jdbi().withHandle(h -> h.createQuery("SELECT id, name, email FROM players ORDER BY id LIMIT :limit OFFSET :offset")
                .bind("limit", limit).bind("offset", offset)
                .map((rs, ctx) -> new Player(rs.getLong("id"), rs.getString("name"), rs.getString("email"))).list());
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

    private static List<Long> ids(Handle h, String state, Filter filter, int offset, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        Query q = h.createQuery(pageQuery(state, filter)).bind("limit", limit).bind("offset", offset);
        return bind(q, filter).mapTo(Long.class).list();
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

    private static int count(Handle h, String state, Filter filter, int atMost) {
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

    private static Query bind(Query q, Filter filter) {
        if (!filter.variant().isEmpty()) {
            q.bind("variant", filter.variant());
        }
        if (filter.isByPlayer()) {
            // a part of the name, taken literally: the pattern's own characters are escaped
            String part = filter.player().toLowerCase(Locale.ROOT).replace("!", "!!").replace("%", "!%").replace("_", "!_");
            q.bind("name", "%" + part + "%");
        }
        return q;
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
