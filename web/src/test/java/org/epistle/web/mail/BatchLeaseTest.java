package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Transport;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.epistle.core.games.Contact;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.games.OutboxSource;
import org.epistle.core.games.ServerKey;
import org.epistle.core.testing.TestDatabase;
import org.epistle.mailer.EmbeddedMailServer;
import org.epistle.mailer.outbound.MailComposer;
import org.epistle.mailer.outbound.OutboxSender;
import org.epistle.mailer.outbound.SmtpSettings;
import org.epistle.templates.Templates;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sender leases a lane's whole batch of due mails in one commit, and still records each mail as sent by itself the
 * moment SMTP accepts it. So an instance killed halfway through a batch has recorded what it sent; the rest of the
 * batch stays leased to the dead instance until the lease runs out, and then another instance sends it, each mail
 * once. Real parts: the database of the run (H2 file or PostgreSQL), one pool of connections per instance, a real
 * SMTP server on 127.0.0.1.
 */
class BatchLeaseTest {
    static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");
    static final Duration LEASE = Duration.ofMinutes(1);

    @TempDir
    Path dir;
    TestDatabase scratch;
    GreenMail smtp;

    @BeforeEach
    void start() {
        scratch = TestDatabase.in(dir);
        smtp = new GreenMail(EmbeddedMailServer.loopback(0, ServerSetup.PROTOCOL_SMTP));
        smtp.start();
    }

    @AfterEach
    void stop() {
        smtp.stop();
        scratch.close();
    }

    @Test
    void given_an_instance_killed_halfway_through_a_leased_batch_when_the_lease_runs_out_then_another_sends_the_rest_once()
            throws Exception {
        List<OutboxMail> written = new ArrayList<>();
        try (Database killed = scratch.open(); Database survivor = scratch.open()) {
            GameService first = service(killed);
            for (int i = 0; i < 3; i++) {
                long game = first.create(new NewGame("chess", new Contact("White " + i, "white" + i + "@example.org"),
                        new Contact("Black " + i, "black" + i + "@example.org"))).gameId();
                written.addAll(first.outbox().ofGame(game));
            }
            assertEquals(6, written.size());

            // the first instance leases the batch in one commit, sends two of its mails and records each, then dies
            Map<Long, OutboxSource.Hold> batch = first.outbox().holdAll(written.stream().map(OutboxMail::id).toList(), T0, LEASE);
            assertEquals(written.stream().map(OutboxMail::id).toList(), List.copyOf(batch.keySet()), "all six leased");
            SmtpSettings settings = SmtpSettings.local("127.0.0.1", smtp.getSmtp().getPort());
            MailComposer composer = new MailComposer(new Templates(), Clock.fixed(T0, ZoneOffset.UTC));
            for (OutboxMail mail : written.subList(0, 2)) {
                MimeMessage message = composer.compose(mail, settings.session(), "moves@epistle.localhost", "Epistle");
                Transport.send(message, message.getRecipients(MimeMessage.RecipientType.TO));
                batch.get(mail.id()).sent(T0);
            }
            killed.close();                                   // killed: the other four holds are never let go

            GameService second = service(survivor);
            try (OutboxSender sender = new OutboxSender(second.outbox(), composer, settings, "moves@epistle.localhost",
                    "Epistle", Clock.fixed(T0, ZoneOffset.UTC), 50, Duration.ofSeconds(1))) {
                // while the dead instance's lease lasts, nothing of its batch is due for anyone
                assertEquals(new OutboxSender.Run(0, 0), sender.runOnce(T0.plus(LEASE).minusSeconds(1)));
                assertEquals(2, smtp.getReceivedMessages().length);

                // when the lease has run out, the second instance takes the unsent rest, in one batch lease of its own
                assertEquals(new OutboxSender.Run(4, 0), sender.runOnce(T0.plus(LEASE)));
                assertEquals(new OutboxSender.Run(0, 0), sender.runOnce(T0.plus(LEASE).plusSeconds(60)),
                        "each recorded as sent");
            }
            assertTrue(second.outbox().due(T0.plus(Duration.ofDays(1)), 100).isEmpty(), "every mail recorded as sent");
        }

        Map<String, Integer> received = new HashMap<>();
        for (MimeMessage m : smtp.getReceivedMessages()) {
            received.merge(m.getMessageID(), 1, Integer::sum);
        }
        for (OutboxMail mail : written) {
            assertEquals(1, received.getOrDefault(mail.messageId(), 0), () -> mail + " arrived " + received.get(mail.messageId()) + " times");
        }
        assertEquals(6, smtp.getReceivedMessages().length, "nothing else, nothing twice");
    }

    private GameService service(Database db) {
        return new GameService(db, MailIdentity.defaults(), ServerKey.inDirectory(dir), Clock.fixed(T0, ZoneOffset.UTC));
    }
}
