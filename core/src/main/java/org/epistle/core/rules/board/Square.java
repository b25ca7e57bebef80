package org.epistle.core.rules.board;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A square by file and rank, both counted from zero: a1 is (0, 0). Boards go up to p16. */
public record Square(int file, int rank) {
    public static final int MAX = 16;
    private static final Pattern NAME = Pattern.compile("([a-p])(1[0-6]|[1-9])");

    public Square {
        if (file < 0 || file >= MAX || rank < 0 || rank >= MAX) {
            throw new IllegalArgumentException("no such square: file " + file + ", rank " + rank);
        }
    }

    public static Square of(String name) {
        return parse(name).orElseThrow(() -> new IllegalArgumentException("not a square name: " + name));
    }

    public static Optional<Square> parse(String name) {
        Matcher m = NAME.matcher(name);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new Square(m.group(1).charAt(0) - 'a', Integer.parseInt(m.group(2)) - 1));
    }

    public String name() {
        return (char) ('a' + file) + Integer.toString(rank + 1);
    }

    /** Light squares are those where file and rank differ in parity (h1 is light, a1 dark). */
    public boolean isLight() {
        return ((file + rank) & 1) == 1;
    }

    @Override
    public String toString() {
        return name();
    }
}
