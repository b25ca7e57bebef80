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
 * @param kingsSideMen  the squares (bits by index, boards of up to 64 squares) of the men that began the game
 *                      on the king's side, files e-h (King's Men, Queen's Men Marseillais)
 * @param menTracked    whether {@code kingsSideMen} has been filled; until then the men are told by their files
 * @param quietTurns    turns in a row, of both sides, without a capture or a pawn move (Italian Progressive's draw)
 */
public record TurnLog(int lastAllowed, int lastPlayed, boolean lastGaveCheck, boolean lastCaptured,
                      int lastMove, int lastMover, int whiteChecks, int blackChecks, long kingsSideMen, boolean menTracked,
                      int quietTurns) {

    /** Before anyone has moved. */
    public static final TurnLog START = new TurnLog(0, 0, false, false, -1, 0, 0, 0, 0L, false, 0);

    public int checksGivenBy(org.epistle.core.rules.board.Side side) {
        return side == org.epistle.core.rules.board.Side.WHITE ? whiteChecks : blackChecks;
    }

    public boolean hasLastMove() {
        return lastMove >= 0;
    }

    /**
     * The log after a turn by {@code mover} with these facts; {@code checks} counts the moves that gave
     * check, {@code kingsSide} is where the king's-side men stand after it, {@code pawnMoved} whether
     * any of its moves was a pawn's.
     */
    public TurnLog after(org.epistle.core.rules.board.Side mover, int allowed, int played, boolean endsInCheck,
                         boolean captured, int lastMove, int lastMover, int checks, long kingsSide, boolean pawnMoved) {
        boolean white = mover == org.epistle.core.rules.board.Side.WHITE;
        return new TurnLog(allowed, played, endsInCheck, captured, lastMove, lastMover,
                whiteChecks + (white ? checks : 0), blackChecks + (white ? 0 : checks), kingsSide, true,
                captured || pawnMoved ? 0 : quietTurns + 1);
    }

    /**
     * Where the king's-side men stand after the given moves, starting from this log's record, or
     * (before any is kept, as at the start or from a FEN) from the men standing on files e-h.
     */
    public long kingsSideMenAfter(int[] cellsAtStart, org.epistle.core.rules.board.Geometry g, java.util.List<TurnStep> steps) {
        if (g.size() > 64) {
            return 0L;
        }
        long mask = kingsSideMen;
        if (!menTracked) {
            mask = 0L;
            for (int sq = 0; sq < g.size(); sq++) {
                if (cellsAtStart[sq] != 0 && g.fileOf(sq) >= g.files() / 2) {
                    mask |= 1L << sq;
                }
            }
        }
        for (TurnStep s : steps) {
            mask = move(mask, s.from(), s.to());
            if (s.rookFrom() >= 0) {
                mask = move(mask, s.rookFrom(), s.rookTo());
            }
            if (s.kind() == org.epistle.core.rules.move.Moves.EN_PASSANT) {
                mask &= ~(1L << g.index(g.fileOf(s.to()), g.rankOf(s.from())));
            }
        }
        return mask;
    }

    private static long move(long mask, int from, int to) {
        long bit = (mask >>> from) & 1L;
        return (mask & ~(1L << from) & ~(1L << to)) | (bit << to);
    }
}
