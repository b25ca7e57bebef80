package org.epistle.core.games;

import org.epistle.core.rules.board.Side;

/** A player at one side of one game, as proven by the seat's token. */
public record Seat(long gameId, Side side, Player player) {
}
