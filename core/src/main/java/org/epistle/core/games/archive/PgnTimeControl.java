package org.epistle.core.games.archive;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.games.clock.TimeControl;

/**
 * A time control in the PGN standard's TimeControl form (section 9.6.1), which counts in seconds:
 * {@code 1/259200} is one move in three days (the form correspondence servers write), {@code 10/4320000} ten
 * moves in fifty days, {@code 2592000+86400} thirty days and a day more after each move, {@code -} no control.
 * A cap on time in hand has no place in the standard's form and is left out.
 */
public final class PgnTimeControl {
    private static final long DAY = 86_400;
    private static final Pattern MOVES = Pattern.compile("(\\d{1,3})/(\\d{1,12})");
    private static final Pattern INCREMENT = Pattern.compile("(\\d{1,12})\\+(\\d{1,12})");

    private PgnTimeControl() {
    }

    public static String write(TimeControl control) {
        if (control instanceof TimeControl.PerMove p) {
            return "1/" + p.days() * DAY;
        }
        if (control instanceof TimeControl.MovesInDays m) {
            return m.moves() + "/" + m.days() * DAY;
        }
        if (control instanceof TimeControl.Increment i) {
            return i.baseDays() * DAY + "+" + i.incrementDays() * DAY;
        }
        return "-";
    }

    /**
     * The control a tag names, when it is one Epistle can keep: whole days only. An increment is read with
     * its base as the cap, the standard's form having none. Empty for "?" (unknown) and anything else.
     */
    public static Optional<TimeControl> read(String value) {
        String v = value == null ? "" : value.strip();
        if (v.equals("-")) {
            return Optional.of(TimeControl.NONE);
        }
        try {
            Matcher m = MOVES.matcher(v);
            if (m.matches()) {
                int moves = Integer.parseInt(m.group(1));
                long seconds = Long.parseLong(m.group(2));
                if (seconds % DAY != 0) {
                    return Optional.empty();
                }
                int days = Math.toIntExact(seconds / DAY);
                return Optional.of(moves == 1 ? new TimeControl.PerMove(days) : new TimeControl.MovesInDays(moves, days));
            }
            m = INCREMENT.matcher(v);
            if (m.matches()) {
                long base = Long.parseLong(m.group(1));
                long more = Long.parseLong(m.group(2));
                if (base % DAY != 0 || more % DAY != 0) {
                    return Optional.empty();
                }
                int baseDays = Math.toIntExact(base / DAY);
                return Optional.of(new TimeControl.Increment(baseDays, Math.toIntExact(more / DAY), baseDays));
            }
        } catch (IllegalArgumentException | ArithmeticException e) {
            return Optional.empty(); // out of the range a control takes: unknown, like "?"
        }
        return Optional.empty();
    }
}
