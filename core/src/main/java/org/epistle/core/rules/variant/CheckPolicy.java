package org.epistle.core.rules.variant;

/** How check works inside a turn. */
public enum CheckPolicy {
    /**
     * No move may leave the mover's king in check; a player in check must escape with the first
     * move of the turn; a move that gives check ends the turn (Marseillais; for one-move turns
     * this is simply FIDE chess).
     */
    INTERMEDIATE_CHECK_ENDS_TURN,
    /**
     * Check does not exist: a move may leave or put the mover's own king where it can be taken,
     * nothing ends a turn early except taking the king, and there is no mate (the Magnetic family,
     * Double-Move Chess). Castling keeps its usual conditions.
     */
    NONE;

    /** Whether a move may not leave the mover's king attacked. */
    public boolean guardsTheKing() {
        return this != NONE;
    }
}
