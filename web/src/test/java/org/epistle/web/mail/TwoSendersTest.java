package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.epistle.core.games.Contact;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.OutboxMail;
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
 * Two instances drain one outbox: two senders, each with its own connections to the database (as two processes
 * would have), send at the same time against one real SMTP server, and every mail arrives exactly once.
 */
class TwoSendersTest {
    @TempDir
    Path dir;
    TestDatabase scratch;
    Database db;
    GreenMail smtp;

    @BeforeEach
    void start() {
        scratch = TestDatabase.in(dir);
        db = scratch.open();
        smtp = new GreenMail(EmbeddedMailServer.loopback(0, ServerSetup.PROTOCOL_SMTP));
        smtp.start();
    }

    @AfterEach
    void stop() {
        smtp.stop();
        db.close();
        scratch.close();
    }

    @Test
    void two_senders_on_one_database_send_every_mail_once() throws Exception {
        GameService games = new GameService(db, MailIdentity.defaults(), ServerKey.inDirectory(dir), Clock.systemUTC());
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            ids.add(games.create(new NewGame("chess", new Contact("White " + i, "white" + i + "@example.org"),
                    new Contact("Black " + i, "black" + i + "@example.org"))).gameId());
        }
        try (Database second = scratch.open()) {           // the other instance's own pool of connections
            GameService elsewhere = new GameService(second, MailIdentity.defaults(), ServerKey.inDirectory(dir), Clock.systemUTC());
            try (OutboxSender one = sender(games); OutboxSender two = sender(elsewhere)) {
                Instant later = Instant.now().plusSeconds(1);
                for (int round = 0; round < 3; round++) {
                    var a = CompletableFuture.supplyAsync(() -> one.runOnce(later));
                    var b = CompletableFuture.supplyAsync(() -> two.runOnce(later));
                    a.get();
                    b.get();
                }
            }
        }

        Map<String, Integer> received = new HashMap<>();
        for (MimeMessage m : smtp.getReceivedMessages()) {
            received.merge(m.getMessageID(), 1, Integer::sum);
        }
        List<OutboxMail> written = new ArrayList<>();
        ids.forEach(id -> written.addAll(games.outbox().ofGame(id)));
        assertEquals(30, written.size());
        for (OutboxMail mail : written) {
            assertEquals(1, received.getOrDefault(mail.messageId(), 0), () -> mail + " arrived " + received.get(mail.messageId()) + " times");
        }
        assertEquals(30, smtp.getReceivedMessages().length, "nothing else, nothing twice");
        assertTrue(games.outbox().due(Instant.now().plusSeconds(3600), 100).isEmpty(), "every mail recorded as sent");
    }

    private OutboxSender sender(GameService games) {
        return new OutboxSender(games.outbox(), new MailComposer(new Templates()),
                SmtpSettings.local("127.0.0.1", smtp.getSmtp().getPort()), "moves@epistle.localhost", "Epistle",
                Clock.systemUTC(), 50, Duration.ofSeconds(1));
    }
}
