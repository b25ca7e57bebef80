package org.epistle.web.pages;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.GameVersion;

/**
 * The public page of the games shown recently, each kept with the version of the game it shows. A request
 * asks the database only for the game's version (one row by key) and renders the page again only when the
 * game has changed since: reading and replaying the game and rendering its page cost many times that.
 */
final class PageCache {
    private static final int REMEMBERED = 256;

    private record Page(GameVersion version, String html) {
    }

    private final Map<Long, Page> pages = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Page> eldest) {
            return size() > REMEMBERED;
        }
    };

    /** The page kept for exactly this version of the game, if any. */
    synchronized Optional<String> get(GameVersion version) {
        Page p = pages.get(version.gameId());
        return p != null && p.version().equals(version) ? Optional.of(p.html()) : Optional.empty();
    }

    /** Whether a page of the game is kept, for whichever version. */
    synchronized boolean holds(long gameId) {
        return pages.containsKey(gameId);
    }

    synchronized void put(GameVersion version, String html) {
        pages.put(version.gameId(), new Page(version, html));
    }
}
