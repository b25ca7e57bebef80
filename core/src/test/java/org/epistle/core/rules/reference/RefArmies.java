package org.epistle.core.rules.reference;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The five Chess with Different Armies armies, by hand: each army is its four piece kinds
 * in the order corner (a/h), knight slot (b/g), bishop slot (c/f), queen slot (d).
 */
public final class RefArmies {

    private RefArmies() {
    }

    private static final Map<String, List<RefPiece>> ARMIES = new LinkedHashMap<>();

    static {
        ARMIES.put("fabulous-fides",
                List.of(RefPiece.ROOK, RefPiece.KNIGHT, RefPiece.BISHOP, RefPiece.QUEEN));
        ARMIES.put("colorbound-clobberers",
                List.of(RefPiece.BEDE, RefPiece.WAFFLE, RefPiece.FAD, RefPiece.CARDINAL));
        ARMIES.put("nutty-knights",
                List.of(RefPiece.CHARGING_ROOK, RefPiece.FIBNIF, RefPiece.CHARGING_KNIGHT, RefPiece.COLONEL));
        ARMIES.put("remarkable-rookies",
                List.of(RefPiece.SHORT_ROOK, RefPiece.WOODY_ROOK, RefPiece.HALF_DUCK, RefPiece.CHANCELLOR));
        ARMIES.put("forward-fides",
                List.of(RefPiece.CHARGING_ROOK, RefPiece.KNISHOP, RefPiece.BISHIGHT, RefPiece.FOREQUEEN));
    }

    /** Army names in a fixed order. */
    public static List<String> names() {
        return new ArrayList<>(ARMIES.keySet());
    }

    /** Corner, knight-slot, bishop-slot, queen-slot kinds of an army. */
    public static List<RefPiece> pieces(String army) {
        List<RefPiece> p = ARMIES.get(army);
        if (p == null) {
            throw new IllegalArgumentException("unknown army " + army);
        }
        return p;
    }

    /** Back rank a..h for an army: corner, knight, bishop, queen, King, bishop, knight, corner. */
    public static RefPiece[] backRank(String army) {
        List<RefPiece> p = pieces(army);
        return new RefPiece[] {p.get(0), p.get(1), p.get(2), p.get(3), RefPiece.KING, p.get(2), p.get(1), p.get(0)};
    }

    /** Promotion choices: union of both armies' four kinds, deduplicated, in a stable order. */
    public static List<RefPiece> promotions(String whiteArmy, String blackArmy) {
        Set<RefPiece> s = new LinkedHashSet<>(pieces(whiteArmy));
        s.addAll(pieces(blackArmy));
        return List.copyOf(s);
    }
}
