package org.epistle.core.games;

import java.util.Objects;
import java.util.Optional;
import org.epistle.core.games.clock.TimeControl;

/**
 * A game to create: the variant and each side's army by key (or by name, as the catalog accepts
 * them), the two players, the time control (empty: the server's default, {@code server.days-per-move}),
 * and whether the admin marked it as rated (its end then updates both players' Glicko-2 ratings; a
 * tournament's games are rated by their tournament instead).
 */
public record NewGame(String variantKey, String whiteArmyKey, String blackArmyKey, Contact white, Contact black,
                      Optional<TimeControl> timeControl, boolean rated) {
    public static final String DEFAULT_ARMY = "fabulous-fides";

    public NewGame {
        Objects.requireNonNull(timeControl, "timeControl");
    }

    /** An unrated game. */
    public NewGame(String variantKey, String whiteArmyKey, String blackArmyKey, Contact white, Contact black,
                   Optional<TimeControl> timeControl) {
        this(variantKey, whiteArmyKey, blackArmyKey, white, black, timeControl, false);
    }

    /** The same game, rated or not as the admin marked it. */
    public NewGame withRated(boolean isRated) {
        return new NewGame(variantKey, whiteArmyKey, blackArmyKey, white, black, timeControl, isRated);
    }

    /** With the server's default time control. */
    public NewGame(String variantKey, String whiteArmyKey, String blackArmyKey, Contact white, Contact black) {
        this(variantKey, whiteArmyKey, blackArmyKey, white, black, Optional.empty());
    }

    /** Both sides with the FIDE army. */
    public NewGame(String variantKey, Contact white, Contact black) {
        this(variantKey, DEFAULT_ARMY, DEFAULT_ARMY, white, black);
    }

    public NewGame withTimeControl(TimeControl control) {
        return new NewGame(variantKey, whiteArmyKey, blackArmyKey, white, black, Optional.of(control), rated);
    }
}
