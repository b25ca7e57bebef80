package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the mail sender sees: due mails oldest first, sent ones gone, failed ones back later. */
class OutboxTest {
    @TempDir
    Path dir;
    Club club;
    Outbox outbox;

    @BeforeEach
    void open() {
        club = Club.in(dir);
        outbox = club.service.outbox();
    }

    @AfterEach
    void close() {
        club.close();
    }

    @Test
    void new_mails_are_due_at_once_in_the_order_they_were_written() {
        CreatedGame game = club.chess();

        List<OutboxMail> due = outbox.due(Club.NOW, 10);

        assertEquals(club.mails(game), due);
        assertEquals(List.of("alice@example.org", "bob@example.org"), due.stream().map(OutboxMail::toAddress).toList());
        assertEquals(0, due.get(0).attempts());
        assertTrue(outbox.due(Club.NOW.minusSeconds(1), 10).isEmpty());
        assertEquals(1, outbox.due(Club.NOW, 1).size());
    }

    @Test
    void the_backlog_counts_the_unsent_mails_and_dates_the_oldest_until_the_last_is_sent() {
        assertEquals(new Outbox.Backlog(0, java.util.Optional.empty()), outbox.backlog());
        club.chess();
        assertEquals(new Outbox.Backlog(2, java.util.Optional.of(Club.NOW)), outbox.backlog());

        List<OutboxMail> due = outbox.due(Club.NOW, 10);
        outbox.markFailed(due.get(0).id(), "SMTP down", Club.NOW.plusSeconds(5)); // waiting for a retry is still unsent
        outbox.markSent(due.get(1).id(), Club.NOW.plusSeconds(1));
        assertEquals(new Outbox.Backlog(1, java.util.Optional.of(Club.NOW)), outbox.backlog());

        outbox.markSent(due.get(0).id(), Club.NOW.plusSeconds(6));
        assertEquals(new Outbox.Backlog(0, java.util.Optional.empty()), outbox.backlog());
    }

    @Test
    void a_sent_mail_is_no_longer_due() {
        club.chess();
        OutboxMail first = outbox.due(Club.NOW, 10).get(0);

        outbox.markSent(first.id(), Club.NOW.plusSeconds(1));

        assertEquals(1, outbox.due(Club.NOW.plusSeconds(60), 10).size());
        assertTrue(outbox.due(Club.NOW.plusSeconds(60), 10).stream().noneMatch(m -> m.id() == first.id()));
    }

    @Test
    void a_run_of_sent_mails_is_recorded_at_once() {
        club.chess();
        club.chess();
        List<OutboxMail> due = outbox.due(Club.NOW, 10);
        assertEquals(4, due.size());

        outbox.markSent(List.of(due.get(0).id(), due.get(2).id(), due.get(3).id()), Club.NOW.plusSeconds(1));

        assertEquals(List.of(due.get(1).id()), outbox.due(Club.NOW.plusSeconds(60), 10).stream().map(OutboxMail::id).toList());
        outbox.markSent(List.of(), Club.NOW.plusSeconds(2)); // nothing to record: no statement at all
    }

    static final Duration LEASE = Duration.ofSeconds(60);

    @Test
    void a_leased_mail_is_skipped_by_every_other_sender_until_its_attempt_is_recorded() {
        club.chess();
        OutboxMail first = outbox.due(Club.NOW, 10).get(0);
        Outbox elsewhere = new Outbox(club.db);                 // another instance's sender on the same database

        try (OutboxSource.Hold held = outbox.hold(first.id(), Club.NOW, LEASE).orElseThrow()) {
            assertTrue(elsewhere.hold(first.id(), Club.NOW, LEASE).isEmpty(), "a second sender skips it");
            assertTrue(outbox.hold(first.id(), Club.NOW, LEASE).isEmpty(), "and so does this one's next run");
            assertTrue(elsewhere.due(Club.NOW.plusSeconds(59), 10).stream().noneMatch(m -> m.id() == first.id()),
                    "not due for anyone while the lease lasts");
            held.sent(Club.NOW.plusSeconds(1));
        }

        assertTrue(elsewhere.hold(first.id(), Club.NOW.plusSeconds(120), LEASE).isEmpty(), "sent: never held again");
        assertTrue(outbox.due(Club.NOW.plusSeconds(120), 10).stream().noneMatch(m -> m.id() == first.id()));
    }

