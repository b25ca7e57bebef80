package org.epistle.core.rules.judge;

import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.TwoSquareCheck;

/**
 * Dead positions by material: only kings; a king and one knight or bishop against a bare king;
 * kings and bishops all on squares of one colour. Army pieces are never assumed harmless, since
 * their mating power has not been worked out for every army.
 */
public final class Material {
    private Material() {
    }

    public static boolean isInsufficient(Position p) {
        if (p.rules().variant().physics(TwoSquareCheck.class).isPresent()) {
            return false; // a king that checks from two squares away mates on its own
        }
        int minors = 0;
        boolean knight = false;
        int bishopColours = 0; // bit 0: dark, bit 1: light
        for (int sq = 0; sq < p.geometry().size(); sq++) {
            int code = p.code(sq);
            if (code == 0) {
                continue;
            }
            PieceType type = p.rules().pieceOf(code);
            if (type.isRoyal()) {
                continue;
            }
            if (type.isSamePieceAs(Armies.FABULOUS_FIDES.knight())) {
                knight = true;
                minors++;
            } else if (type.isSamePieceAs(Armies.FABULOUS_FIDES.bishop())) {
                bishopColours |= p.geometry().square(sq).isLight() ? 2 : 1;
                minors++;
            } else {
                return false;
            }
        }
        if (minors <= 1) {
            return true;
        }
        return !knight && bishopColours != 3;
    }
}
