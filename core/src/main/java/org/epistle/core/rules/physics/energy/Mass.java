package org.epistle.core.rules.physics.energy;

import java.util.ArrayList;
import java.util.List;
import org.epistle.core.rules.piece.Role;

/** Masses by role (P 1, N and B 3, R 5, Q 7; the king's does not matter) and the forms a sum of mass and energy allows. */
final class Mass {
    private Mass() {
    }

    static int of(Role role) {
        return switch (role) {
            case PAWN -> 1;
            case KNIGHT, BISHOP -> 3;
            case ROOK -> 5;
            case QUEEN -> 7;
            case KING -> 0;
        };
    }

    /** The roles a piece may take on when mass and energy add up to {@code sum}: knight and bishop for multiples of 3, and so on. */
    static List<Role> forms(int sum) {
        List<Role> out = new ArrayList<>();
        if (sum > 0 && sum % 3 == 0) {
            out.add(Role.KNIGHT);
            out.add(Role.BISHOP);
        }
        if (sum > 0 && sum % 5 == 0) {
            out.add(Role.ROOK);
        }
        if (sum > 0 && sum % 7 == 0) {
            out.add(Role.QUEEN);
        }
        return out;
    }
}
