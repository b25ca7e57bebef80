package org.epistle.core.games;

/** A rated game from one player's side: the opponent, their colour, the result, and their rating before and after. */
public record RatedGame(long gameId, String opponent, boolean asWhite, String result, double before, double after) {
}
