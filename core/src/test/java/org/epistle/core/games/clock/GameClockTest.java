package org.epistle.core.games.clock;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.epistle.core.games.clock.ClockHistory.ExtraTime;
import org.epistle.core.games.clock.ClockHistory.Handover;
import org.epistle.core.games.clock.ClockHistory.Pause;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Each row's figures are worked out by hand in its comment; T0 is when the game began. */
class GameClockTest {
    static final Instant T0 = Instant.parse("2026-03-02T09:00:00Z");

    static Instant t(Duration d) {
        return T0.plus(d);
    }

    static Duration days(long n) {
        return Duration.ofDays(n);
    }

    static Duration hours(long n) {
        return Duration.ofHours(n);
    }

    record Row(String name, TimeControl control, ClockHistory history, Instant now,
               Duration white, Duration black, Instant deadline) {
    }

    static final List<Row> ROWS = List.of(
            // 3 days a move, White thinking for 30 hours: 72 - 30 = 42 hours left; Black waits with 3 days
            new Row("per move: only the side to move loses time", new TimeControl.PerMove(3),
                    new ClockHistory(T0, List.of()), t(hours(30)), hours(42), days(3), t(days(3))),
            // White played after 30 h; Black's clock started then: at 48 h Black has 72 - 18 = 54 h, deadline 30 + 72 = 102 h
            new Row("per move: the next side's days start when the turn is played", new TimeControl.PerMove(3),
                    new ClockHistory(T0, List.of(Handover.turn(t(hours(30)), WHITE))), t(hours(48)), days(3), hours(54),
                    t(hours(102))),
            // 30d+1d/45d. White: 30 - 2 + 1 = 29, then 5→6 used 1, +1 = 29. Black: 30 - 3 + 1 = 28, to move at 6: deadline 6 + 28 = 34
            new Row("increment: a day more after each turn", new TimeControl.Increment(30, 1, 45),
                    new ClockHistory(T0, List.of(Handover.turn(t(days(2)), WHITE), Handover.turn(t(days(5)), BLACK),
                            Handover.turn(t(days(6)), WHITE))), t(days(6)), days(29), days(28), t(days(34))),
            // 10d+3d/12d: White plays after 1 h: 10d - 1h + 3d = 13d - 1h, over the cap: 12d
            new Row("increment: never more than the cap in hand", new TimeControl.Increment(10, 3, 12),
                    new ClockHistory(T0, List.of(Handover.turn(t(hours(1)), WHITE))), t(hours(1)), days(12), days(10),
                    t(hours(1).plus(days(10)))),
            // 2 moves in 10 days. White: 10 - 1 = 9 after turn 1; 9 - 3 = 6 at turn 2, +10 = 16.
            // Black: 10 - 1 = 9 after turn 1, to move from day 5: at day 6, 8 left; deadline 5 + 9 = 14
            new Row("moves in days: unused time carried over", new TimeControl.MovesInDays(2, 10),
                    new ClockHistory(T0, List.of(Handover.turn(t(days(1)), WHITE), Handover.turn(t(days(2)), BLACK),
                            Handover.turn(t(days(5)), WHITE))), t(days(6)), days(16), days(8), t(days(14))),
            // White on leave from day 1 to day 3, asked at day 2: only day 0→1 ran, 2 days left; deadline 3 + 2 = day 5
            new Row("leave stops the clock of the side to move", new TimeControl.PerMove(3),
                    new ClockHistory(T0, List.of(), List.of(), List.of(new Pause(WHITE, t(days(1)), t(days(3))))), t(days(2)),
                    days(2), days(3), t(days(5))),
            // Black's leave while White is to move changes nothing: White 3 - 1 = 2, Black 3
            new Row("leave of the waiting side changes nothing", new TimeControl.PerMove(3),
                    new ClockHistory(T0, List.of(), List.of(), List.of(new Pause(BLACK, T0, t(days(10))))), t(days(1)),
                    days(2), days(3), t(days(3))),
            // leave inside the turn, then the time runs on: 3 days, leave 12 h → 36 h, asked at 60 h: ran 0→12 and 36→60 = 36 h, 36 left
            new Row("leave in the middle of a turn moves the deadline by its length", new TimeControl.PerMove(3),
                    new ClockHistory(T0, List.of(), List.of(), List.of(new Pause(WHITE, t(hours(12)), t(hours(36))))),
                    t(hours(60)), hours(36), days(3), t(hours(96))),
            // 2 extra days at day 1; asked at day 2: 3 + 2 - 2 = 3 days left, deadline day 5
            new Row("extra time adds to the time in hand", new TimeControl.PerMove(3),
                    new ClockHistory(T0, List.of(), List.of(new ExtraTime(WHITE, days(2), t(days(1)))), List.of()), t(days(2)),
                    days(3), days(3), t(days(5))),
            // Quest: White's segment stops for an answer at day 1, Black answers at day 3, White ends the turn at day 4.
            // 10d+1d/20d. White: 10 - 1 - 1 = 8, +1 for the whole turn = 9. Black: 10 - 2 = 8, no increment for an answer
            new Row("an answer inside the opponent's turn costs the answering side, and earns nothing",
                    new TimeControl.Increment(10, 1, 20),
                    new ClockHistory(T0, List.of(new Handover(t(days(1)), BLACK, Optional.empty()),
                            new Handover(t(days(3)), WHITE, Optional.empty()),
                            new Handover(t(days(4)), BLACK, Optional.of(WHITE)))), t(days(4)), days(9), days(8), t(days(12))),
            // one day a move, asked after 25 hours: an hour over, the deadline was at 24 h
            new Row("time runs out", new TimeControl.PerMove(1), new ClockHistory(T0, List.of()), t(hours(25)),
                    hours(-1), days(1), t(hours(24))));

