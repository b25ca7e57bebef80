package org.epistle.core.games;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/**
 * The players this process read recently, by id. A player's id, name and address never change once stored (a
 * second address goes to its own table), and ids are never given again, so a player read once is that player for
 * good: a game read afresh (a game page, a move in a game nobody touched for a while) asks the database for its row
 * and its turns, not for its two players each time. Bounded, least recently used first out.
 */
final class KnownPlayers {
    private static final int REMEMBERED = 4096;

    private final Map<Long, Player> players = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Player> eldest) {
            return size() > REMEMBERED;
        }
    };

    /** A player read with something else (a game's row): known from now on without a statement of its own. */
    void know(Player player) {
        synchronized (players) {
            players.put(player.id(), player);
        }
    }

    /** The player with this id, as the transaction of {@code h} reads it the first time. */
    Player get(Handle h, long id) {
        synchronized (players) {
            Player known = players.get(id);
            if (known != null) {
                return known;
            }
        }
        Player read = Tables.attach(h, PlayerTable.class).get(id);
        synchronized (players) {
            players.put(id, read);
        }
        return read;
    }
}
