package org.epistle.core.rules.physics.energy;

import java.util.Map;
import java.util.TreeMap;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.position.Position;

/**
 * How released energy travels: unit by unit, each straight along its direction from the square it
 * leaves, coming to rest on the last free square before a piece or the edge of the board. A unit
 * whose very first square is taken (or off the board) stays where it started. The directions take
 * turns, the first towards the capturer's own side: White's units go south, west, east, north,
 * south, …; Black's go north, east, west, south, north, ….
 */
final class Release {
    private static final int[][] WHITE_ORDER = {{0, -1}, {-1, 0}, {1, 0}, {0, 1}};
    private static final int[][] BLACK_ORDER = {{0, 1}, {1, 0}, {-1, 0}, {0, -1}};

    private Release() {
    }

    /** Where {@code units} released on {@code origin} by {@code side} come to rest, as amounts per square. */
    static Map<Square, Integer> scatter(Position p, Square origin, int units, Side side) {
        Geometry g = p.geometry();
        int[][] order = side == Side.WHITE ? WHITE_ORDER : BLACK_ORDER;
        Map<Square, Integer> out = new TreeMap<>(java.util.Comparator.comparing(Square::name));
        for (int u = 0; u < units; u++) {
            int[] d = order[u % 4];
            int f = origin.file();
            int r = origin.rank();
            while (g.contains(f + d[0], r + d[1]) && p.code(g.index(f + d[0], r + d[1])) == 0) {
                f += d[0];
                r += d[1];
            }
            out.merge(new Square(f, r), 1, Integer::sum);
        }
        return out;
    }
}
