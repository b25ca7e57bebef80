package org.epistle.core.games;

import java.time.Duration;

/**
 * Told of every turn the referee judged for a game, so an operator can count turns and see how long judging
 * takes. The web module measures with it; the game layer itself knows no metrics library.
 */
@FunctionalInterface
public interface JudgingMeter {

    /** Measures nothing. */
    JudgingMeter NONE = (variant, accepted, took) -> { };

    /**
     * @param variant  the game's variant key
     * @param accepted whether the referee accepted the turn
     * @param took     how long the referee took
     */
    void judged(String variant, boolean accepted, Duration took);
}
