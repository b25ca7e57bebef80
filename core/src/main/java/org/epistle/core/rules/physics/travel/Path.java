package org.epistle.core.rules.physics.travel;

import org.epistle.core.rules.board.Geometry;

/**
 * The way a traveller goes: one square a turn, each step to one of the (up to) two neighbouring
 * squares that bring it a square nearer its destination, the one whose centre lies nearer the
 * straight line from where it set out to where it is bound. Along a file, rank or diagonal that
 * is simply the next square of the line. For oblique leaps the line decides from geometry, not
 * from the kind of piece, so every army's leapers are covered: a (2,3) leaper starts diagonally.
 * When both squares lie equally near (a knight's move: the line from g1 to f3 passes g2 and f2
 * alike) the orthogonal step along the longer leg goes first, which is Betza's reading for the
 * knight: g1, g2, f3.
 */
public final class Path {
    private Path() {
    }

    /** The square a traveller from {@code origin}, now on {@code at}, steps to next on its way to {@code destination}. */
    public static int next(Geometry g, int origin, int at, int destination) {
        int ox = g.fileOf(origin);
        int oy = g.rankOf(origin);
        int x = g.fileOf(at);
        int y = g.rankOf(at);
        int dx = g.fileOf(destination) - x;
        int dy = g.rankOf(destination) - y;
        int sx = Integer.signum(dx);
        int sy = Integer.signum(dy);
        if (Math.abs(dx) == Math.abs(dy) || dx == 0 || dy == 0) {
            return g.index(x + sx, y + sy);
        }
        // the orthogonal step along the longer leg, or the diagonal step
        int orthoX = Math.abs(dx) > Math.abs(dy) ? sx : 0;
        int orthoY = Math.abs(dx) > Math.abs(dy) ? 0 : sy;
        int lineX = g.fileOf(destination) - ox;
        int lineY = g.rankOf(destination) - oy;
        long orthogonal = offLine(lineX, lineY, x + orthoX - ox, y + orthoY - oy);
        long diagonal = offLine(lineX, lineY, x + sx - ox, y + sy - oy);
        return diagonal < orthogonal ? g.index(x + sx, y + sy) : g.index(x + orthoX, y + orthoY);
    }

    /** How far a point lies from the line through the origin (times the line's length, which is the same for both). */
    private static long offLine(int lineX, int lineY, int px, int py) {
        return Math.abs((long) lineX * py - (long) lineY * px);
    }

    /** Turns a piece needs from one square to the other: one a square, the longer leg counting. */
    public static int turns(Geometry g, int from, int to) {
        return Math.max(Math.abs(g.fileOf(to) - g.fileOf(from)), Math.abs(g.rankOf(to) - g.rankOf(from)));
    }
}
