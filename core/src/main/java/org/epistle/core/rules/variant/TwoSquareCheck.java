package org.epistle.core.rules.variant;

import java.util.function.IntUnaryOperator;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.physics.Rule;

/**
 * One side's king checks the enemy king from two squares away (a king's distance of two: the
 * sixteen squares of the ring around its neighbours, knight's-move squares included), as well as
 * from next door. It is a power over the enemy king only: the king still moves and captures one
 * square at a time. The two-move king of the King and Pawns family reaches any such square in one
 * turn, which is what the check means; {@link Path} says which men stand in its way.
 *
 * @param side whose king has the power
 * @param path which men on the squares between the kings stop the check
 */
public record TwoSquareCheck(Side side, Path path) implements Rule {

    /** What the squares next to both kings must hold for the check to count. */
    public enum Path {
        /** Nothing: two squares away is check whatever lies between (Gik's reading of the rule). */
        ANY,
        /** A square next to both kings must be empty or hold an enemy man: the king's own men bar its two steps (Imperatore). */
        NOT_OVER_OWN_MEN,
        /** As {@link #NOT_OVER_OWN_MEN}, except that the king may pass over its own pawns (One-Two). */
        OVER_OWN_PAWNS
    }

    @Override
    public String name() {
        return "two-square check";
    }

    /**
     * Whether this side's king on {@code king} checks an enemy king on {@code target} from two squares
     * away; {@code cell} gives the board's code on a square (0 empty).
     */
    public boolean checks(Geometry g, int king, int target, IntUnaryOperator cell) {
        int kf = g.fileOf(king);
        int kr = g.rankOf(king);
        int tf = g.fileOf(target);
        int tr = g.rankOf(target);
        if (Math.max(Math.abs(kf - tf), Math.abs(kr - tr)) != 2) {
            return false;
        }
        if (path == Path.ANY) {
            return true;
        }
        // the squares next to both: at most three, all inside the board since both kings are
        for (int f = Math.max(kf, tf) - 1; f <= Math.min(kf, tf) + 1; f++) {
            for (int r = Math.max(kr, tr) - 1; r <= Math.min(kr, tr) + 1; r++) {
                if (isStepFor(cell.applyAsInt(g.index(f, r)))) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean isStepFor(int code) {
        if (code == 0 || Ruleset.sideOf(code) != side) {
            return true;
        }
        return path == Path.OVER_OWN_PAWNS && Ruleset.typeOf(code) == 1;
    }
}
