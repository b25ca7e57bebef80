package org.epistle.core.games;

/**
 * What became of an admin's or a player's tournament request: done (with the tournament it concerns)
 * or refused with a reason in one plain sentence. Nothing changes when it is refused.
 */
public sealed interface TournamentAnswer {
    String message();

    default boolean isDone() {
        return this instanceof Done;
    }

    record Done(long tournamentId, String message) implements TournamentAnswer {
    }

    record Refused(String message) implements TournamentAnswer {
    }
}
