package org.epistle.core.games.clock;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/** When the clock's jobs for the move now awaited fall due: a pure function of the clock's reading and the settings. */
public final class DuePlan {
    private DuePlan() {
    }

    /**
     * The moments of the reminders and the timeout for the side to move; a reminder whose moment is not after
     * the move came to them (a move with less than 24 hours) is left out. Empty without a limit.
     */
    public static Map<DueKind, Instant> moments(ClockReading clock, ClockSettings settings) {
        Map<DueKind, Instant> out = new EnumMap<>(DueKind.class);
        Optional<Instant> deadline = clock.deadline();
        if (deadline.isEmpty()) {
            return out;
        }
        out.put(DueKind.TIMEOUT, deadline.get());
        if (settings.reminderAtPercentUsed() > 0) {
            Duration allowance = clock.allowance().orElseThrow();
            Duration left = allowance.multipliedBy(100 - settings.reminderAtPercentUsed()).dividedBy(100);
            clock.when(left).filter(t -> t.isAfter(clock.moveReceived())).ifPresent(t -> out.put(DueKind.HALF_TIME_REMINDER, t));
        }
        if (!settings.reminderBeforeDeadline().isZero()) {
            clock.when(settings.reminderBeforeDeadline()).filter(t -> t.isAfter(clock.moveReceived()))
                    .ifPresent(t -> out.put(DueKind.DEADLINE_REMINDER, t));
        }
        return out;
    }
}
