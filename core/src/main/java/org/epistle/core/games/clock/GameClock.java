package org.epistle.core.games.clock;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.rules.board.Side;

/**
 * The clock arithmetic, a pure function of a game's {@link ClockHistory}, its {@link TimeControl} and a moment.
 * Time runs only for the side to move, and not while that side is on leave; each handover charges the time
 * since the last one to the side that had the move, then lets the control add what a completed turn earns.
 */
public final class GameClock {
    private GameClock() {
    }

    public static ClockReading read(TimeControl control, ClockHistory history, Instant now) {
        Optional<Duration> opening = control.opening();
        Side toMove = Side.WHITE;
        Instant received = history.start();
        Instant last = history.start();
        if (opening.isEmpty()) {
            for (ClockHistory.Handover h : history.handovers()) {
                if (!h.at().isAfter(now)) {
                    toMove = h.toMove();
                    received = h.at();
                    last = h.at();
                }
            }
            return new ClockReading(control, now, toMove, received, Optional.empty(), Optional.empty(), Optional.empty(),
                    last, List.of());
        }
        Map<Side, Duration> inHand = new EnumMap<>(Side.class);
        Map<Side, Integer> completed = new EnumMap<>(Side.class);
        for (Side s : Side.values()) {
            inHand.put(s, opening.get());
            completed.put(s, 0);
        }
        Duration allowance = opening.get();
        int nextExtra = 0;
        List<ClockHistory.ExtraTime> extras = history.extras();
        for (ClockHistory.Handover h : history.handovers()) {
            if (h.at().isAfter(now)) {
                break;
            }
            while (nextExtra < extras.size() && !extras.get(nextExtra).at().isAfter(h.at())) {
                ClockHistory.ExtraTime extra = extras.get(nextExtra++);
                charge(inHand, toMove, last, extra.at(), history.pauses());
                last = extra.at();
                inHand.merge(extra.side(), extra.amount(), Duration::plus);
                if (extra.side() == toMove) {
                    allowance = allowance.plus(extra.amount());
                }
            }
            charge(inHand, toMove, last, h.at(), history.pauses());
            last = h.at();
            if (h.turnEndedBy().isPresent()) {
                Side mover = h.turnEndedBy().get();
                int n = completed.merge(mover, 1, Integer::sum);
                inHand.put(mover, control.afterTurn(inHand.get(mover), n));
            }
            toMove = h.toMove();
            received = h.at();
            inHand.put(toMove, control.onMoveReceived(inHand.get(toMove)));
            allowance = inHand.get(toMove);
        }
        while (nextExtra < extras.size() && !extras.get(nextExtra).at().isAfter(now)) {
            ClockHistory.ExtraTime extra = extras.get(nextExtra++);
            charge(inHand, toMove, last, extra.at(), history.pauses());
            last = extra.at();
            inHand.merge(extra.side(), extra.amount(), Duration::plus);
            if (extra.side() == toMove) {
                allowance = allowance.plus(extra.amount());
            }
        }
        List<ClockHistory.Pause> own = pausesOf(toMove, history.pauses());
        Map<Side, Duration> nowInHand = new EnumMap<>(inHand);
        nowInHand.put(toMove, inHand.get(toMove).minus(running(last, now, own)));
        return new ClockReading(control, now, toMove, received, Optional.of(nowInHand.get(Side.WHITE)),
                Optional.of(nowInHand.get(Side.BLACK)), Optional.of(allowance), last, own);
    }

    private static void charge(Map<Side, Duration> inHand, Side side, Instant from, Instant to, List<ClockHistory.Pause> pauses) {
        inHand.put(side, inHand.get(side).minus(running(from, to, pausesOf(side, pauses))));
    }

    private static List<ClockHistory.Pause> pausesOf(Side side, List<ClockHistory.Pause> pauses) {
        List<ClockHistory.Pause> out = new ArrayList<>();
        for (ClockHistory.Pause p : pauses) {
            if (p.side() == side) {
                out.add(p);
            }
        }
        return out;
    }

    /** The time from {@code from} to {@code to} outside the pauses (sorted by start, one side's). */
    static Duration running(Instant from, Instant to, List<ClockHistory.Pause> pauses) {
        if (!to.isAfter(from)) {
            return Duration.ZERO;
        }
        Duration d = Duration.between(from, to);
        Instant coveredUntil = from; // pauses may overlap; count each paused instant once
        for (ClockHistory.Pause p : pauses) {
            Instant a = max(p.from(), coveredUntil);
            Instant b = min(p.until(), to);
            if (b.isAfter(a)) {
                d = d.minus(Duration.between(a, b));
                coveredUntil = b;
            }
        }
        return d;
    }

    /** The moment {@code run} of running time has passed after {@code from}, the pauses not counting. */
    static Instant after(Instant from, Duration run, List<ClockHistory.Pause> pauses) {
        Instant t = from;
        Duration rest = run;
        if (rest.isNegative()) {
            return from.plus(rest); // ran out before the last change: no pause to step over backwards
        }
        for (ClockHistory.Pause p : pauses) {
            if (!p.until().isAfter(t)) {
                continue;
            }
            if (p.from().isAfter(t)) {
                Duration gap = Duration.between(t, p.from());
                if (gap.compareTo(rest) >= 0) {
                    return t.plus(rest);
                }
                rest = rest.minus(gap);
            }
            t = p.until();
        }
        return t.plus(rest);
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    /** "4 days 6 hours", "12 days", "5 hours 20 minutes", "no time": what the mails and pages write. */
    public static String words(Duration left) {
        if (left.isNegative() || left.isZero()) {
            return "no time";
        }
        long days = left.toDays();
        long hours = left.toHoursPart();
        long minutes = left.toMinutesPart();
        if (days > 0) {
            return days(days) + (hours > 0 ? " " + plural(hours, "hour") : "");
        }
        if (hours > 0) {
            return plural(hours, "hour") + (minutes > 0 ? " " + plural(minutes, "minute") : "");
        }
        return minutes > 0 ? plural(minutes, "minute") : "less than a minute";
    }

    static String days(long n) {
        return plural(n, "day");
    }

    private static String plural(long n, String unit) {
        return n + " " + unit + (n == 1 ? "" : "s");
    }
}
