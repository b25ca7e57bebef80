package org.epistle.core.games;

/**
 * What became of a command: the effect, and one line for the log and the inbound ledger (for a
 * refused turn, the referee's explanation).
 *
 * @param refusal why a turn or command was refused: the web form shows it (and no mail is written); for a mail,
 *                which was answered by mail, it names the reason for the log and the metrics; empty when nothing
 *                was refused, or when the refusal has no reason code
 */
public record Result(Effect effect, String outcome, java.util.Optional<Refusal> refusal) {

    public Result {
        java.util.Objects.requireNonNull(refusal, "refusal");
    }

    public Result(Effect effect, String outcome) {
        this(effect, outcome, java.util.Optional.empty());
    }

    public enum Effect {
        /** The turn was played (and perhaps ended the game). */
        TURN_PLAYED,
        /** The turn was not played: illegal, not the player's turn, a stale turn number, the game over. */
        TURN_REFUSED,
        RESIGNED,
        DRAW_OFFERED,
        DRAW_AGREED,
        DRAW_DECLINED,
        /** A draw the rules allow a player to claim was claimed, and the game is drawn. */
        DRAW_CLAIMED,
        /** Board, history or help was sent. */
        SHOWN,
        /** The side to move ran out of time: the game ended (a turn that came too late finds it so). */
        TIME_FORFEIT,
        /** Leave booked, cancelled or ended, or the player's time zone set: about the player, not one game. */
        PLAYER_CHANGED,
        /** A command that does not apply now (accepting a draw nobody offered, resigning a finished game). */
        REFUSED,
        /** A conditional line was queued, replaced or cleared (the game itself did not change). */
        LINE_CHANGED,
        /** A player's daily digest was switched on or off. */
        DIGEST_CHANGED,
        /** The inbound mail was handled before; nothing was done again. */
        ALREADY_HANDLED
    }

    public boolean changedGame() {
        return switch (effect) {
            case TURN_PLAYED, RESIGNED, DRAW_OFFERED, DRAW_AGREED, DRAW_DECLINED, DRAW_CLAIMED, TIME_FORFEIT, PLAYER_CHANGED -> true;
            default -> false;
        };
    }
}
