package org.epistle.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.epistle.core.games.Contact;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.ServerKey;
import org.epistle.core.games.clock.TimeControl;
import org.epistle.core.testing.MovedClock;
import org.epistle.core.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scheduler's timer looks for due jobs once at the start (what fell due while the server was down) and then every
 * tick. A first look the machine holds up must not run after a tick has already looked: by then the clock may have
 * moved on, and it would take the jobs due at a later tick (ClockByMailTest failed so under load: 0 instead of 2).
 */
class ClockSchedulerTest {
    @TempDir
    Path dir;

    private static List<Thread> clockThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("epistle-clock") && t.isAlive()).toList();
    }

    private static boolean clockThreadIs(Thread.State state) {
        List<Thread> threads = clockThreads();
        return threads.size() == 1 && threads.get(0).getState() == state;
    }

    /** Alice and Bob at three days a move: White's half-time reminder falls due 36 hours after the start. */
    private GameService oneGameOnThreeDays(Database db, MovedClock clock) {
        GameService games = new GameService(db, new MailIdentity("moves@epistle.test", true, "http://127.0.0.1:7070"),
                ServerKey.inDirectory(dir), clock);
        games.create(new NewGame("chess", new Contact("Alice", "alice@example.com"), new Contact("Bob", "bob@example.com"))
                .withTimeControl(TimeControl.parse("3d")));
        return games;
    }

    @Test
    void given_a_first_look_held_up_until_after_a_tick_when_the_clock_moves_on_then_the_next_tick_does_the_jobs_due()
            throws Exception {
        MovedClock clock = new MovedClock(Instant.parse("2026-12-01T10:00:00Z"));
        try (TestDatabase scratch = TestDatabase.in(dir); Database db = scratch.open()) {
            GameService games = oneGameOnThreeDays(db, clock);
            ClockScheduler scheduler = new ClockScheduler(games, () -> { }, Duration.ofHours(1));
            try {
                synchronized (scheduler) {
                    scheduler.start();
                    Await.until(Duration.ofSeconds(30), () -> "the timer's first look to wait for the test's tick: "
                            + clockThreads(), () -> clockThreadIs(Thread.State.BLOCKED));
                    assertEquals(0, scheduler.tick(), "nothing is due at the start");
                    clock.move(Duration.ofHours(37));           // White's half-time reminder falls due at 36 h
                }
                Await.until(Duration.ofSeconds(30), () -> "the timer's first look to be over: " + clockThreads(),
                        () -> clockThreadIs(Thread.State.TIMED_WAITING));
                assertEquals(1, scheduler.tick(), "the reminder due now is done by the tick that asked for it");
                assertEquals(0, scheduler.tick(), "and once");
            } finally {
                scheduler.stop();
            }
        }
    }

    /**
     * A stop that interrupted the timer's thread (shutdownNow) hit a tick in H2's file I/O: an interrupt closes H2's
     * FileChannel, and with it the store for every connection. The stop waits for the tick instead.
     */
    @Test
    void given_a_tick_under_way_when_the_server_stops_then_the_stop_waits_for_it_and_the_tick_is_done_once()
            throws Exception {
        MovedClock clock = new MovedClock(Instant.parse("2026-12-01T10:00:00Z"));
        try (TestDatabase scratch = TestDatabase.in(dir); Database db = scratch.open()) {
            GameService games = oneGameOnThreeDays(db, clock);
            ClockScheduler scheduler = new ClockScheduler(games, () -> { }, Duration.ofHours(1));
            Thread stopping = new Thread(scheduler::stop, "stopping");
            synchronized (scheduler) {
                scheduler.start();
                // the timer's first look is under way (held at the scheduler's lock) when the clock has moved past a job
                Await.until(Duration.ofSeconds(30), () -> "the timer's first look to be under way: " + clockThreads(),
                        () -> clockThreadIs(Thread.State.BLOCKED));
                clock.move(Duration.ofHours(37));               // White's half-time reminder falls due at 36 h
                stopping.start();
                Await.until(Duration.ofSeconds(30), () -> "the stop to wait: " + stopping.getState(),
                        () -> stopping.getState() == Thread.State.TIMED_WAITING);
            }
            stopping.join(Duration.ofSeconds(60).toMillis());
            assertEquals(Thread.State.TERMINATED, stopping.getState(), "the stop ended");
            // the pool is terminated when the stop returns; its thread may take a moment longer to end
            Await.until(Duration.ofSeconds(30), () -> "the timer's thread to end after the stop: " + clockThreads(),
                    () -> clockThreads().isEmpty());
            // the look under way did the reminder, so nothing is due; and the store still answers
            assertEquals(0, games.tick(), "the reminder was done by the tick under way at the stop, once");
        }
    }
}
