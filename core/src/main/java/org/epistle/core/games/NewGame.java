package org.epistle.core.games;

import java.util.Objects;
import java.util.Optional;
import org.epistle.core.games.clock.TimeControl;

/**
 * A game to create: the variant and each side's army by key (or by name, as the catalog accepts
 * them), the two players, and the time control (empty: the server's default, {@code server.days-per-move}).
 */
public record NewGame(String variantKey, String whiteArmyKey, String blackArmyKey, Contact white, Contact black,
                      Optional<TimeControl> timeControl) {
    public static final String DEFAULT_ARMY = "fabulous-fides";

    public NewGame {
        Objects.requireNonNull(timeControl, "timeControl");
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
        return new NewGame(variantKey, whiteArmyKey, blackArmyKey, white, black, Optional.of(control));
    }
}
