package org.epistle.core.rules.piece;

/**
 * The place a piece takes in an army's array, named after the FIDE piece that stands there.
 * Records of Chess with Different Armies write an army piece with its role's letter.
 */
public enum Role {
    KING('K'), QUEEN('Q'), ROOK('R'), BISHOP('B'), KNIGHT('N'), PAWN('P');

    private final char letter;

    Role(char letter) {
        this.letter = letter;
    }

    public char letter() {
        return letter;
    }

    public static Role ofLetter(char c) {
        for (Role r : values()) {
            if (r.letter == Character.toUpperCase(c)) {
                return r;
            }
        }
        return null;
    }
}
