package org.epistle.core.games.clock;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Side;

/**
 * A game's clock at one moment: each side's time in hand, who is to move, since when, and when their time
 * runs out. Built by {@link GameClock#read}.
 *
 * @param allowance what the side to move had in hand when the move came to them (with extra time given since):
 *                  the reminder at half the time used is at half of it
 */
public record ClockReading(TimeControl control, Instant at, Side toMove, Instant moveReceived,
                           Optional<Duration> white, Optional<Duration> black, Optional<Duration> allowance,
                           Instant lastChange, List<ClockHistory.Pause> pausesOfSideToMove) {

    /** Time in hand (negative when it has run out), empty without a limit. */
    public Optional<Duration> left(Side side) {
        return side == Side.WHITE ? white : black;
    }

    /** When the side to move runs out of time, stepping over their leave; empty without a limit. */
    public Optional<Instant> deadline() {
        return when(Duration.ZERO);
    }

    /** The moment the side to move has {@code left} in hand, counting on from now (leave stops the count). */
    public Optional<Instant> when(Duration left) {
        Optional<Duration> inHand = left(toMove);
        if (inHand.isEmpty()) {
            return Optional.empty();
        }
        // go back to the last change, from which the time in hand only runs down: the moment does not depend on now
        Duration used = GameClock.running(lastChange, at, pausesOfSideToMove);
        Duration toRun = inHand.get().plus(used).minus(left);
        return Optional.of(GameClock.after(lastChange, toRun, pausesOfSideToMove));
    }

    /** Whether the side to move has no time left. */
    public boolean isFlagged() {
        return left(toMove).map(d -> d.isNegative() || d.isZero()).orElse(false);
    }
}