    @TestFactory Stream<DynamicTest> clocks_from_the_turns() {
        return ROWS.stream().map(row -> DynamicTest.dynamicTest(row.name(), () -> {
            ClockReading r = GameClock.read(row.control(), row.history(), row.now());
            assertEquals(Optional.of(row.white()), r.left(WHITE), "White's time");
            assertEquals(Optional.of(row.black()), r.left(BLACK), "Black's time");
            assertEquals(Optional.of(row.deadline()), r.deadline(), "deadline");
        }));
    }

    @Test void the_deadline_does_not_move_as_time_passes() {
        ClockHistory h = new ClockHistory(T0, List.of(Handover.turn(t(hours(5)), WHITE)), List.of(),
                List.of(new Pause(BLACK, t(days(1)), t(days(2)))));
        Instant early = GameClock.read(new TimeControl.PerMove(3), h, t(hours(6))).deadline().orElseThrow();
        Instant late = GameClock.read(new TimeControl.PerMove(3), h, t(days(3))).deadline().orElseThrow();
        assertEquals(t(hours(5)).plus(days(4)), early, "3 days from hour 5, plus a day of leave");
        assertEquals(early, late);
    }

    @Test void half_the_time_is_used_at_half_the_allowance() {
        // 3 days + 2 extra at day 1 = 5 days for this move: half is 2.5 days in hand, reached at day 2.5
        ClockHistory h = new ClockHistory(T0, List.of(), List.of(new ExtraTime(WHITE, days(2), t(days(1)))), List.of());
        ClockReading r = GameClock.read(new TimeControl.PerMove(3), h, t(days(1)));
        assertEquals(Optional.of(days(5)), r.allowance());
        assertEquals(Optional.of(t(hours(60))), r.when(hours(60)));
        assertEquals(Optional.of(t(days(4))), r.when(days(1)), "24 hours before the deadline at day 5");
    }

    @Test void no_limit_no_deadline() {
        ClockReading r = GameClock.read(TimeControl.NONE, new ClockHistory(T0, List.of(Handover.turn(t(days(400)), WHITE))),
                t(days(500)));
        assertEquals(BLACK, r.toMove());
        assertTrue(r.deadline().isEmpty());
        assertTrue(r.left(WHITE).isEmpty());
        assertFalse(r.isFlagged());
    }

    @Test void flagged_when_no_time_is_left() {
        assertTrue(GameClock.read(new TimeControl.PerMove(1), new ClockHistory(T0, List.of()), t(days(1))).isFlagged());
        assertFalse(GameClock.read(new TimeControl.PerMove(1), new ClockHistory(T0, List.of()), t(hours(23))).isFlagged());
    }

    @Test void time_in_words() {
        assertEquals("4 days 6 hours", GameClock.words(days(4).plus(hours(6)).plusMinutes(59)));
        assertEquals("12 days", GameClock.words(days(12)));
        assertEquals("1 day", GameClock.words(days(1)));
        assertEquals("5 hours 20 minutes", GameClock.words(hours(5).plusMinutes(20)));
        assertEquals("no time", GameClock.words(hours(-3)));
    }
}
