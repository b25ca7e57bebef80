package org.epistle.core.games;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How long a player has for a turn: a number of days from when the turn began, that is when the turn
 * before it was played, or when the game was created. The date is shown, never enforced.
 */
public record DaysPerMove(int days) {
    /** No deadline. */
    public static final DaysPerMove NONE = new DaysPerMove(0);
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("EEEE d MMMM uuuu", Locale.ENGLISH);

    public DaysPerMove {
        if (days < 0 || days > 365) {
            throw new IllegalArgumentException("days per move must be 0 to 365, not " + days);
        }
    }

    /** The day (UTC) by which the side to move should have played, while the game goes on and there is a deadline. */
    public Optional<LocalDate> deadline(GameView game) {
        return deadline(game.isActive(), game.createdAt(), game.turns());
    }

    Optional<LocalDate> deadline(Game game) {
        return deadline(game.row().isActive(), game.row().createdAt(), game.turns());
    }

    private Optional<LocalDate> deadline(boolean active, Instant created, List<TurnRecord> turns) {
        return deadline(active, created, turns.isEmpty() ? Optional.empty() : Optional.of(turns.get(turns.size() - 1).playedAt()));
    }

    /** The same day, from when the game was created and when its latest turn was played (none yet: empty). */
    Optional<LocalDate> deadline(boolean active, Instant created, Optional<Instant> lastPlayed) {
        if (days == 0 || !active) {
            return Optional.empty();
        }
        Instant began = lastPlayed.orElse(created);
        return Optional.of(began.plus(Duration.ofDays(days)).atOffset(ZoneOffset.UTC).toLocalDate());
    }

    /** {@code Wednesday 8 May 2024}. */
    public static String format(LocalDate date) {
        return DATE.format(date);
    }
}
