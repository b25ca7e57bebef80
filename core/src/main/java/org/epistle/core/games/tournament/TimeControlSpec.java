package org.epistle.core.games.tournament;

import org.epistle.core.games.clock.TimeControl;

/**
 * A tournament's time control as the spec string its games are created with: {@code none}, {@code 3d} (days a
 * move), {@code 30d+1d/45d} (base plus increment, capped), {@code 10m/50d} (N moves in D days). Read by the
 * clocks' own parser, so a tournament and its games never disagree on what a spec means.
 */
public final class TimeControlSpec {

    private TimeControlSpec() {
    }

    /**
     * The spec as the clocks write it.
     *
     * @throws IllegalArgumentException saying what is wrong and how a spec is written
     */
    public static String validate(String spec) {
        return TimeControl.parse(spec).spec();
    }
}
