package org.epistle.core.games;

/**
 * A game to create: the variant and each side's army by key (or by name, as the catalog accepts
 * them), and the two players.
 */
public record NewGame(String variantKey, String whiteArmyKey, String blackArmyKey, Contact white, Contact black) {
    public static final String DEFAULT_ARMY = "fabulous-fides";

    /** Both sides with the FIDE army. */
    public NewGame(String variantKey, Contact white, Contact black) {
        this(variantKey, DEFAULT_ARMY, DEFAULT_ARMY, white, black);
    }
}
