package org.epistle.core.games.tournament;

import java.util.Locale;

/** How a knockout match still level after its two extra games is decided: the admin's choice. */
public enum TieRule {
    /** Drawing lots, seeded from the tournament and the match so the draw can be repeated and checked. */
    LOTS,
    /** The better-rated player goes through; the better seed if their ratings are equal. */
    BETTER_RATED;

    public static TieRule parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        return switch (t) {
            case "lots", "lot" -> LOTS;
            case "better-rated", "rating", "rated" -> BETTER_RATED;
            default -> throw new IllegalArgumentException("unknown tie rule '" + text + "': use lots or better-rated");
        };
    }
}
