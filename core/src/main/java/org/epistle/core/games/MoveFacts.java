package org.epistle.core.games;

import org.epistle.core.rules.board.Side;

/**
 * What an accepted turn must know besides the game row, read in one statement ({@link MoveRows#facts}): most turns
 * find every answer no, and then read nothing more.
 *
 * @param moverOnLeave     the mover has booked leave under way now (the turn ends it)
 * @param whiteTakesDigest White takes the daily digest, so no mail per turn
 * @param blackTakesDigest Black takes the daily digest
 * @param hasObservers     someone follows the game by mail
 * @param opponentHasLine  the opponent has a conditional line queued, which this turn meets or cancels
 */
record MoveFacts(boolean moverOnLeave, boolean whiteTakesDigest, boolean blackTakesDigest, boolean hasObservers,
                 boolean opponentHasLine) {

    boolean takesDigest(Side side) {
        return side == Side.WHITE ? whiteTakesDigest : blackTakesDigest;
    }
}
