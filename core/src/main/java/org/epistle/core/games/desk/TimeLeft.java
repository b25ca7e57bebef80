package org.epistle.core.games.desk;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.epistle.core.games.DaysPerMove;
import org.epistle.core.games.GameView;

/**
 * When the side to move in a game must have played. The desk and the digest sort and show games by it.
 * Today this is the "play by" day of {@link DaysPerMove} (the end of that day, UTC); a game clock that
 * knows real time left per side replaces it by giving the server another implementation.
 */
@FunctionalInterface
public interface TimeLeft {

    /** The moment the side to move runs out of time; empty when the game has no deadline or is over. */
    Optional<Instant> deadline(GameView game);

    /** The end (UTC) of the day {@link DaysPerMove} names. */
    static TimeLeft of(DaysPerMove perMove) {
        return game -> perMove.deadline(game).map(day -> day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
    }

    /** "4 days 6 hours", "5 hours 10 minutes", "overdue": how long from {@code now} to {@code deadline}. */
    static String words(Instant now, Instant deadline) {
        long minutes = java.time.Duration.between(now, deadline).toMinutes();
        if (minutes <= 0) {
            return "overdue";
        }
        long days = minutes / (24 * 60);
        long hours = minutes / 60 % 24;
        long mins = minutes % 60;
        if (days > 0) {
            return plural(days, "day") + (hours > 0 ? " " + plural(hours, "hour") : "");
        }
        return hours > 0 ? plural(hours, "hour") + (mins > 0 ? " " + plural(mins, "minute") : "") : plural(mins, "minute");
    }

    private static String plural(long n, String unit) {
        return n + " " + unit + (n == 1 ? "" : "s");
    }
}
