package org.epistle.core.games;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A game's clock as its page shows it.
 *
 * @param control   the time control in words, "3 days a move"
 * @param times     both sides' time in hand, "White (Alice) has 2 days; Black (Bob) has 3 days.", or "" without a limit or once over
 * @param deadline  when the side to move runs out of time, "Friday 4 December 2026, 16:00 UTC", or ""
 * @param extraTime each grant of extra time, in words, oldest first
 */
public record ClockView(String control, String times, String deadline, Optional<Instant> deadlineAt, List<String> extraTime) {
    public ClockView {
        extraTime = List.copyOf(extraTime);
    }
}
