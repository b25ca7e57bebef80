package org.epistle.core.rules.variant;

/**
 * What the schedules and turn rules of the multi-move games need to remember of the play so far:
 * the turn just finished (its entitlement, how many moves it had, whether it gave check or took
 * anything, its last move and the kind of man that made it) and how many checks each side has
 * given. A position carries it; a game rebuilt by replaying its turns rebuilds it too.
 *
 * @param lastAllowed   moves the previous turn was entitled to, 0 before the first turn
 * @param lastPlayed    moves the previous turn actually had
 * @param lastGaveCheck the previous turn ended with the opponent (now to move) in check
 * @param lastCaptured  the previous turn captured at least once
 * @param lastMove      the previous turn's last move (packed), -1 when there is none
 * @param lastMover     the piece code that made it, 0 when there is none
 * @param whiteChecks   checks White has given so far (Bank of Scotland)
 * @param blackChecks   checks Black has given so far
 */
public record TurnLog(int lastAllowed, int lastPlayed, boolean lastGaveCheck, boolean lastCaptured,
                      int lastMove, int lastMover, int whiteChecks, int blackChecks) {

    /** Before anyone has moved. */
    public static final TurnLog START = new TurnLog(0, 0, false, false, -1, 0, 0, 0);

    public int checksGivenBy(org.epistle.core.rules.board.Side side) {
        return side == org.epistle.core.rules.board.Side.WHITE ? whiteChecks : blackChecks;
    }

    public boolean hasLastMove() {
        return lastMove >= 0;
    }

    /** The log after a turn by {@code mover} with these facts; {@code checks} counts the moves that gave check. */
    public TurnLog after(org.epistle.core.rules.board.Side mover, int allowed, int played, boolean endsInCheck,
                         boolean captured, int lastMove, int lastMover, int checks) {
        boolean white = mover == org.epistle.core.rules.board.Side.WHITE;
        return new TurnLog(allowed, played, endsInCheck, captured, lastMove, lastMover,
                whiteChecks + (white ? checks : 0), blackChecks + (white ? 0 : checks));
    }
}
