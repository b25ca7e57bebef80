package org.epistle.core.rules.reference;

/**
 * A reference move. Squares are 0..63 with {@code index = rank * 8 + file} (a1 = 0, h8 = 63).
 * For castling, {@code from}/{@code to} are the king's squares and {@code cornerFrom}/{@code cornerTo}
 * the corner piece's; otherwise the corner fields are -1.
 */
public record RefMove(int from, int to, RefPiece promotion, Type type, int cornerFrom, int cornerTo) {

    public enum Type { NORMAL, DOUBLE_PUSH, EN_PASSANT, CASTLE }

    static RefMove normal(int from, int to) {
        return new RefMove(from, to, null, Type.NORMAL, -1, -1);
    }

    /** Coordinate notation, e.g. {@code e2e4}, {@code e7e8q} (promotion letter lowercase), {@code e1g1}. */
    public String name() {
        String s = square(from) + square(to);
        return promotion == null ? s : s + Character.toLowerCase(promotion.letter());
    }

    public static String square(int sq) {
        return "" + (char) ('a' + sq % 8) + (char) ('1' + sq / 8);
    }

    public static int square(String name) {
        if (name.length() != 2) {
            throw new IllegalArgumentException("bad square " + name);
        }
        int f = name.charAt(0) - 'a';
        int r = name.charAt(1) - '1';
        if (f < 0 || f > 7 || r < 0 || r > 7) {
            throw new IllegalArgumentException("bad square " + name);
        }
        return r * 8 + f;
    }

    @Override
    public String toString() {
        return name();
    }
}
