package org.epistle.core.games;

/**
 * A player on a tournament's list: invited (not yet answered), joined, or withdrawn; the pairing
 * number is drawn when the tournament starts (0 before); the army is the one they chose on joining, in a
 * tournament where players pick their army.
 */
public record Entrant(Player player, Status status, int number, java.util.Optional<String> army) {
    public Entrant(Player player, Status status, int number) {
        this(player, status, number, java.util.Optional.empty());
    }

    public enum Status { INVITED, JOINED, WITHDRAWN }

    public boolean hasJoined() {
        return status == Status.JOINED;
    }
}
