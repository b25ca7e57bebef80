package org.epistle.core.games.tournament;

import java.util.regex.Pattern;

/**
 * A tournament's time control as the spec string the clocks read: {@code none}, {@code 3d} (days a
 * move), {@code 30d+1d/45d} (base plus increment, capped), {@code 10m/50d} (N moves in D days).
 */
public final class TimeControlSpec {
    // TODO(lead, when the clock branch is merged): replace this pattern with TimeControl.parse(spec),
    // keeping the message, so the tournament and its games read the spec the same way.
    private static final Pattern SPEC = Pattern.compile("none|[1-9]\\d{0,2}d|[1-9]\\d{0,2}d\\+\\d{1,3}d/[1-9]\\d{0,3}d"
            + "|[1-9]\\d{0,2}m/[1-9]\\d{0,3}d");

    private TimeControlSpec() {
    }

    /** The spec, trimmed and in lower case. */
    public static String validate(String spec) {
        String s = spec == null ? "" : spec.strip().toLowerCase(java.util.Locale.ROOT);
        if (!SPEC.matcher(s).matches()) {
            throw new IllegalArgumentException("'" + (spec == null ? "" : spec.strip()) + "' is not a time control:"
                    + " use none, 3d (days a move), 30d+1d/45d (base+increment/cap) or 10m/50d (moves in days)");
        }
        return s;
    }
}
