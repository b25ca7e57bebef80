package org.epistle.core.games.tournament;

/** Entry open, games being played, or over. */
public enum TournamentState {
    OPEN, PLAYING, FINISHED
}
