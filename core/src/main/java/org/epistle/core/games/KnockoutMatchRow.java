package org.epistle.core.games;

import org.epistle.core.games.tournament.KnockoutBracket;

/**
 * A knockout match as stored: the draw's tie, the winner's seed ({@code 0} while it is being played) and
 * how it was decided ({@code BYE}, {@code GAMES}, {@code EXTRA_GAMES}, {@code LOTS}, {@code RATING},
 * {@code WITHDRAWAL}; null while it is being played).
 */
public record KnockoutMatchRow(KnockoutBracket.Tie tie, int winner, String decidedBy) {
    public boolean isDecided() {
        return winner != 0;
    }
}
