package org.epistle.core.rules.move;

import java.util.LinkedHashMap;
import java.util.Map;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.variant.TurnSchedule;

/**
 * Counts the leaves of the legal move tree to a given depth. Perft counts moves, not turns: in a
 * multi-move variant a ply is one move, and the turn passes when the schedule's moves are made or
 * a move gives check.
 *
 * <p>Where every turn is one move and the board has at most 64 squares, the count is made on square sets
 * ({@link BitPerft}), which count the same tree several times faster; {@link #countByMailbox} keeps the
 * mailbox generator's own count, the reference the square sets are tested against.
 */
public final class Perft {
    private final Workboard board;
    private final boolean bulk;
    private final TurnSchedule schedule;
    private final int[][] buffers = new int[128][MoveGenerator.MAX_MOVES];
    private final int[] legal = new int[MoveGenerator.MAX_MOVES];
    private final int[] pinScratch;
    private int turnNumber;
    /** Whether the square-set counter may be used where it applies; off only to check it against the mailbox one. */
    private boolean squareSets = true;

    /**
     * @param bulk count the last ply by generating its legal moves, without descending into
     *             them; without it every leaf is visited as a node of its own
     */
    public Perft(Workboard board, boolean bulk) {
        this(board, bulk, new TurnSchedule.Fixed(1), 1);
    }

    public Perft(Workboard board, boolean bulk, TurnSchedule schedule, int turnNumber) {
        this.board = board;
        this.bulk = bulk;
        this.schedule = schedule;
        this.turnNumber = turnNumber;
        this.pinScratch = new int[board.cells.length];
    }

    public long count(int depth) {
        BitPerft fast = depth < 100 ? fastCounter() : null; // its undo stack holds a hundred plies and more
        if (fast != null) {
            return fast.count(depth, bulk);
        }
        return count(depth, 0, movesThisTurn());
    }

    /** The same count by the mailbox generator alone, whatever the board: the reference the square sets are tested against. */
    long countByMailbox(int depth) {
        squareSets = false;
        try {
            return count(depth, 0, movesThisTurn());
        } finally {
            squareSets = true;
        }
    }

    /** The square-set counter for the board as it stands, where every ply is one move and it counts what this class counts. */
    private BitPerft fastCounter() {
        return squareSets && schedule instanceof TurnSchedule.Fixed && movesThisTurn() == 1 ? BitPerft.of(board) : null;
    }

    /** The count below each legal move at the root, in generation order. */
    public Map<Integer, Long> divide(int depth) {
        Map<Integer, Long> out = new LinkedHashMap<>();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.legal(board, moves);
        int left = movesThisTurn();
        for (int i = 0; i < n; i++) {
            int next = play(moves[i], left);
            BitPerft fast = depth <= 1 || depth >= 100 ? null : fastCounter();
            out.put(moves[i], depth <= 1 ? 1L : fast != null ? fast.count(depth - 1, bulk) : count(depth - 1, 1, Math.abs(next)));
            undo(next);
        }
        return out;
    }

    private int movesThisTurn() {
        return schedule.moves(turnNumber, board.toMove);
    }

    private long count(int depth, int ply, int movesLeft) {
        if (depth == 0) {
            return 1;
        }
        int[] moves = buffers[ply];
        int n = MoveGenerator.pseudoLegal(board, moves);
        long nodes = 0;
        Side me = board.toMove;
        boolean simple = movesLeft == 1 && schedule instanceof TurnSchedule.Fixed;
        if (simple && bulk) {
            if (depth == 1) {
                return MoveGenerator.filterLegal(board, moves, n, legal, pinScratch);
            }
            n = MoveGenerator.filterLegal(board, moves, n, moves, pinScratch);
            for (int i = 0; i < n; i++) {
                board.make(moves[i], true);
                nodes += count(depth - 1, ply + 1, 1);
                board.unmake();
            }
            return nodes;
        }
        for (int i = 0; i < n; i++) {
            if (simple) {
                board.make(moves[i], true);
                if (!board.inCheck(me)) {
                    nodes += depth == 1 && bulk ? 1 : count(depth - 1, ply + 1, 1);
                }
                board.unmake();
                continue;
            }
            board.make(moves[i], false);
            boolean legal = !board.inCheck(me);
            board.unmake();
            if (legal) {
                int next = play(moves[i], movesLeft);
                nodes += depth == 1 && bulk ? 1 : count(depth - 1, ply + 1, Math.abs(next));
                undo(next);
            }
        }
        return nodes;
    }

    /** Plays a legal move and returns how many moves the side to move then has left in its turn. */
    private int play(int move, int movesLeft) {
        Side me = board.toMove;
        board.make(move, false);
        boolean ends = movesLeft == 1 || board.inCheck(me.opponent());
        if (!ends) {
            return movesLeft - 1;
        }
        board.unmake();
        board.make(move, true);
        if (me == Side.BLACK) {
            turnNumber++;
        }
        return -schedule.moves(turnNumber, board.toMove); // negative: the turn passed here
    }

    private void undo(int next) {
        if (next < 0 && board.toMove == Side.WHITE) {
            turnNumber--;
        }
        board.unmake();
    }
}
