package org.epistle.core.rules.piece;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The complete set of steps of a piece, normalised so that two definitions of the same
 * piece ({@code frlRbK} and {@code frlRrlbK}) compare equal.
 */
public record Movement(List<Step> steps) {
    public Movement {
        steps = normalise(steps);
    }

    private static List<Step> normalise(List<Step> raw) {
        // merge modes of identical geometry, then drop steps covered by a longer rider
        Map<String, Step> merged = new TreeMap<>();
        for (Step s : raw) {
            String key = s.dx() + "," + s.dy() + "," + s.range() + "," + s.initial() + "," + s.lame();
            merged.merge(key, s, (a, b) -> new Step(a.dx(), a.dy(), a.range(), a.mode().with(b.mode()), a.initial(), a.lame()));
        }
        List<Step> kept = new ArrayList<>();
        for (Step s : merged.values()) {
            boolean covered = merged.values().stream().anyMatch(o -> o != s
                    && o.dx() == s.dx() && o.dy() == s.dy() && o.range() > s.range()
                    && o.initial() == s.initial() && o.lame() == s.lame()
                    && (o.mode() == Step.Mode.BOTH || o.mode() == s.mode()));
            if (!covered) {
                kept.add(s);
            }
        }
        return List.copyOf(new TreeSet<>(kept));
    }

    /** Where the piece could go from (0,0) on an empty unbounded board, up to the given distance, as "dx,dy". */
    public boolean reaches(int dx, int dy) {
        for (Step s : steps) {
            for (int k = 1; k <= Math.min(s.range(), 16); k++) {
                if (s.dx() * k == dx && s.dy() * k == dy) {
                    return true;
                }
            }
        }
        return false;
    }

    public boolean isColorbound() {
        for (Step s : steps) {
            if (((s.dx() + s.dy()) & 1) != 0) {
                return false;
            }
        }
        return true;
    }
}
