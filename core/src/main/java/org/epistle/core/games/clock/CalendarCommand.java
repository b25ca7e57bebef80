package org.epistle.core.games.clock;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A command about the player's calendar rather than one game: leave and the time zone. Such a mail applies to the player
 * whose registered address sent it, with or without a game's tag.
 */
public sealed interface CalendarCommand permits CalendarCommand.BookLeave, CalendarCommand.CancelLeave, CalendarCommand.SetTimeZone {

    /** {@code leave 2026-12-20 2027-01-03}: what follows the keyword, judged by {@link LeavePolicy}. */
    record BookLeave(String dates) implements CalendarCommand {
    }

    /** {@code leave cancel}: leave under way ends now, leave booked ahead is cancelled. */
    record CancelLeave() implements CalendarCommand {
    }

    /** {@code timezone Europe/Paris}, or {@code timezone UTC} to see UTC only. */
    record SetTimeZone(String zone) implements CalendarCommand {
    }

    /** The player command in a line, or empty when the line is none (a turn or a game command). */
    static Optional<CalendarCommand> parse(String line) {
        String text = line == null ? "" : line.strip();
        Matcher m = Pattern.compile("(?i)leave(?:\\s+(.*))?").matcher(text);
        if (m.matches()) {
            String rest = m.group(1) == null ? "" : m.group(1).strip();
            return Optional.of(rest.toLowerCase(Locale.ROOT).replaceAll("[.!]+$", "").equals("cancel")
                    ? new CancelLeave() : new BookLeave(rest));
        }
        m = Pattern.compile("(?i)time\\s?zone(?:\\s+(.*))?").matcher(text);
        if (m.matches()) {
            return Optional.of(new SetTimeZone(m.group(1) == null ? "" : m.group(1).strip()));
        }
        return Optional.empty();
    }
}
