package org.epistle.core.games;

import java.util.Optional;

/** One of a player's games, for their PGN: the game, and the tournament and round it was played in, if any. */
public record PlayerGame(long gameId, Optional<String> tournament, Optional<Integer> round) {
}
