package org.epistle.core.rules.judge;

import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.variant.Ruleset;

/** How explanations name pieces: "knight" for FIDE pieces, "Woody Rook (WD)" for army pieces. */
public final class PieceNames {
    private PieceNames() {
    }

    public static String of(PieceType type) {
        if (type.isSamePieceAs(Army.KING) || type.isSamePieceAs(Army.PAWN)) {
            return type.name().toLowerCase();
        }
        for (PieceType fide : Armies.FABULOUS_FIDES.officers()) {
            if (fide.isSamePieceAs(type)) {
                return fide.name().toLowerCase();
            }
        }
        return type.name() + " (" + type.betza() + ")";
    }

    /** "the black pawn", "the white Woody Rook (WD)". */
    public static String of(Ruleset rules, int code) {
        Side side = Ruleset.sideOf(code);
        return "the " + side.key() + " " + of(rules.pieceOf(code));
    }
}
