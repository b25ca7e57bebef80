package org.epistle.core.games;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * The games this process read or changed recently, each with the row it was read or written with. A
 * game is read again only when its row is no longer exactly that row: every change of a game changes
 * its row (a turn adds to {@code turns_played}, anything else moves {@code updated_at}), the turns of a
 * row are fixed once written and players never change. So a move reads one row, not the players, every
 * turn and a replay; and nothing is trusted that another process, or a rolled-back transaction, did.
 */
final class KeptGames {
    private static final int REMEMBERED = 512;

    private final Replayer replayer;
    private final KnownPlayers players = new KnownPlayers();
    private final Map<Long, Game> games = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Game> eldest) {
            return size() > REMEMBERED;
        }
    };

    KeptGames(Replayer replayer) {
        this.replayer = replayer;
    }

    /** The game as the transaction of {@code h} sees it. */
    Optional<Game> load(Handle h, long id) {
        return Tables.attach(h, GameTable.class).byId(id).map(row -> game(h, row));
    }

    /**
     * The row with both players' names and addresses, in one statement: the players come with the row, not each in a
     * statement of its own when this process has not met them (at a million games and ten thousand players most pages
     * showed a game of someone not among the players it keeps).
     */
    static final String ROW_WITH_PLAYERS = "SELECT r.*, w.name AS white_name, w.email AS white_email, b.name AS black_name,"
            + " b.email AS black_email FROM (SELECT " + GameTable.COLUMNS + " FROM games WHERE id = :id) r"
            + " JOIN players w ON w.id = r.white_player JOIN players b ON b.id = r.black_player";

    /**
     * The game as the transaction of {@code h} sees it, for its page: as {@link #load}, the players read with the row.
     * A page is the read that meets games nobody asked for lately; each statement saved is a round trip to the
     * database server, which on PostgreSQL under a loaded machine waits for that server's process to be scheduled.
     */
    Optional<Game> forPage(Handle h, long id) {
        return pageRow(h, id).map(row -> game(h, row));
    }

    /** The row a page reads, its players with it and known from then on; {@link #game} reads the rest when needed. */
    Optional<GameRow> pageRow(Handle h, long id) {
        return h.createQuery(ROW_WITH_PLAYERS).bind("id", id).map((rs, ctx) -> {
            GameRow row = GameRow.read(rs);
            players.know(new Player(row.whitePlayer(), rs.getString("white_name"), rs.getString("white_email")));
            players.know(new Player(row.blackPlayer(), rs.getString("black_name"), rs.getString("black_email")));
            return row;
        }).findOne();
    }

    /**
     * The game as the transaction of {@code h} sees it, for a command that will change it: as {@link #load}, with the
     * row read by plain JDBC ({@link MoveRows#game}), the first statement of every move.
     */
    Optional<Game> forMove(Handle h, long id) {
        return MoveRows.game(h, id).map(row -> game(h, row));
    }

    /** The kept game when the row is the one it was kept with; otherwise the game read and replayed, and kept. */
    Game game(Handle h, GameRow row) {
        synchronized (games) {
            Game kept = games.get(row.id());
            if (kept != null && kept.row().equals(row)) {
                return kept;
            }
        }
        Game game = Game.load(h, row, replayer, players);
        keep(game);
        return game;
    }

    /**
     * The game of {@code row} to be shown only: the kept game when the row is the one it was kept with, otherwise the
     * game with only its last turn judged again ({@link Game#shown}), which is not kept, so no command ever judges a
     * turn on a position without its history; replayed (and kept) when that does not give the row's position.
     */
    Game shown(Handle h, GameRow row) {
        synchronized (games) {
            Game kept = games.get(row.id());
            if (kept != null && kept.row().equals(row)) {
                return kept;
            }
        }
        return Game.shown(h, row, players, replayer).orElseGet(() -> game(h, row));
    }

    /** Keeps a game as a committed transaction wrote it; call only after the commit. */
    void keep(Game game) {
        synchronized (games) {
            games.put(game.id(), game);
        }
    }
}
