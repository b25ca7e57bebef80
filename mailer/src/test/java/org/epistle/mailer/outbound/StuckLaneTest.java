package org.epistle.mailer.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.epistle.core.games.MailKind;
import org.epistle.mailer.EmbeddedMailServer;
import org.epistle.templates.Templates;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A lane whose thread never comes back from the store (as H2 2.5 can spin forever on a connection of a database it
 * closed after a full disk) must not stop the sender: the run gives that lane up, and the next run sends every mail
 * on new lanes, each once. Real SMTP (Greenmail on 127.0.0.1); the outbox in memory, its first hold of mail 1 stuck.
 */
class StuckLaneTest {
    static final Instant T0 = Instant.parse("2024-05-04T10:00:00Z");

    private final InMemoryOutbox outbox = new InMemoryOutbox();
    private final CountDownLatch storeComesBack = new CountDownLatch(1);
    private GreenMail greenMail;

    @BeforeEach void start_mail_server() {
        greenMail = new GreenMail(EmbeddedMailServer.loopback(0, ServerSetup.PROTOCOL_SMTP));
        greenMail.start();
    }

    @AfterEach void stop_mail_server() {
        storeComesBack.countDown();
        greenMail.stop();
    }

    @Test void given_a_lane_stuck_in_the_store_when_the_sender_runs_again_then_every_mail_goes_out_once() {
        outbox.add(SampleMails.mail(1, MailKind.TURN_ACCEPTED));
        outbox.add(SampleMails.mail(2, MailKind.TURN_ACCEPTED));   // same address: queued behind mail 1 on its lane
        AtomicBoolean firstHold = new AtomicBoolean(true);
        outbox.onHold = id -> {
            if (id == 1 && firstHold.getAndSet(false)) {
                try {
                    storeComesBack.await();                          // the stuck statement
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new IllegalStateException("the database this connection belonged to is closed");
            }
        };
        SmtpSettings smtp = new SmtpSettings("127.0.0.1", greenMail.getSmtp().getPort(), SmtpSettings.Tls.NONE,
                null, null, Duration.ofSeconds(5));

        try (OutboxSender sender = new OutboxSender(outbox, new MailComposer(new Templates(), Clock.fixed(T0, ZoneOffset.UTC)),
                smtp, "epistle@epistle.localhost", "Epistle", Clock.fixed(T0, ZoneOffset.UTC), 10,
                Duration.ofSeconds(1), 1, Duration.ofSeconds(5))) {
            OutboxSender.Run stuck = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> sender.runOnce(T0),
                    "a run must not wait for ever on a lane");
            assertEquals(new OutboxSender.Run(0, 2), stuck, "neither mail went out; both stay due");
            assertFalse(outbox.isSent(1));
            assertFalse(outbox.isSent(2));

            OutboxSender.Run next = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> sender.runOnce(T0.plusSeconds(2)));

            assertEquals(new OutboxSender.Run(2, 0), next);
            assertTrue(outbox.isSent(1) && outbox.isSent(2));
            storeComesBack.countDown();                               // the stuck lane ends without sending
            List<String> ids = Arrays.stream(greenMail.getReceivedMessages()).map(m -> {
                try {
                    return m.getMessageID();
                } catch (jakarta.mail.MessagingException e) {
                    throw new IllegalStateException(e);
                }
            }).sorted().toList();
            assertEquals(List.of("<game-12.mail-1@epistle.localhost>", "<game-12.mail-2@epistle.localhost>"), ids);
        }
    }

    @Test void given_a_lane_stuck_recording_a_mail_smtp_accepted_when_the_sender_runs_again_then_it_does_not_go_twice() {
        outbox.add(SampleMails.mail(1, MailKind.TURN_ACCEPTED));
        AtomicBoolean firstRecord = new AtomicBoolean(true);
        outbox.onRecordSent = id -> {
            if (firstRecord.getAndSet(false)) {
                try {
                    storeComesBack.await();                          // the record's statement is stuck
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new IllegalStateException("the database this connection belonged to is closed");
            }
        };
        SmtpSettings smtp = new SmtpSettings("127.0.0.1", greenMail.getSmtp().getPort(), SmtpSettings.Tls.NONE,
                null, null, Duration.ofSeconds(5));

        try (OutboxSender sender = new OutboxSender(outbox, new MailComposer(new Templates(), Clock.fixed(T0, ZoneOffset.UTC)),
                smtp, "epistle@epistle.localhost", "Epistle", Clock.fixed(T0, ZoneOffset.UTC), 10,
                Duration.ofSeconds(1), 1, Duration.ofSeconds(5))) {
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> sender.runOnce(T0), "a run must not wait for ever");
            assertEquals(1, greenMail.getReceivedMessages().length, "SMTP accepted it before the record stuck");
            assertFalse(outbox.isSent(1));

            // the lease has run out (this outbox has none: the mail is due at once), and the stuck lane still records
            OutboxSender.Run next = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> sender.runOnce(T0.plusSeconds(2)));

            assertEquals(new OutboxSender.Run(0, 0), next, "nothing to send: it went out already");
            assertTrue(outbox.isSent(1), "recorded by the next run instead");
            assertEquals(1, greenMail.getReceivedMessages().length, "sent once");
        }
    }
}
