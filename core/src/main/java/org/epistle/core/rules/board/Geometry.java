package org.epistle.core.rules.board;

import java.util.ArrayList;
import java.util.List;

/**
 * The shape of a board: files by ranks, each from 1 to 16. Squares have a dense index
 * ({@code rank * files + file}) that the engine uses for its arrays.
 */
public record Geometry(int files, int ranks) {
    public static final Geometry STANDARD = new Geometry(8, 8);

    public Geometry {
        if (files < 1 || files > Square.MAX || ranks < 1 || ranks > Square.MAX) {
            throw new IllegalArgumentException("a board has 1 to 16 files and ranks, not " + files + "x" + ranks);
        }
    }

    public int size() {
        return files * ranks;
    }

    public boolean contains(int file, int rank) {
        return file >= 0 && file < files && rank >= 0 && rank < ranks;
    }

    public boolean contains(Square square) {
        return contains(square.file(), square.rank());
    }

    public int index(int file, int rank) {
        return rank * files + file;
    }

    public int index(Square square) {
        if (!contains(square)) {
            throw new IllegalArgumentException(square + " is not on a " + files + "x" + ranks + " board");
        }
        return index(square.file(), square.rank());
    }

    public int fileOf(int index) {
        return index % files;
    }

    public int rankOf(int index) {
        return index / files;
    }

    public Square square(int index) {
        return new Square(fileOf(index), rankOf(index));
    }

    public String name(int index) {
        return square(index).name();
    }

    /** The rank a side counts as its n-th (1 = its back rank). */
    public int rankFor(Side side, int nth) {
        return side == Side.WHITE ? nth - 1 : ranks - nth;
    }

    public List<Square> squares() {
        List<Square> all = new ArrayList<>(size());
        for (int i = 0; i < size(); i++) {
            all.add(square(i));
        }
        return all;
    }
}