    @Test
    void the_lease_is_committed_before_the_mail_is_handed_out() {
        club.chess();
        OutboxMail first = outbox.due(Club.NOW, 10).get(0);

        try (OutboxSource.Hold held = outbox.hold(first.id(), Club.NOW, LEASE).orElseThrow()) {
            String holder = club.db.jdbi().withHandle(h -> h.createQuery("SELECT held_by FROM outbox WHERE id = :id")
                    .bind("id", first.id()).mapTo(String.class).one());   // a connection of its own sees it
            assertEquals(outbox.holder(), holder);
            held.sent(Club.NOW.plusSeconds(1));
        }
    }

    @Test
    void a_sender_killed_while_sending_leaves_the_mail_due_again_when_its_lease_runs_out() {
        club.chess();
        OutboxMail first = outbox.due(Club.NOW, 10).get(0);
        outbox.hold(first.id(), Club.NOW, LEASE).orElseThrow();  // never recorded, never closed: the process died
        Outbox restarted = new Outbox(club.db);

        assertTrue(restarted.hold(first.id(), Club.NOW.plusSeconds(59), LEASE).isEmpty(), "the lease still runs");
        try (OutboxSource.Hold again = restarted.hold(first.id(), Club.NOW.plusSeconds(60), LEASE).orElseThrow()) {
            again.sent(Club.NOW.plusSeconds(61));
        }
        assertTrue(outbox.due(Club.NOW.plusSeconds(600), 10).stream().noneMatch(m -> m.id() == first.id()));
    }

    @Test
    void a_leased_mail_let_go_without_a_record_is_due_again_at_once() {
        club.chess();
        OutboxMail first = outbox.due(Club.NOW, 10).get(0);

        outbox.hold(first.id(), Club.NOW, LEASE).orElseThrow().close();

        try (OutboxSource.Hold again = new Outbox(club.db).hold(first.id(), Club.NOW, LEASE).orElseThrow()) {
            again.failed("421 try again later", Club.NOW.plusSeconds(30));
        }
        assertTrue(outbox.hold(first.id(), Club.NOW.plusSeconds(29), LEASE).isEmpty(), "not due before its retry");
        assertEquals(1, outbox.due(Club.NOW.plusSeconds(30), 10).get(0).attempts());
    }

    @Test
    void a_failure_is_not_recorded_by_a_sender_whose_lease_was_taken_over() {
        club.chess();
        OutboxMail first = outbox.due(Club.NOW, 10).get(0);
        OutboxSource.Hold late = outbox.hold(first.id(), Club.NOW, LEASE).orElseThrow();
        Outbox elsewhere = new Outbox(club.db);
        OutboxSource.Hold taken = elsewhere.hold(first.id(), Club.NOW.plusSeconds(60), LEASE).orElseThrow();

        late.failed("timed out", Club.NOW.plusSeconds(5));      // its lease had run out: the other sender has it
        late.close();

        assertTrue(outbox.due(Club.NOW.plusSeconds(100), 10).stream().noneMatch(m -> m.id() == first.id()),
                "still leased to the other sender until " + Club.NOW.plusSeconds(120));
        assertEquals(0, outbox.due(Club.NOW.plusSeconds(120), 10).get(0).attempts(), "the late failure left no trace");
        taken.sent(Club.NOW.plusSeconds(61));
        taken.close();
    }

    @Test
    void a_failed_mail_is_tried_again_later_with_the_same_message_id() {
        club.chess();
        OutboxMail first = outbox.due(Club.NOW, 10).get(0);
        Instant retry = Club.NOW.plusSeconds(30);

        outbox.markFailed(first.id(), "421 try again later", retry);

        assertEquals(1, outbox.due(Club.NOW.plusSeconds(29), 10).size());
        OutboxMail again = outbox.due(retry, 10).get(0);
        assertEquals(first.id(), again.id());
        assertEquals(first.messageId(), again.messageId());
        assertEquals(first.model(), again.model());
        assertEquals(1, again.attempts());
        outbox.markFailed(first.id(), "x".repeat(10_000), retry);
        assertEquals(2, outbox.due(retry, 10).get(0).attempts());
    }
}
