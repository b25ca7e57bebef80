package org.epistle.core.games.clock;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;
import org.epistle.core.rules.board.Side;

/** How mails and pages write a clock: time in hand in words, the deadline in UTC and in a player's zone. */
public final class ClockFace {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("EEEE d MMMM uuuu, HH:mm", Locale.ENGLISH);

    private ClockFace() {
    }

    /** "You have 4 days 6 hours; Bob has 12 days." for the player of {@code reader}; "" without a limit. */
    public static String forPlayer(ClockReading clock, Side reader, String opponentName) {
        if (clock.left(reader).isEmpty()) {
            return "";
        }
        return "You have " + GameClock.words(clock.left(reader).get()) + "; " + opponentName + " has "
                + GameClock.words(clock.left(reader.opponent()).get()) + ".";
    }

    /** "White (Alice) has 4 days 6 hours; Black (Bob) has 12 days." for the public page; "" without a limit. */
    public static String forAll(ClockReading clock, String whiteName, String blackName) {
        if (clock.left(Side.WHITE).isEmpty()) {
            return "";
        }
        return "White (" + whiteName + ") has " + GameClock.words(clock.left(Side.WHITE).get()) + "; Black (" + blackName
                + ") has " + GameClock.words(clock.left(Side.BLACK).get()) + ".";
    }

    /** "Friday 4 December 2026, 16:00 UTC", and "(17:00 in Europe/Paris, Friday 4 December 2026)" after it when the reader has a zone. */
    public static String deadline(Instant at, Optional<ZoneId> zone) {
        String utc = WHEN.format(at.atZone(java.time.ZoneOffset.UTC)) + " UTC";
        return zone.filter(z -> !z.normalized().equals(java.time.ZoneOffset.UTC))
                .map(z -> utc + " (" + WHEN.format(at.atZone(z)) + " in " + z.getId() + ")").orElse(utc);
    }
}
