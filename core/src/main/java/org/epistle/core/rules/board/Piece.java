package org.epistle.core.rules.board;

import org.epistle.core.rules.piece.PieceType;

/** A piece on the board: a kind and an owner. */
public record Piece(PieceType type, Side side) {

    /** "the white Woody Rook", for explanations. */
    public String describe() {
        return "the " + side.key() + " " + type.name();
    }
}
