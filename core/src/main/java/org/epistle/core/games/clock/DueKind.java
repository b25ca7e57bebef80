package org.epistle.core.games.clock;

/** What a due job does when its moment comes. */
public enum DueKind {
    /** Tell the side to move that the given share of their time for this move is used. */
    HALF_TIME_REMINDER,
    /** Tell the side to move that their time runs out soon (by default in 24 hours). */
    DEADLINE_REMINDER,
    /** The side to move has run out of time: the game ends. */
    TIMEOUT,
    /** Tell a player's opponent that the player's leave begins. */
    LEAVE_STARTS,
    /** Tell a player's opponent that the player's leave is over. */
    LEAVE_ENDS;

    public boolean isAboutLeave() {
        return this == LEAVE_STARTS || this == LEAVE_ENDS;
    }
}
