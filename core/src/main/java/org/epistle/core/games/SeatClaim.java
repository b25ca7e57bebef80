package org.epistle.core.games;

/**
 * What a mail's seat secret proves, once its sender is known. A secret opens its seat only in mail
 * from that seat's player (one of their addresses): a forwarded mail, or the opponent quoting it, must
 * not move the game.
 */
public sealed interface SeatClaim {

    /** The secret is the seat's, and the mail came from one of its player's addresses. */
    record Opened(Seat seat) implements SeatClaim {
    }

    /** The secret opens no seat of the game (or there is no such game). */
    record WrongSecret(long gameId) implements SeatClaim {
    }

    /** The secret is right, but the mail came from an address that is not the seat's player's. */
    record OtherSender(Seat seat, String sender) implements SeatClaim {
    }
}
