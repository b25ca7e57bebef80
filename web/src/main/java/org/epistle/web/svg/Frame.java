package org.epistle.web.svg;

import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Square;

/**
 * Where things are drawn: the board's shape, the size of a square and of the margin that holds the
 * coordinates (in SVG user units), and whether the board is seen from Black's side.
 */
public record Frame(Geometry geometry, int square, int margin, boolean flipped) {
    public static final int SQUARE = 40;
    public static final int MARGIN = 20;

    public static Frame of(Geometry geometry, boolean flipped) {
        return new Frame(geometry, SQUARE, MARGIN, flipped);
    }

    public int width() {
        return 2 * margin + geometry.files() * square;
    }

    public int height() {
        return 2 * margin + geometry.ranks() * square;
    }

    /** The column a file is drawn in, from the left. */
    public int column(int file) {
        return flipped ? geometry.files() - 1 - file : file;
    }

    /** The row a rank is drawn in, from the top. */
    public int row(int rank) {
        return flipped ? rank : geometry.ranks() - 1 - rank;
    }

    /** Left edge of the square. */
    public int x(Square s) {
        return margin + column(s.file()) * square;
    }

    /** Top edge of the square. */
    public int y(Square s) {
        return margin + row(s.rank()) * square;
    }

    public double centreX(Square s) {
        return x(s) + square / 2.0;
    }

    public double centreY(Square s) {
        return y(s) + square / 2.0;
    }
}
