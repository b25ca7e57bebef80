package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.icegreen.greenmail.user.MessageDeliveryHandler;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.epistle.core.games.Contact;
import org.epistle.core.games.GameService;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.testing.FullDisk;
import org.epistle.core.testing.TestDatabase;
import org.epistle.mailer.outbound.OutboxSender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk under H2 fills while the sender is sending: SMTP accepts mails that the store can no longer record.
 * Once space is back the same sender, in the same process, records them and sends every other mail, each once.
 * Time is the instant each run is given, not the wall clock.
 */
class SenderAfterFullDiskTest {
    static final Instant T0 = Instant.parse("2024-05-01T12:00:00Z");

    @TempDir
    Path dir;
    SendingOnFullDisk world;

    @BeforeEach
    void start() {
        assumeFalse(TestDatabase.isPostgres(), "about H2's own file; PostgreSQL's disk is its server's");
        world = SendingOnFullDisk.start(dir, T0);
    }

    @AfterEach
    void stop() {
        if (world != null) {
            world.close();
        }
    }

    @Test
    void given_a_disk_that_fills_while_mails_are_sent_when_space_is_back_then_every_mail_goes_out_once() throws Exception {
        GameService games = world.games;
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            ids.add(games.create(new NewGame("chess", new Contact("White " + i, "white" + i + "@example.org"),
                    new Contact("Black " + i, "black" + i + "@example.org"))).gameId());
        }
        try (OutboxSender sender = world.sender()) {
            FullDisk.fill();
            Instant now = T0.plusSeconds(1);
            for (int run = 0; run < 5; run++, now = now.plusSeconds(2)) {
                try {
                    sender.runOnce(now);
                } catch (RuntimeException storeDown) {
                    // the outbox cannot even be read while H2 is closed; the sender's own loop logs this and goes on
                }
            }
            assertTrue(FullDisk.refusedWrites() > 0, "H2 met the full disk");
            int sentDuringOutage = world.smtp.getReceivedMessages().length;

            FullDisk.free();
            for (int run = 0; run < 5; run++, now = now.plusSeconds(2)) {
                sender.runOnce(now);
            }

            Map<String, Integer> received = new HashMap<>();
            for (MimeMessage m : world.smtp.getReceivedMessages()) {
                received.merge(m.getMessageID(), 1, Integer::sum);
            }
            List<OutboxMail> written = new ArrayList<>();
            ids.forEach(id -> written.addAll(games.outbox().ofGame(id)));
            assertEquals(24, written.size());
            for (OutboxMail mail : written) {
                assertEquals(1, received.getOrDefault(mail.messageId(), 0),
                        () -> mail + " arrived " + received.get(mail.messageId()) + " times; " + sentDuringOutage
                                + " went out while the disk was full, " + world.smtp.getReceivedMessages().length + " in all");
            }
            assertEquals(List.of(), games.outbox().due(now.plus(Duration.ofDays(1)), 100), "every mail recorded as sent");
        }
    }

    /**
     * Session 12's harness waited 29 s for quiet after the disk was back: the run had leased its mails, the disk
     * filled as SMTP took the first one, so the run held the rest back, and letting them go could not be written
     * either; they went only when their lease ran out, a minute after it was taken.
     */
    @Test
    void given_a_run_whose_lease_was_written_when_the_disk_fills_during_its_first_mail_then_the_rest_go_as_soon_as_space_is_back()
            throws Exception {
        GameService games = world.games;
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ids.add(games.create(new NewGame("chess", new Contact("White " + i, "white" + i + "@example.org"),
                    new Contact("Black " + i, "black" + i + "@example.org"))).gameId());
        }
        MessageDeliveryHandler deliver = world.smtp.getUserManager().getMessageDeliveryHandler();
        AtomicBoolean filled = new AtomicBoolean();
        world.smtp.getUserManager().setMessageDeliveryHandler((message, to) -> {
            if (filled.compareAndSet(false, true)) {
                FullDisk.fill();                                // the first mail in: the disk is full before SMTP says 250
            }
            return deliver.handle(message, to);
        });
        try (OutboxSender sender = world.sender()) {
            Instant now = T0.plusSeconds(1);
            sender.runOnce(now);
            assertTrue(filled.get() && FullDisk.refusedWrites() > 0, "the disk filled during the run");
            int duringTheRun = world.smtp.getReceivedMessages().length;
            assertTrue(duringTheRun < 8, "the run held back mails it could not record: " + duringTheRun + " of 8 went");

            FullDisk.free();
            now = now.plusSeconds(2);
            sender.runOnce(now);                                // space back 2 s on, far within the lease

            Map<String, Integer> received = new HashMap<>();
            for (MimeMessage m : world.smtp.getReceivedMessages()) {
                received.merge(m.getMessageID(), 1, Integer::sum);
            }
            List<OutboxMail> written = new ArrayList<>();
            ids.forEach(id -> written.addAll(games.outbox().ofGame(id)));
            assertEquals(8, written.size());
            for (OutboxMail mail : written) {
                assertEquals(1, received.getOrDefault(mail.messageId(), 0),
                        () -> mail + " arrived " + received.get(mail.messageId()) + " times, 2 s after space was back");
            }
            assertEquals(List.of(), games.outbox().due(now.plus(Duration.ofDays(1)), 100), "every mail recorded as sent");
        }
    }
}
