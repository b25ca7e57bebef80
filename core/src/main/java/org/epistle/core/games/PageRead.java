package org.epistle.core.games;

/**
 * A game's public page as {@link GameService#readForPage} found it, in one read: a page the caller rendered already
 * for the game's version as it is now, or the game and its clock, read to render it anew.
 */
public sealed interface PageRead permits PageRead.Kept, PageRead.Read {

    /** The page rendered before for the version the game still has. */
    record Kept(String page) implements PageRead {
    }

    /** The game and its clock, for a page to render, and the version that page shows. */
    record Read(GameVersion version, TimedGame game) implements PageRead {
    }
}
