package org.epistle.core.games;

/** Where a game stands: being played, ended by the rules or the players, or stopped by an admin. */
public enum GameState {
    ACTIVE, FINISHED, ABORTED
}
