package org.epistle.core.games.rating;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The families ratings are kept for: variants close enough that skill in one is skill in the other.
 * The catalog has no such notion, so the grouping is data here, beside the ratings that use it; a test
 * makes sure every variant in the catalog belongs to exactly one family.
 */
public record VariantFamily(String key, String name, List<String> variants) {
    public VariantFamily {
        variants = List.copyOf(variants);
    }

    public static final List<VariantFamily> ALL = List.of(
            new VariantFamily("chess", "Chess", List.of("chess")),
            new VariantFamily("marseillais", "Marseillais family", List.of(
                    "marseillais", "balanced-marseillais", "marseillais-old-rules", "bilateral-marseillais",
                    "central-marseillais", "black-and-white-marseillais", "kings-men-queens-men-marseillais",
                    "piece-and-pawn-marseillais", "maximummer-marseillais", "equivalent-marseillais",
                    "equidistant-marseillais", "balanced-equidistant-marseillais", "different-men-marseillais",
                    "alternating-marseillais", "double-move", "citizen", "doublet", "power-pawn")),
            new VariantFamily("monster", "Monster family (one side moves twice)", List.of(
                    "monster", "imperatore", "one-two", "double-trouble", "king-and-pawns",
                    "king-and-pawns-late-escape", "verney", "king-and-pawns-two-square-check")),
            new VariantFamily("multi-move", "Other multi-move games", List.of(
                    "brick", "triplets", "triplets-king-through-check", "threesum", "sputnik", "kazan")),
            new VariantFamily("progressive", "Progressive family", List.of(
                    "progressive", "italian-progressive", "english-progressive", "scottish-modern",
                    "bank-of-scotland", "bank-of-scotland-modern", "very-scottish", "fibonacci", "switchback",
                    "slow-progressive", "capturing-progressive", "logical-progressive", "progressive-cyclical",
                    "progressive-paired", "progressive-late-escape", "progressive-twice-at-most",
                    "progressive-forwards")),
            new VariantFamily("omni", "Omni-Chess family (many men a turn)", List.of(
                    "battle-chess", "omni-chess", "omni-chess-escape-first", "hurricane", "swarm")),
            new VariantFamily("quest", "Quest-Chess", List.of("quest")),
            new VariantFamily("momentum", "Momentum", List.of("momentum")),
            new VariantFamily("magnetic", "Magnetic family", List.of(
                    "magnetic", "gravity", "anti-gravity", "anti-magnetic", "magnetic-mover-choice",
                    "magnetic-opponent-choice", "magnetic-cyclic", "magnetic-random")),
            new VariantFamily("particle-collision", "Particle Collision family", List.of(
                    "particle-collision", "particle-collision-redistribution", "particle-collision-pawns")),
            new VariantFamily("lene-hau", "Lene Hau family", List.of("lene-hau", "progressive-lene-hau")),
            new VariantFamily("realm", "Realm family", List.of("realm", "power-realm", "free-realm")));

    private static final Map<String, VariantFamily> BY_VARIANT = index();

    private static Map<String, VariantFamily> index() {
        Map<String, VariantFamily> m = new LinkedHashMap<>();
        for (VariantFamily f : ALL) {
            for (String v : f.variants()) {
                if (m.put(v, f) != null) {
                    throw new IllegalStateException(v + " is in two families");
                }
            }
        }
        return Map.copyOf(m);
    }

    /**
     * The family of a variant key. The Magnetic family's 81 field-code variants ("magnetic-rraa")
     * are not listed one by one; a variant nobody has placed yet is a family of its own, so its
     * ratings are never mixed with another's by accident.
     */
    public static VariantFamily of(String variantKey) {
        VariantFamily f = BY_VARIANT.get(variantKey);
        if (f != null) {
            return f;
        }
        if (variantKey.startsWith("magnetic-")) {
            return BY_VARIANT.get("magnetic");
        }
        return new VariantFamily(variantKey, variantKey, List.of(variantKey));
    }

    public static Optional<VariantFamily> byKey(String familyKey) {
        return ALL.stream().filter(f -> f.key().equals(familyKey)).findFirst();
    }
}
