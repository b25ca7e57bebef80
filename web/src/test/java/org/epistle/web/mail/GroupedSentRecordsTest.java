package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.epistle.core.games.Contact;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.Outbox;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.games.OutboxSource;
import org.epistle.core.games.ServerKey;
import org.epistle.core.testing.TestDatabase;
import org.epistle.mailer.outbound.SentRecords;
import org.jdbi.v3.core.Handle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sender's lanes record the mails SMTP accepted together when they finish at about the same time: the records
 * that arrive while one commit is under way go into the next one, and no lane goes on before its own record is
 * committed. Real parts: the database of the run (H2 file or PostgreSQL) and its outbox; a commit is held up by a
 * row lock another transaction holds, as a busy database would hold it.
 */
class GroupedSentRecordsTest {
    static final Instant T0 = Instant.parse("2026-11-28T03:00:00Z");
    static final Duration LEASE = Duration.ofMinutes(1);

    @TempDir
    Path dir;
    TestDatabase scratch;
    Database db;
    Outbox outbox;
    ExecutorService lanes;

    @BeforeEach
    void start() {
        scratch = TestDatabase.in(dir);
        // H2 gives up a row lock after 2 s by default; the held-up commit below must outwait a loaded machine
        String url = TestDatabase.isPostgres() ? scratch.url() : scratch.url() + ";LOCK_TIMEOUT=60000";
        db = Database.open(url, "", "");
        outbox = service().outbox();
        lanes = Executors.newFixedThreadPool(3);
    }

    @AfterEach
    void stop() {
        lanes.shutdownNow();
        db.close();
        scratch.close();
    }

    @Test
    void given_a_commit_under_way_when_two_more_lanes_record_their_mails_then_both_go_into_the_next_commit_and_each_lane_waits_for_its_own()
            throws Exception {
        List<OutboxMail> mails = threeGamesMails();
        Map<Long, OutboxSource.Hold> holds = outbox.holdAll(mails.stream().map(OutboxMail::id).toList(), T0, LEASE);
        OutboxMail first = mails.get(0);
        OutboxMail second = mails.get(2);
        OutboxMail third = mails.get(4);
        SentRecords records = new SentRecords(outbox);

        Future<?> firstLane;
        Future<?> secondLane;
        Future<?> thirdLane;
        try (Handle busy = db.jdbi().open()) {
            busy.begin();
            busy.execute("UPDATE outbox SET attempts = attempts WHERE id = ?", first.id());

            // the first lane's record commits alone and waits on the row the busy transaction holds
            firstLane = lanes.submit(() -> records.sent(holds.get(first.id()), T0));
            await(() -> records.state().committing(), "the first lane's commit has begun");

            // two lanes finish their sends meanwhile: their records wait for the next commit
            secondLane = lanes.submit(() -> records.sent(holds.get(second.id()), T0));
            thirdLane = lanes.submit(() -> records.sent(holds.get(third.id()), T0));
            await(() -> records.state().queued() == 2, "both records queued");
            assertFalse(secondLane.isDone(), "the second lane does not go on before its record is committed");
            assertFalse(thirdLane.isDone(), "nor does the third");
            assertEquals(new SentRecords.Count(0, 0), records.count());

            busy.commit();
        }
        firstLane.get(60, TimeUnit.SECONDS);
        secondLane.get(60, TimeUnit.SECONDS);
        thirdLane.get(60, TimeUnit.SECONDS);

        assertEquals(new SentRecords.Count(2, 3), records.count(), "three records in two commits");
        List<Long> due = outbox.due(T0.plus(Duration.ofDays(1)), 100).stream().map(OutboxMail::id).toList();
        for (OutboxMail sent : List.of(first, second, third)) {
            assertFalse(due.contains(sent.id()), () -> "mail " + sent.id() + " recorded as sent");
        }
        List<OutboxMail> unsent = List.of(mails.get(1), mails.get(3), mails.get(5));
        unsent.forEach(other -> holds.get(other.id()).close()); // let go unsent: due again at once
        assertEquals(unsent.stream().map(OutboxMail::id).toList(),
                outbox.due(T0, 100).stream().map(OutboxMail::id).toList(), "the mails not sent stay due, and only they");
    }

    @Test
    void given_no_commit_under_way_when_a_lane_records_its_mail_then_it_commits_at_once_alone() {
        List<OutboxMail> mails = threeGamesMails();
        Map<Long, OutboxSource.Hold> holds = outbox.holdAll(List.of(mails.get(0).id()), T0, LEASE);
        SentRecords records = new SentRecords(outbox);

        records.sent(holds.get(mails.get(0).id()), T0);

        assertEquals(new SentRecords.Count(1, 1), records.count());
        assertEquals(new SentRecords.State(false, 0), records.state());
        assertTrue(outbox.due(T0.plus(Duration.ofDays(1)), 100).stream().noneMatch(m -> m.id() == mails.get(0).id()));
    }

    private List<OutboxMail> threeGamesMails() {
        GameService games = service();
        List<OutboxMail> written = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long game = games.create(new NewGame("chess", new Contact("White " + i, "white" + i + "@example.org"),
                    new Contact("Black " + i, "black" + i + "@example.org"))).gameId();
            written.addAll(games.outbox().ofGame(game));
        }
        assertEquals(6, written.size());
        return written;
    }

    private GameService service() {
        return new GameService(db, MailIdentity.defaults(), ServerKey.inDirectory(dir), Clock.fixed(T0, ZoneOffset.UTC));
    }

    /** Waits for a state other threads reach, up to a minute (a loaded machine), without sleeping a fixed time. */
    private static void await(BooleanSupplier reached, String what) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (!reached.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "not reached within a minute: " + what);
            Thread.yield();
        }
    }
}
