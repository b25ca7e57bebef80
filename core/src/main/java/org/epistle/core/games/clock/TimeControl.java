package org.epistle.core.games.clock;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much time a game gives its players, written as a short spec that the command line, the admin's
 * form and tournaments share: {@code none}, {@code 3d} (3 days a move), {@code 30d+1d/45d} (30 days, one
 * more after each turn, never more than 45 in hand), {@code 10m/50d} (10 turns in 50 days, unused time
 * carried over, as ICCF plays). A "move" is one turn of the variant, whatever it holds.
 *
 * <p>The control only says how a side's time in hand changes; {@link GameClock} walks a game's turns with it.
 */
public sealed interface TimeControl permits TimeControl.PerMove, TimeControl.Increment, TimeControl.MovesInDays,
        TimeControl.None {

    int MAX_DAYS = 365;

    /** The spec that {@link #parse} reads back as this control. */
    String spec();

    /** In words, for mails and pages: "3 days a move". */
    String describe();

    /** Time in hand when the game starts; empty for no limit. */
    Optional<Duration> opening();

    /** Time in hand after the side completed its {@code completed}-th turn (counted from 1). */
    Duration afterTurn(Duration inHand, int completed);

    /** Time in hand when the move passes to the side (a new turn, or an answer asked inside the opponent's). */
    default Duration onMoveReceived(Duration inHand) {
        return inHand;
    }

    default boolean isLimited() {
        return opening().isPresent();
    }

    /** Days per move: every time the move comes to a side it has the same days, and nothing is carried over. */
    record PerMove(int days) implements TimeControl {
        public PerMove {
            checkDays(days, "days per move");
        }

        @Override public String spec() {
            return days + "d";
        }

        @Override public String describe() {
            return GameClock.days(days) + " a move";
        }

        @Override public Optional<Duration> opening() {
            return Optional.of(Duration.ofDays(days));
        }

        /** The days come back whole for the next move: a waiting side is shown what it will have. */
        @Override public Duration afterTurn(Duration inHand, int completed) {
            return Duration.ofDays(days);
        }

        @Override public Duration onMoveReceived(Duration inHand) {
            return Duration.ofDays(days);
        }
    }

    /** A base, plus an increment after each completed turn, never more in hand than the cap (SchemingMind's 30+1 capped at 45). */
    record Increment(int baseDays, int incrementDays, int capDays) implements TimeControl {
        public Increment {
            checkDays(baseDays, "base");
            if (incrementDays < 0 || incrementDays > MAX_DAYS) {
                throw new IllegalArgumentException("the increment must be 0 to " + MAX_DAYS + " days, not " + incrementDays);
            }
            if (capDays < baseDays || capDays > MAX_DAYS) {
                throw new IllegalArgumentException("the cap must be at least the base (" + baseDays + " days) and at most "
                        + MAX_DAYS + " days, not " + capDays);
            }
        }

        @Override public String spec() {
            return baseDays + "d+" + incrementDays + "d/" + capDays + "d";
        }

        @Override public String describe() {
            return GameClock.days(baseDays) + ", " + GameClock.days(incrementDays) + " more after each turn, at most "
                    + GameClock.days(capDays) + " in hand";
        }

        @Override public Optional<Duration> opening() {
            return Optional.of(Duration.ofDays(baseDays));
        }

        @Override public Duration afterTurn(Duration inHand, int completed) {
            Duration more = inHand.plusDays(incrementDays);
            Duration cap = Duration.ofDays(capDays);
            // time already above the cap (extra time the admin gave) is kept, but no increment adds to it
            return more.compareTo(cap) > 0 ? (inHand.compareTo(cap) > 0 ? inHand : cap) : more;
        }
    }

    /** N turns in D days, and D days more after every N turns, unused time carried over (ICCF's 10 moves in 50 days). */
    record MovesInDays(int moves, int days) implements TimeControl {
        public MovesInDays {
            if (moves < 1 || moves > 100) {
                throw new IllegalArgumentException("the number of moves must be 1 to 100, not " + moves);
            }
            checkDays(days, "the days for " + moves + " moves");
        }

        @Override public String spec() {
            return moves + "m/" + days + "d";
        }

        @Override public String describe() {
            return moves + (moves == 1 ? " move" : " moves") + " in " + GameClock.days(days) + ", unused time carried over";
        }

        @Override public Optional<Duration> opening() {
            return Optional.of(Duration.ofDays(days));
        }

        @Override public Duration afterTurn(Duration inHand, int completed) {
            return completed % moves == 0 ? inHand.plusDays(days) : inHand;
        }
    }

    /** No time limit: no deadline, no reminder, no timeout. */
    record None() implements TimeControl {
        @Override public String spec() {
            return "none";
        }

        @Override public String describe() {
            return "no time limit";
        }

        @Override public Optional<Duration> opening() {
            return Optional.empty();
        }

        @Override public Duration afterTurn(Duration inHand, int completed) {
            return inHand;
        }
    }

    TimeControl NONE = new None();

    /**
     * Reads a spec ({@code none}, {@code 3d}, {@code 30d+1d/45d}, {@code 10m/50d}; any case, no spaces needed).
     *
     * @throws IllegalArgumentException saying what is wrong and how a spec is written
     */
    static TimeControl parse(String spec) {
        String s = spec == null ? "" : spec.strip().toLowerCase(Locale.ROOT).replace(" ", "");
        try {
            if (s.equals("none")) {
                return NONE;
            }
            Matcher m = Pattern.compile("(\\d{1,3})d").matcher(s);
            if (m.matches()) {
                return new PerMove(Integer.parseInt(m.group(1)));
            }
            m = Pattern.compile("(\\d{1,3})d\\+(\\d{1,3})d/(\\d{1,3})d").matcher(s);
            if (m.matches()) {
                return new Increment(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
            }
            m = Pattern.compile("(\\d{1,3})m/(\\d{1,3})d").matcher(s);
            if (m.matches()) {
                return new MovesInDays(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("\"" + spec + "\" is not a time control: " + e.getMessage() + ".");
        }
        throw new IllegalArgumentException("\"" + (spec == null ? "" : spec.strip()) + "\" is not a time control. Write none, "
                + "3d (3 days a move), 30d+1d/45d (30 days, 1 day more after each turn, at most 45 in hand) "
                + "or 10m/50d (10 moves in 50 days, unused time carried over).");
    }

    private static void checkDays(int days, String what) {
        if (days < 1 || days > MAX_DAYS) {
            throw new IllegalArgumentException(what + " must be 1 to " + MAX_DAYS + " days, not " + days);
        }
    }
}
