package org.epistle.core.rules.variant;

import org.epistle.core.rules.board.Side;

/**
 * One castling a side may make, as square indices: the king and the army's corner piece both
 * move. Long castling with a colorbound corner piece puts the king on b1 and the piece on c1, so
 * that the piece keeps its colour.
 */
public record Castling(Side side, boolean kingside, int kingFrom, int kingTo, int rookFrom, int rookTo) {

    public String notation() {
        return kingside ? "O-O" : "O-O-O";
    }

    public char fenLetter() {
        char c = kingside ? 'K' : 'Q';
        return side == Side.WHITE ? c : Character.toLowerCase(c);
    }
}
