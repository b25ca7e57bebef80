package org.epistle.core.rules.move;

/**
 * Moves packed in an int for the generator's inner loops: from (8 bits), to (8 bits),
 * kind (3 bits), promotion kind (6 bits), castling index (4 bits).
 */
public final class Moves {
    public static final int NORMAL = 0;
    public static final int DOUBLE_STEP = 1;
    public static final int EN_PASSANT = 2;
    public static final int CASTLING = 3;
    public static final int PROMOTION = 4;

    private Moves() {
    }

    static int encode(int from, int to, int kind, int promotion, int castling) {
        return from | to << 8 | kind << 16 | promotion << 19 | castling << 25;
    }

    /** A piece carried from one square to another whatever its kind of move, as momentum carries it. */
    public static int shift(int from, int to) {
        return encode(from, to, NORMAL, 0, 0);
    }

    /** A pawn carried onto its last rank, becoming the given piece kind. */
    public static int shiftPromoting(int from, int to, int typeId) {
        return encode(from, to, PROMOTION, typeId, 0);
    }

    public static int from(int move) {
        return move & 0xFF;
    }

    public static int to(int move) {
        return move >>> 8 & 0xFF;
    }

    public static int kind(int move) {
        return move >>> 16 & 0x7;
    }

    public static int promotion(int move) {
        return move >>> 19 & 0x3F;
    }

    public static int castling(int move) {
        return move >>> 25 & 0xF;
    }
}
