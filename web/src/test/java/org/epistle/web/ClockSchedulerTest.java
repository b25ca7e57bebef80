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

    @Test
    void given_a_first_look_held_up_until_after_a_tick_when_the_clock_moves_on_then_the_next_tick_does_the_jobs_due()
            throws Exception {
        MovedClock clock = new MovedClock(Instant.parse("2026-12-01T10:00:00Z"));
        try (TestDatabase scratch = TestDatabase.in(dir); Database db = scratch.open()) {
            GameService games = new GameService(db, new MailIdentity("moves@epistle.test", true, "http://127.0.0.1:7070"),
                    ServerKey.inDirectory(dir), clock);
            games.create(new NewGame("chess", new Contact("Alice", "alice@example.com"), new Contact("Bob", "bob@example.com"))
                    .withTimeControl(TimeControl.parse("3d")));
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
}
