package org.epistle.core.rules.variant;

/** How check works inside a turn. */
public enum CheckPolicy {
    /**
     * No move may leave the mover's king in check; a player in check must escape with the first
     * move of the turn; a move that gives check ends the turn (Marseillais; for one-move turns
     * this is simply FIDE chess).
     */
    INTERMEDIATE_CHECK_ENDS_TURN
}
