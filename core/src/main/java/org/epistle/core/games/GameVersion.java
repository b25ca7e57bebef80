package org.epistle.core.games;

import java.time.Instant;
import java.util.Optional;
import org.epistle.core.rules.board.Side;

/**
 * Everything of a game's row that changes when the game does: a turn, a draw offer made or withdrawn,
 * an ending, each also moves {@code updatedAt}. Two reads with equal versions show the same game (players
 * and variant never change), so a page rendered for one version can be served for it again.
 */
public record GameVersion(long gameId, int turnsPlayed, GameState state, Optional<Side> drawOfferedBy, Instant updatedAt) {

    /** The version of the game a view shows. */
    public static GameVersion of(GameView view) {
        return new GameVersion(view.id(), view.turns().size(), view.state(), view.drawOfferedBy(), view.updatedAt());
    }
}
