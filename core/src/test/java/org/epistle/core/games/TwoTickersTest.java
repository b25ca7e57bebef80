package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.epistle.core.games.clock.ClockSettings;
import org.epistle.core.games.clock.TimeControl;
import org.epistle.core.testing.MovedClock;
import org.epistle.core.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two schedulers (two instances, each with its own pool) tick on one database at the same moment: every due job is
 * done by exactly one of them, so the mails written are exactly those one scheduler alone writes.
 */
class TwoTickersTest {
    private static final int GAMES = 40;

    @TempDir
    Path alone;
    @TempDir
    Path together;

    @Test
    void two_tickers_on_one_database_write_what_one_ticker_writes() throws Exception {
        Outcome one = run(alone, 1);
        Outcome two = run(together, 2);
        assertFalse(one.mails().isEmpty(), "the jobs wrote reminders and timeouts");
        assertEquals(one.mails(), two.mails(), "every reminder and timeout mail once, as with one ticker");
        assertEquals(one.claimed(), two.claimed(), "every job claimed once");
        assertEquals(one.claimed(), two.done(), "each job done is claimed by one ticker, and counted once");
        assertEquals(0, two.pendingDue(), "nothing due is left");
    }

    private record Outcome(List<String> mails, int claimed, int done, int pendingDue) {
    }

    /** Games whose clocks all run out, then {@code tickers} schedulers, each on its own pool, tick at once until idle. */
    private static Outcome run(Path dir, int tickers) throws Exception {
        MovedClock clock = new MovedClock(Club.NOW);
        try (TestDatabase scratch = TestDatabase.in(dir)) {
            List<Database> pools = new ArrayList<>();
            try {
                ServerKey key = ServerKey.inDirectory(dir);
                List<GameService> services = new ArrayList<>();
                for (int i = 0; i < tickers; i++) {
                    Database db = scratch.open();
                    pools.add(db);
                    services.add(new GameService(db, Club.IDENTITY, key, clock, DaysPerMove.NONE, ClockSettings.DEFAULTS));
                }
                GameService first = services.get(0);
                List<Long> ids = new ArrayList<>();
                for (int i = 0; i < GAMES; i++) {
                    ids.add(first.create(new NewGame("chess", new Contact("Alice", "alice@example.org"),
                            new Contact("Bob", "bob@example.org")).withTimeControl(TimeControl.parse("3d"))).gameId());
                }
                clock.move(Duration.ofDays(4)); // past every reminder and every deadline

                CyclicBarrier start = new CyclicBarrier(tickers);
                ExecutorService threads = Executors.newFixedThreadPool(tickers);
                int claimed = 0;
                try {
                    List<Future<Integer>> runs = new ArrayList<>();
                    for (GameService s : services) {
                        runs.add(threads.submit(() -> ticksUntilIdle(s, start)));
                    }
                    for (Future<Integer> r : runs) {
                        claimed += r.get(60, TimeUnit.SECONDS);
                    }
                } finally {
                    threads.shutdownNow();
                }
                // a job that met a change of its game in the same moment stays pending for a later tick, by design
                claimed += ticksUntilIdle(first, new CyclicBarrier(1));

                List<String> mails = new ArrayList<>();
                for (long id : ids) {
                    for (OutboxMail m : first.outbox().ofGame(id)) {
                        mails.add((id - ids.get(0)) + " " + m.kind() + " " + m.toAddress());
                    }
                }
                mails.sort(null);
                Database db = pools.get(0);
                int done = db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM due_jobs WHERE status = 'DONE'")
                        .mapTo(Integer.class).one());
                int pending = db.jdbi().withHandle(h -> h.createQuery(
                                "SELECT COUNT(*) FROM due_jobs WHERE status = 'PENDING' AND due_at <= :now")
                        .bind("now", clock.instant()).mapTo(Integer.class).one());
                return new Outcome(mails, claimed, done, pending);
            } finally {
                pools.forEach(Database::close);
            }
        }
    }

    private static int ticksUntilIdle(GameService service, CyclicBarrier start) throws Exception {
        start.await(30, TimeUnit.SECONDS);
        int claimed = 0;
        for (int n; (n = service.tick()) > 0; ) {
            claimed += n;
        }
        return claimed;
    }
}
