package org.epistle.core.rules.variant;

/**
 * How check works inside a turn, as three plain facts: whether a player in check must escape with
 * the first move, whether the mover's own king may stand attacked in the middle of the turn, and
 * what giving check does to the rest of the turn. At the end of every turn the mover's king must
 * be safe; for one-move turns every policy is simply FIDE chess.
 */
public enum CheckPolicy {
    /**
     * No move may leave the mover's king in check; a player in check must escape with the first
     * move of the turn; a move that gives check ends the turn (Marseillais, Progressive).
     */
    INTERMEDIATE_CHECK_ENDS_TURN(true, SelfCheck.NEVER, GivenCheck.ENDS_TURN),
    /** As above, except that a check may only be given with the last move of the turn (Italian Progressive). */
    CHECK_ONLY_ON_LAST_MOVE(true, SelfCheck.NEVER, GivenCheck.ONLY_ON_LAST_MOVE),
    /** As the first, except that the first move of a turn may not give check (Marseillais' alternative rules, Double Trouble). */
    NO_CHECK_ON_FIRST_MOVE(true, SelfCheck.NEVER, GivenCheck.NOT_ON_FIRST_MOVE),
    /** Escape with the first move, never expose the own king, and checks do not end the turn: several checks are possible (Battle Chess, Swarm). */
    CHECKS_GO_ON(true, SelfCheck.NEVER, GivenCheck.GOES_ON),
    /**
     * Only the end of the turn counts: the king may stay in check, step into check and out again, and
     * checks do not end the turn (Triplets, Omni-Chess as first played, Monster Chess).
     */
    TURN_END_ONLY(false, SelfCheck.ALLOWED, GivenCheck.GOES_ON),
    /**
     * Only the end of the turn counts, but the king itself never steps onto an attacked square: the
     * stricter reading of Triplets' "the three moves count as one".
     */
    TURN_END_ONLY_KING_NEVER_STEPS_INTO_CHECK(false, SelfCheck.KING_NEVER_STEPS_INTO_IT, GivenCheck.GOES_ON),
    /** A check may be escaped by the end of the turn, but a check given ends the turn (King and Pawns, second version). */
    ESCAPE_BY_TURN_END(false, SelfCheck.ALLOWED, GivenCheck.ENDS_TURN),
    /**
     * A check must be escaped with the first move, but the king may step into check and out again
     * within the turn, and a check given ends the turn (the King and Pawns Game, common form).
     */
    ESCAPE_FIRST_KING_MAY_PASS_THROUGH_CHECK(true, SelfCheck.ALLOWED, GivenCheck.ENDS_TURN),
    /** As the one before, except that check may not be given with the first move (Verney's King and Pawns). */
    ESCAPE_FIRST_NO_CHECK_ON_FIRST_MOVE(true, SelfCheck.ALLOWED, GivenCheck.NOT_ON_FIRST_MOVE),
    /**
     * Check does not exist: a move may leave or put the mover's own king where it can be taken,
     * nothing ends a turn early except taking the king, and there is no mate (the Magnetic family,
     * Double-Move Chess). Castling keeps its usual conditions.
     */
    NONE(false, SelfCheck.ALLOWED, GivenCheck.GOES_ON);

    /** Whether the mover's king may stand attacked between the moves of a turn. */
    public enum SelfCheck { NEVER, ALLOWED, KING_NEVER_STEPS_INTO_IT }

    /** What a check given in mid-turn does. */
    public enum GivenCheck { ENDS_TURN, ONLY_ON_LAST_MOVE, NOT_ON_FIRST_MOVE, GOES_ON }

    private final boolean escapeOnFirstMove;
    private final SelfCheck selfCheck;
    private final GivenCheck givenCheck;

    CheckPolicy(boolean escapeOnFirstMove, SelfCheck selfCheck, GivenCheck givenCheck) {
        this.escapeOnFirstMove = escapeOnFirstMove;
        this.selfCheck = selfCheck;
        this.givenCheck = givenCheck;
    }

    /** A player in check must get out of it with the first move of the turn. */
    public boolean escapeOnFirstMove() {
        return escapeOnFirstMove;
    }

    public SelfCheck selfCheck() {
        return selfCheck;
    }

    public GivenCheck givenCheck() {
        return givenCheck;
    }

    /** Whether a move may not leave the mover's king attacked. */
    public boolean guardsTheKing() {
        return this != NONE;
    }
}
