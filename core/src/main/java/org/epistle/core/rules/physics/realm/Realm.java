package org.epistle.core.rules.physics.realm;

import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Square;

/** A realm of Realm Chess: the 2x2 block of squares whose lower-left corner is on (file, rank). */
public record Realm(int file, int rank) {

    public Realm {
        if (file < 0 || rank < 0) {
            throw new IllegalArgumentException("a realm's corner is on the board: " + file + "," + rank);
        }
    }

    public boolean contains(int squareFile, int squareRank) {
        int df = squareFile - file;
        int dr = squareRank - rank;
        return df >= 0 && df < 2 && dr >= 0 && dr < 2;
    }

    public boolean contains(Geometry g, int square) {
        return contains(g.fileOf(square), g.rankOf(square));
    }

    /** The four squares, as board indices. */
    public int[] squares(Geometry g) {
        return new int[] {g.index(file, rank), g.index(file + 1, rank), g.index(file, rank + 1), g.index(file + 1, rank + 1)};
    }

    /** As players name it, by two opposite corners: "c3-d4". */
    public String name() {
        return new Square(file, rank).name() + "-" + new Square(file + 1, rank + 1).name();
    }
}
