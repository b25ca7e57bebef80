package org.epistle.core.games;

/**
 * A player on a tournament's list: invited (not yet answered), joined, or withdrawn; the pairing
 * number is drawn when the tournament starts (0 before).
 */
public record Entrant(Player player, Status status, int number) {
    public enum Status { INVITED, JOINED, WITHDRAWN }

    public boolean hasJoined() {
        return status == Status.JOINED;
    }
}
