package org.epistle.core.rules.variant;

/** How a game is won. */
public enum WinCondition {
    /** The opponent is in check and has no complete legal turn. */
    CHECKMATE,
    /** Taking the opponent's king wins at once; the rest of that turn is not played. */
    KING_CAPTURE
}
