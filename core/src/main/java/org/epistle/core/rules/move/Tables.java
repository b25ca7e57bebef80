package org.epistle.core.rules.move;

import java.util.Map;
import java.util.WeakHashMap;
import org.epistle.core.rules.variant.Ruleset;

/** One set of move tables per ruleset, built on first use and shared by every board of the game. */
final class Tables {
    private static final Map<Ruleset, MoveTables> CACHE = new WeakHashMap<>();

    private Tables() {
    }

    static synchronized MoveTables of(Ruleset rules) {
        return CACHE.computeIfAbsent(rules, MoveTables::new);
    }
}
