package org.epistle.core.rules.move;

import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.variant.Ruleset;

/** One move of one piece, as a value outside the engine. */
public record Move(int packed, Square from, Square to, Kind kind, Optional<PieceType> promotion) {

    public enum Kind { NORMAL, DOUBLE_STEP, EN_PASSANT, CASTLING, PROMOTION }

    public static Move of(int packed, Ruleset rules) {
        Geometry g = rules.geometry();
        Kind kind = Kind.values()[Moves.kind(packed)];
        Optional<PieceType> promo = kind == Kind.PROMOTION ? Optional.of(rules.type(Moves.promotion(packed))) : Optional.empty();
        return new Move(packed, g.square(Moves.from(packed)), g.square(Moves.to(packed)), kind, promo);
    }

    public boolean isCastling() {
        return kind == Kind.CASTLING;
    }

    /** Long algebraic, for logs and tests: e2-e4, e7-e8=Q, O-O. */
    @Override
    public String toString() {
        if (isCastling()) {
            return from.name() + "-" + to.name() + " (castling)";
        }
        return from.name() + "-" + to.name() + promotion.map(p -> "=" + p.betza()).orElse("");
    }
}
