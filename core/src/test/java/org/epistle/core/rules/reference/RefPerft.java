package org.epistle.core.rules.reference;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Perft (leaf-node count) and divide on {@link RefPosition}. */
public final class RefPerft {

    private RefPerft() {
    }

    /** Number of leaf nodes of the legal-move tree of the given depth. */
    public static long perft(RefPosition p, int depth) {
        if (depth == 0) {
            return 1;
        }
        List<RefMove> moves = p.legalMoves();
        if (depth == 1) {
            return moves.size();
        }
        long n = 0;
        for (RefMove m : moves) {
            n += perft(p.play(m), depth - 1);
        }
        return n;
    }

    /** Perft of each legal root move (depth >= 1), keyed by {@link RefMove#name()}, sorted. */
    public static Map<String, Long> divide(RefPosition p, int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("divide needs depth >= 1");
        }
        Map<String, Long> out = new TreeMap<>();
        for (RefMove m : p.legalMoves()) {
            if (out.put(m.name(), perft(p.play(m), depth - 1)) != null) {
                throw new IllegalStateException("duplicate move " + m.name() + " in " + p.fen());
            }
        }
        return out;
    }

    /** Divide as printable text, one {@code move: count} per line plus a total. */
    public static String divideText(RefPosition p, int depth) {
        StringBuilder s = new StringBuilder();
        long total = 0;
        for (Map.Entry<String, Long> e : divide(p, depth).entrySet()) {
            s.append(e.getKey()).append(": ").append(e.getValue()).append('\n');
            total += e.getValue();
        }
        s.append("total: ").append(total).append('\n');
        return s.toString();
    }
}
