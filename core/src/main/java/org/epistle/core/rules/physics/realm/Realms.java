package org.epistle.core.rules.physics.realm;

import java.util.ArrayList;
import java.util.List;
import org.epistle.core.rules.board.Geometry;

/** Which 2x2 blocks of the board count as realms. */
public enum Realms {
    /** Realm Chess: the board cut into sixteen realms that do not overlap (a1-b2, c1-d2, … g7-h8). */
    SIXTEEN {
        @Override
        public List<Realm> all(Geometry g) {
            List<Realm> out = new ArrayList<>();
            for (int r = 0; r + 1 < g.ranks(); r += 2) {
                for (int f = 0; f + 1 < g.files(); f += 2) {
                    out.add(new Realm(f, r));
                }
            }
            return out;
        }
    },
    /** Free Realm Chess: every 2x2 block is a realm, so they overlap (49 on the usual board). */
    ANY_BLOCK {
        @Override
        public List<Realm> all(Geometry g) {
            List<Realm> out = new ArrayList<>();
            for (int r = 0; r + 1 < g.ranks(); r++) {
                for (int f = 0; f + 1 < g.files(); f++) {
                    out.add(new Realm(f, r));
                }
            }
            return out;
        }
    };

    public abstract List<Realm> all(Geometry g);

    /**
     * How many squares apart a diagram draws the realms' borders: 2 where the realms tile the board, 0 where
     * they overlap and no line can show them.
     */
    public int bordersEvery() {
        return this == SIXTEEN ? 2 : 0;
    }

    /** The border spacing of the position's variant (see {@link #bordersEvery()}): 0 outside Realm Chess. */
    public static int bordersEvery(org.epistle.core.rules.position.Position p) {
        return p.rules().variant().physics(RealmChess.class).map(r -> r.realms().bordersEvery()).orElse(0);
    }

    /** The realms holding every one of the squares (board indices). */
    public List<Realm> holding(Geometry g, List<Integer> squares) {
        List<Realm> out = new ArrayList<>();
        for (Realm realm : all(g)) {
            if (squares.stream().allMatch(sq -> realm.contains(g, sq))) {
                out.add(realm);
            }
        }
        return out;
    }
}
