package org.epistle.core.games.clock;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

class TimeForfeitTest {

    static Position chess(String fen) {
        return Fen.read(Ruleset.of(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES), fen);
    }

    static Position marseillais(String fen) {
        return Fen.read(Ruleset.of(VariantCatalog.find("marseillais").orElseThrow(), Armies.FABULOUS_FIDES,
                Armies.FABULOUS_FIDES), fen);
    }

    @Test void out_of_time_loses_when_the_opponent_could_still_mate() {
        assertEquals("0-1", TimeForfeit.result(chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), WHITE));
        assertEquals("1-0", TimeForfeit.result(chess("4k3/8/8/8/8/8/8/R3K3 b - - 0 1"), BLACK), "a rook mates");
        assertEquals("1-0", TimeForfeit.result(chess("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"), BLACK), "a pawn may queen");
        assertEquals("1-0", TimeForfeit.result(chess("4k3/8/8/8/8/8/8/1N2KB2 b - - 0 1"), BLACK), "knight and bishop mate");
        assertEquals("1-0", TimeForfeit.result(chess("4k3/8/8/8/8/8/8/1NN1K3 b - - 0 1"), BLACK), "two knights can, with help");
    }

    @Test void out_of_time_draws_when_the_opponent_could_never_mate() {
        assertEquals("1/2-1/2", TimeForfeit.result(chess("4k3/8/8/8/8/8/8/4K3 b - - 0 1"), BLACK), "lone king");
        assertEquals("1/2-1/2", TimeForfeit.result(chess("4k3/8/8/8/8/8/8/4KB2 b - - 0 1"), BLACK), "king and bishop");
        assertEquals("1/2-1/2", TimeForfeit.result(chess("4k3/8/8/8/8/8/8/1N2K3 b - - 0 1"), BLACK), "king and knight");
        // the side out of time may have plenty: only what the opponent has counts
        assertEquals("1/2-1/2", TimeForfeit.result(chess("q3k3/8/8/8/8/8/8/4K3 b - - 0 1"), BLACK));
        assertEquals("0-1", TimeForfeit.result(chess("q3k3/8/8/8/8/8/8/4K3 w - - 0 1"), WHITE));
        // two moves a turn do not make a mate position where there is none
        assertEquals("1/2-1/2", TimeForfeit.result(marseillais("4k3/8/8/8/8/8/8/4KN2 b - - 0 1"), BLACK));
        assertEquals("0-1", TimeForfeit.result(Fen.read(Ruleset.of(VariantCatalog.find("particle-collision").orElseThrow(),
                Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES), "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), WHITE),
                "a knight may become a queen on a charged square: in Particle Collision a timeout always loses");
        assertTrue(TimeForfeit.drawnBecause(chess("4k3/8/8/8/8/8/8/4K3 b - - 0 1"), BLACK).orElseThrow()
                .startsWith("Black ran out of time, but White has too little left to mate"));
    }

    @Test void reminders_fall_at_half_the_time_and_a_day_before_the_deadline() {
        Instant t0 = Instant.parse("2026-03-02T09:00:00Z");
        ClockReading r = GameClock.read(new TimeControl.PerMove(3),
                new ClockHistory(t0, List.of(ClockHistory.Handover.turn(t0.plus(Duration.ofHours(10)), WHITE))), t0.plus(Duration.ofHours(11)));
        // Black's move came at hour 10 with 72 hours: half at hour 10 + 36 = 46, a day before the end at 10 + 72 - 24 = 58
        assertEquals(Map.of(DueKind.HALF_TIME_REMINDER, t0.plus(Duration.ofHours(46)),
                DueKind.DEADLINE_REMINDER, t0.plus(Duration.ofHours(58)),
                DueKind.TIMEOUT, t0.plus(Duration.ofHours(82))), DuePlan.moments(r, ClockSettings.DEFAULTS));
        // a one-day move: 24 hours before the deadline is when it began, so only the half-time reminder goes
        ClockReading day = GameClock.read(new TimeControl.PerMove(1), new ClockHistory(t0, List.of()), t0);
        assertEquals(Map.of(DueKind.HALF_TIME_REMINDER, t0.plus(Duration.ofHours(12)), DueKind.TIMEOUT, t0.plus(Duration.ofDays(1))),
                DuePlan.moments(day, ClockSettings.DEFAULTS));
        assertEquals(Map.of(), DuePlan.moments(GameClock.read(TimeControl.NONE, new ClockHistory(t0, List.of()), t0),
                ClockSettings.DEFAULTS));
    }
}
