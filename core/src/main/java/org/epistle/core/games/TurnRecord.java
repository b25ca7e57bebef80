package org.epistle.core.games;

import java.time.Instant;
import org.epistle.core.rules.board.Side;

/**
 * One turn as stored: its place in the game ({@code seq} counts from 1), the player's text as
 * sent, the turn in the game's notation and the position after it.
 */
public record TurnRecord(int seq, int turnNumber, Side side, String rawText, String notation, String fenAfter, Instant playedAt) {

    /** {@code 12. Nf3/e4} for White, {@code 12... Nc6/d5} for Black. */
    public String line() {
        return line(turnNumber, side, notation);
    }

    /** The line of a turn known only by its number, side and notation (a list reads no more of it). */
    static String line(int turnNumber, Side side, String notation) {
        return turnNumber + (side == Side.WHITE ? ". " : "... ") + notation;
    }
}
