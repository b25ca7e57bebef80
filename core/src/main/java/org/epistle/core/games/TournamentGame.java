package org.epistle.core.games;

import org.epistle.core.games.tournament.GameResult;
import org.epistle.core.games.tournament.Outcome;

/** A game a tournament made: the game, its round, the pairing numbers of White and Black, and how it counts. */
public record TournamentGame(long gameId, int round, int white, int black, Outcome outcome) {
    public GameResult result() {
        return GameResult.of(round, white, black, outcome);
    }
}
