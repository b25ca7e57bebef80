package org.epistle.core.games.clock;

import java.time.Duration;

/**
 * The server's clock settings.
 *
 * @param reminderAtPercentUsed  the first reminder goes when this share of the time for a move is used (0: none)
 * @param reminderBeforeDeadline the second goes this long before the deadline (zero: none)
 * @param leaveDaysPerYear       days of leave each player may book in a calendar year
 * @param leaveNotice            how long after the request leave may start, at the earliest
 */
public record ClockSettings(int reminderAtPercentUsed, Duration reminderBeforeDeadline, int leaveDaysPerYear,
                            Duration leaveNotice) {
    public static final ClockSettings DEFAULTS = new ClockSettings(50, Duration.ofHours(24), 30, Duration.ofHours(24));

    public ClockSettings {
        if (reminderAtPercentUsed < 0 || reminderAtPercentUsed >= 100) {
            throw new IllegalArgumentException("the reminder's share of time used must be 0 to 99 percent, not " + reminderAtPercentUsed);
        }
        if (reminderBeforeDeadline.isNegative() || leaveNotice.isNegative()) {
            throw new IllegalArgumentException("durations must not be negative");
        }
        if (leaveDaysPerYear < 0 || leaveDaysPerYear > 366) {
            throw new IllegalArgumentException("leave days per year must be 0 to 366, not " + leaveDaysPerYear);
        }
    }
}
