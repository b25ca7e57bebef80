package org.epistle.core.rules.move;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Counts the leaves of the legal move tree to a given depth, one move a ply. Perft proves the
 * move generator against published counts; it plays moves, not turns.
 */
public final class Perft {
    private final Workboard board;
    private final boolean bulk;
    private final int[][] buffers = new int[64][MoveGenerator.MAX_MOVES];

    /**
     * @param bulk count the last ply by generating its legal moves without playing them, the
     *             usual trick for speed; without it every leaf is made and unmade
     */
    public Perft(Workboard board, boolean bulk) {
        this.board = board;
        this.bulk = bulk;
    }

    public long count(int depth) {
        return count(depth, 0);
    }

    /** The count below each legal move at the root, in generation order. */
    public Map<Integer, Long> divide(int depth) {
        Map<Integer, Long> out = new LinkedHashMap<>();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.legal(board, moves);
        for (int i = 0; i < n; i++) {
            board.make(moves[i], true);
            out.put(moves[i], depth <= 1 ? 1L : count(depth - 1, 1));
            board.unmake();
        }
        return out;
    }

    private long count(int depth, int ply) {
        if (depth == 0) {
            return 1;
        }
        int[] moves = buffers[ply];
        int n = MoveGenerator.pseudoLegal(board, moves);
        long nodes = 0;
        var me = board.toMove;
        for (int i = 0; i < n; i++) {
            board.make(moves[i], true);
            if (!board.inCheck(me)) {
                nodes += depth == 1 && bulk ? 1 : count(depth - 1, ply + 1);
            }
            board.unmake();
        }
        return nodes;
    }
}
