package org.epistle.core.games.clock;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.epistle.core.rules.board.Side;

/**
 * What a game's clock is computed from: when the game began, every moment the move passed from one side to
 * the other, the extra time the admin gave, and the leave that stopped a side's clock.
 */
public record ClockHistory(Instant start, List<Handover> handovers, List<ExtraTime> extras, List<Pause> pauses) {

    public ClockHistory {
        Objects.requireNonNull(start, "start");
        handovers = handovers.stream().sorted(Comparator.comparing(Handover::at)).toList();
        extras = extras.stream().sorted(Comparator.comparing(ExtraTime::at)).toList();
        pauses = pauses.stream().sorted(Comparator.comparing(Pause::from)).toList();
    }

    public ClockHistory(Instant start, List<Handover> handovers) {
        this(start, handovers, List.of(), List.of());
    }

    /**
     * A stored turn (or a part of one) that passed the move to {@code toMove} at {@code at}; {@code turnEndedBy}
     * is the side whose whole turn it completed, empty for a segment that stops for an answer and for an
     * answer inside the opponent's turn (Quest-Chess), which complete no turn.
     */
    public record Handover(Instant at, Side toMove, Optional<Side> turnEndedBy) {
        public Handover {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(toMove, "toMove");
            Objects.requireNonNull(turnEndedBy, "turnEndedBy");
        }

        /** A whole turn by the side not now to move: the common case. */
        public static Handover turn(Instant at, Side mover) {
            return new Handover(at, mover.opponent(), Optional.of(mover));
        }
    }

    /** Time the admin added to a side's time in hand, at a moment. */
    public record ExtraTime(Side side, Duration amount, Instant at) {
        public ExtraTime {
            if (amount.isNegative() || amount.isZero()) {
                throw new IllegalArgumentException("extra time must be more than nothing, not " + amount);
            }
        }
    }

    /** Leave: a side's clock does not run from {@code from} to {@code until}. */
    public record Pause(Side side, Instant from, Instant until) {
        public Pause {
            if (!until.isAfter(from)) {
                throw new IllegalArgumentException("a pause ends after it starts: " + from + " to " + until);
            }
        }
    }
}
