package org.epistle.mailer.outbound;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Folder;
import jakarta.mail.Multipart;
import jakarta.mail.Session;
import jakarta.mail.Store;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Properties;
import org.epistle.core.games.MailKind;
import org.epistle.core.games.OutboxMail;
import org.epistle.mailer.EmbeddedMailServer;
import org.epistle.templates.Templates;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The sender against a real SMTP server (Greenmail on 127.0.0.1), with the outbox in memory. */
class OutboxSenderTest {

    static final Instant T0 = Instant.parse("2024-05-04T10:00:00Z");
    static final String TO = "juergen@example.org";

    private final InMemoryOutbox outbox = new InMemoryOutbox();
    private final MailComposer composer = new MailComposer(new Templates(), Clock.fixed(T0, ZoneOffset.UTC));
    private GreenMail greenMail;
    private int smtpPort;
    private int imapPort;

    @BeforeEach void start_mail_server() {
        greenMail = new GreenMail(new ServerSetup[] {
                EmbeddedMailServer.loopback(0, ServerSetup.PROTOCOL_SMTP),
                EmbeddedMailServer.loopback(0, ServerSetup.PROTOCOL_IMAP)});
        greenMail.start();
        greenMail.setUser(TO, TO, "secret");
        smtpPort = greenMail.getSmtp().getPort();
        imapPort = greenMail.getImap().getPort();
    }

    @AfterEach void stop_mail_server() {
        if (greenMail != null) {
            greenMail.stop();
        }
    }

    private OutboxSender sender(SmtpSettings smtp) {
        return new OutboxSender(outbox, composer, smtp, "epistle@epistle.localhost", "Epistle",
                Clock.systemUTC(), 10, Duration.ofMillis(50));
    }

    private OutboxSender sender() {
        return sender(new SmtpSettings("127.0.0.1", smtpPort, SmtpSettings.Tls.NONE, null, null, Duration.ofSeconds(5)));
    }

    private static String messageId(MimeMessage m) throws Exception {
        return m.getHeader("Message-ID")[0];
    }

    @Test void a_mail_is_delivered_with_its_identity_threading_and_both_parts() throws Exception {
        OutboxMail mail = SampleMails.mail(1, MailKind.TURN_ACCEPTED);
        outbox.add(mail);

        var run = sender().runOnce(T0);

        assertEquals(new OutboxSender.Run(1, 0), run);
        assertTrue(outbox.isSent(1));
        assertEquals(T0, outbox.entry(1).sentAt);
        MimeMessage[] received = greenMail.getReceivedMessages();
        assertEquals(1, received.length);
        MimeMessage m = received[0];
        assertEquals(mail.messageId(), messageId(m));
        assertArrayEquals(new String[] {SampleMails.ROOT_ID}, m.getHeader("In-Reply-To"));
        assertEquals(String.join(" ", mail.references()), m.getHeader("References", " ").replaceAll("\\s+", " "));
        assertEquals(mail.replyTo(), ((InternetAddress) m.getReplyTo()[0]).getAddress());
        assertArrayEquals(new String[] {"auto-generated"}, m.getHeader("Auto-Submitted"));
        assertEquals(TO, ((InternetAddress) m.getRecipients(MimeMessage.RecipientType.TO)[0]).getAddress());

        assertTrue(m.isMimeType("multipart/alternative"), m.getContentType());
        var parts = MailComposerTest.Parts.of(m);
        for (String line : SampleMails.DIAGRAM) {
            assertTrue(parts.text().contains("    " + line), line + "\n" + parts.text());
        }
        assertTrue(parts.text().contains("    3. Nf3/Bc4"), parts.text());
        assertTrue(parts.html().contains("src=\"cid:diagram\""), parts.html());
        assertTrue(parts.png() != null && parts.png().length > 1000, "inline PNG");
    }

    @Test void the_delivered_mail_reads_cleanly_over_imap() throws Exception {
        outbox.add(SampleMails.mail(1, MailKind.TURN_REJECTED));
        sender().runOnce(T0);

        var props = new Properties();
        props.setProperty("mail.imap.connectiontimeout", "5000");
        props.setProperty("mail.imap.timeout", "5000");
        Store store = Session.getInstance(props).getStore("imap");
        store.connect("127.0.0.1", imapPort, TO, "secret");
        try {
            Folder inbox = store.getFolder("INBOX");
            inbox.open(Folder.READ_ONLY);
            assertEquals(1, inbox.getMessageCount());
            var m = (MimeMessage) inbox.getMessage(1);
            // These go through the server's BODYSTRUCTURE and ENVELOPE, not a local parse.
            assertEquals("<game-12.mail-1@epistle.localhost>", m.getMessageID());
            assertEquals("[Epistle] Game 12 · Marseillais · Black to move (turn 3)", m.getSubject());
            assertTrue(m.isMimeType("multipart/alternative"));
            var alternative = (Multipart) m.getContent();
            assertTrue(alternative.getBodyPart(0).isMimeType("text/plain"));
            var related = (Multipart) alternative.getBodyPart(1).getContent();
            assertTrue(related.getBodyPart(0).isMimeType("text/html"));
            assertTrue(related.getBodyPart(1).isMimeType("image/png"));
            assertTrue(((String) alternative.getBodyPart(0).getContent()).contains("> Bc4-f7/Qh5"));
            inbox.close(false);
        } finally {
            store.close();
        }
    }

    @Test void a_sent_mail_is_not_sent_again() throws Exception {
        outbox.add(SampleMails.mail(1, MailKind.BOARD));
        var sender = sender();

        sender.runOnce(T0);
        var again = sender.runOnce(T0.plusSeconds(60));

        assertEquals(0, again.total());
        assertEquals(1, greenMail.getReceivedMessages().length);
        assertEquals(1, outbox.markSentCalls);
    }

    @Test void a_kept_connection_the_server_dropped_is_replaced_without_delaying_the_mail() throws Exception {
        outbox.add(SampleMails.mail(1, MailKind.TURN_ACCEPTED));
        var sender = sender();
        assertEquals(new OutboxSender.Run(1, 0), sender.runOnce(T0));   // opens a connection and keeps it

        greenMail.stop();                                                 // the kept connection dies with the server
        greenMail = new GreenMail(EmbeddedMailServer.loopback(smtpPort, ServerSetup.PROTOCOL_SMTP));
        greenMail.start();
        outbox.add(SampleMails.mail(2, MailKind.TURN_ACCEPTED));

        assertEquals(new OutboxSender.Run(1, 0), sender.runOnce(T0), "sent at once on a new connection, not put off");
        assertTrue(outbox.entry(2).retries.isEmpty(), outbox.entry(2).errors.toString());
        assertEquals(1, greenMail.getReceivedMessages().length);
        sender.close();
    }

    @Test void many_mails_to_one_address_go_out_each_once_and_in_order_on_its_connection() throws Exception {
        int count = 40;
        for (int i = 1; i <= count; i++) {
            outbox.add(SampleMails.mail(i, MailKind.TURN_ACCEPTED));
        }
        var sender = new OutboxSender(outbox, composer,
                new SmtpSettings("127.0.0.1", smtpPort, SmtpSettings.Tls.NONE, null, null, Duration.ofSeconds(5)),
                "epistle@epistle.localhost", "Epistle", Clock.systemUTC(), 100, Duration.ofMillis(50), 4);

        assertEquals(new OutboxSender.Run(count, 0), sender.runOnce(T0));
        MimeMessage[] received = greenMail.getReceivedMessages();
        assertEquals(count, received.length, "each mail exactly once");
        List<String> ids = new java.util.ArrayList<>();
        for (MimeMessage m : received) {
            ids.add(messageId(m));
        }
        List<String> expected = new java.util.ArrayList<>();
        for (int i = 1; i <= count; i++) {
            expected.add(SampleMails.mail(i, MailKind.TURN_ACCEPTED).messageId());
        }
        assertEquals(expected, ids, "one recipient: one connection, in the outbox's order");
        sender.close();
    }

    @Test void a_runs_mails_to_several_players_are_leased_in_one_commit_and_each_goes_out_once() throws Exception {
        // a turn writes a mail to each player: their addresses take different connections, the lease is one commit
        List<String> players = List.of("white@example.org", "black@example.org", "third@example.org", "fourth@example.org");
        for (int i = 0; i < 8; i++) {
            OutboxMail m = SampleMails.mail(i + 1, MailKind.TURN_ACCEPTED);
            outbox.add(new OutboxMail(m.id(), m.gameId(), m.kind(), m.toName(), players.get(i % players.size()), m.subject(),
                    m.messageId(), m.inReplyTo(), m.references(), m.replyTo(), m.model(), m.attempts()));
        }
        var sender = new OutboxSender(outbox, composer,
                new SmtpSettings("127.0.0.1", smtpPort, SmtpSettings.Tls.NONE, null, null, Duration.ofSeconds(5)),
                "epistle@epistle.localhost", "Epistle", Clock.systemUTC(), 100, Duration.ofMillis(50), 4);

        assertEquals(new OutboxSender.Run(8, 0), sender.runOnce(T0));

        assertEquals(1, outbox.leases.size(), "one lease for the run, not one a connection: " + outbox.leases);
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L), outbox.leases.get(0).stream().sorted().toList());
        List<String> ids = new java.util.ArrayList<>();
        for (MimeMessage m : greenMail.getReceivedMessages()) {
            ids.add(messageId(m));
        }
        assertEquals(8, ids.size(), "each mail once");
        assertEquals(8, ids.stream().distinct().count());
        sender.close();
    }

    @Test void each_mail_is_recorded_as_sent_as_soon_as_smtp_accepts_it_not_at_the_end_of_the_run() throws Exception {
        int count = 5;
        for (int i = 1; i <= count; i++) {
            outbox.add(SampleMails.mail(i, MailKind.TURN_ACCEPTED));   // one address: one connection, one after another
        }
        List<Integer> receivedWhenRecorded = new java.util.ArrayList<>();
        outbox.onMarkSent = id -> receivedWhenRecorded.add(greenMail.getReceivedMessages().length);
        var sender = sender();

        assertEquals(new OutboxSender.Run(count, 0), sender.runOnce(T0));

        // a kill between two sends would find every mail SMTP took recorded, so none of them goes twice
        assertEquals(List.of(1, 2, 3, 4, 5), receivedWhenRecorded);
        sender.close();
    }

    @Test void an_smtp_outage_delays_mail_and_loses_none_and_the_retry_is_the_same_mail() throws Exception {
        OutboxMail mail = SampleMails.mail(1, MailKind.TURN_ACCEPTED);
        outbox.add(mail);
        outbox.add(SampleMails.mail(2, MailKind.TURN_ACCEPTED));
        var sender = sender();
        greenMail.stop();

        var first = sender.runOnce(T0);

        assertEquals(new OutboxSender.Run(0, 2), first);
        assertFalse(outbox.isSent(1));
        assertEquals(List.of(T0.plusSeconds(5)), outbox.entry(1).retries);
        assertTrue(outbox.entry(1).errors.get(0).contains("onnect"), outbox.entry(1).errors.toString());

        assertEquals(0, sender.runOnce(T0.plusSeconds(4)).total(), "not due before the retry time");

        var second = sender.runOnce(T0.plusSeconds(5));                       // still down: the delay doubles
        assertEquals(2, second.failed());
        assertEquals(List.of(T0.plusSeconds(5), T0.plusSeconds(15)), outbox.entry(1).retries);

        greenMail = new GreenMail(EmbeddedMailServer.loopback(smtpPort, ServerSetup.PROTOCOL_SMTP));
        greenMail.start();
        var third = sender.runOnce(T0.plusSeconds(15));

        assertEquals(new OutboxSender.Run(2, 0), third);
        assertTrue(outbox.isSent(1) && outbox.isSent(2));
        assertEquals(0, sender.runOnce(T0.plusSeconds(3600)).total());
        MimeMessage[] received = greenMail.getReceivedMessages();
        assertEquals(2, received.length, "each mail exactly once");
        assertEquals(List.of(mail.messageId(), "<game-12.mail-2@epistle.localhost>"),
                List.of(messageId(received[0]), messageId(received[1])));
    }

    @Test void the_retry_delay_doubles_from_five_seconds_up_to_fifteen_minutes() {
        assertEquals(Duration.ofSeconds(5), OutboxSender.backoff(0));
        assertEquals(Duration.ofSeconds(10), OutboxSender.backoff(1));
        assertEquals(Duration.ofSeconds(20), OutboxSender.backoff(2));
        assertEquals(Duration.ofSeconds(640), OutboxSender.backoff(7));
        assertEquals(Duration.ofMinutes(15), OutboxSender.backoff(8));
        assertEquals(Duration.ofMinutes(15), OutboxSender.backoff(1_000_000));
        assertEquals(Duration.ofSeconds(5), OutboxSender.backoff(-1));
    }

    @Test void while_the_server_cannot_be_reached_a_mail_waits_at_most_ten_seconds_so_it_goes_soon_after_the_return() throws Exception {
        outbox.add(SampleMails.mail(1, MailKind.TURN_ACCEPTED));
        var sender = sender();
        greenMail.stop();

        for (int seconds : new int[] {0, 5, 15, 25, 35}) {                      // a long outage: the doubling stops at 10 s
            assertEquals(1, sender.runOnce(T0.plusSeconds(seconds)).failed(), "still down at " + seconds + " s");
        }
        assertEquals(List.of(T0.plusSeconds(5), T0.plusSeconds(15), T0.plusSeconds(25), T0.plusSeconds(35),
                T0.plusSeconds(45)), outbox.entry(1).retries);

        greenMail = new GreenMail(EmbeddedMailServer.loopback(smtpPort, ServerSetup.PROTOCOL_SMTP));
        greenMail.start();                                                     // back at 36 s
        assertEquals(0, sender.runOnce(T0.plusSeconds(44)).total(), "not due before its retry time");
        assertEquals(new OutboxSender.Run(1, 0), sender.runOnce(T0.plusSeconds(45)));
        assertEquals(1, greenMail.getReceivedMessages().length, "sent once, 9 s after the server's return");
    }

    /**
     * Run 2 of the standing harness' defaults (session 11) waited 147 s for quiet after a 60 s SMTP outage: lanes that
     * failed to connect at the same instant shared one "connect error" of the run, and a lane whose own error had been
     * overwritten by another lane's took its failure for an answer of the server, so a mail that had waited out the
     * outage (6 attempts) was put off 160 s instead of 10.
     */
    @Test void given_an_outage_when_every_lane_fails_to_connect_at_once_then_each_mail_is_tried_again_within_ten_seconds()
            throws Exception {
        int lanes = 8;
        int mails = 32;
        for (long id = 1; id <= mails; id++) {                                  // one address a mail: every lane busy
            OutboxMail m = SampleMails.mail(id, MailKind.TURN_ACCEPTED);
            outbox.add(new OutboxMail(m.id(), m.gameId(), m.kind(), m.toName(), "player" + id + "@example.org",
                    m.subject(), m.messageId(), m.inReplyTo(), m.references(), m.replyTo(), m.model(), 5));
        }
        var sender = new OutboxSender(outbox, composer,
                new SmtpSettings("127.0.0.1", smtpPort, SmtpSettings.Tls.NONE, null, null, Duration.ofSeconds(5)),
                "epistle@epistle.localhost", "Epistle", Clock.systemUTC(), mails, Duration.ofMillis(50), lanes);
        greenMail.stop();                                                       // the port now refuses connections

        for (int run = 0; run < 60; run++) {                                 // a race: many runs to meet it
            Instant now = T0.plusSeconds(10L * run);
            assertEquals(mails, sender.runOnce(now).failed(), "every mail is due and fails, run " + run);
            for (long id = 1; id <= mails; id++) {
                List<Instant> retries = outbox.entry(id).retries;
                assertEquals(now.plusSeconds(10), retries.get(retries.size() - 1),
                        "mail " + id + " after run " + run + ": the server could not be reached, whichever lane saw it first");
            }
        }
        sender.close();
    }

    @Test void a_server_that_refuses_the_login_is_asked_again_with_the_doubling_delay() throws Exception {
        greenMail.setUser("epistle@epistle.localhost", "epistle", "right");
        outbox.add(SampleMails.mail(1, MailKind.BOARD));
        var sender = sender(new SmtpSettings("127.0.0.1", smtpPort, SmtpSettings.Tls.NONE, "epistle", "wrong",
                Duration.ofSeconds(5)));

        for (int seconds : new int[] {0, 5, 15, 35}) {
            assertEquals(1, sender.runOnce(T0.plusSeconds(seconds)).failed());
        }

        assertEquals(List.of(T0.plusSeconds(5), T0.plusSeconds(15), T0.plusSeconds(35), T0.plusSeconds(75)),
                outbox.entry(1).retries, "the server answered: its refusal is not an outage");
        assertEquals(0, greenMail.getReceivedMessages().length);
    }

    @Test void the_retry_delay_of_an_unreachable_server_doubles_from_five_seconds_up_to_ten() {
        java.io.IOException refused = new java.net.ConnectException("Connection refused");
        jakarta.mail.MessagingException connectFailed = new jakarta.mail.MessagingException("Couldn't connect", refused);
        assertEquals(Duration.ofSeconds(5), RetrySchedule.after(0, connectFailed, true));
        assertEquals(Duration.ofSeconds(10), RetrySchedule.after(1, connectFailed, true));
        assertEquals(Duration.ofSeconds(10), RetrySchedule.after(2, connectFailed, true));
        assertEquals(Duration.ofSeconds(10), RetrySchedule.after(1_000_000, connectFailed, true));
        assertEquals(Duration.ofSeconds(20), RetrySchedule.after(2, connectFailed, false), "a send that broke off doubles on");
        assertEquals(Duration.ofSeconds(20), RetrySchedule.after(2, new jakarta.mail.AuthenticationFailedException("535"), true),
                "a refused login is an answer");
    }

    @Test void non_ascii_subjects_and_names_arrive_intact() throws Exception {
        outbox.add(SampleMails.mail(1, MailKind.GAME_STARTED));

        sender().runOnce(T0);

        MimeMessage m = greenMail.getReceivedMessages()[0];
        assertEquals("[Epistle] Game 12 · Marseillais · Black to move (turn 3)", m.getSubject());
        assertEquals("Jürgen", ((InternetAddress) m.getRecipients(MimeMessage.RecipientType.TO)[0]).getPersonal());
        String headers = GreenMailUtil.getHeaders(m);
        assertTrue(headers.chars().allMatch(c -> c < 128), headers);
        assertTrue(MailComposerTest.Parts.of(m).text().contains("Hello Jürgen,"));
    }

    @Test void a_header_injection_in_name_or_subject_adds_no_recipient() throws Exception {
        outbox.add(SampleMails.mail(1, MailKind.TURN_ACCEPTED, "x\r\nBcc: evil@x", "Game 12\r\nBcc: evil@x",
                SampleMails.MODEL));

        assertEquals(1, sender().runOnce(T0).sent());

        MimeMessage[] received = greenMail.getReceivedMessages();
        assertEquals(1, received.length, "one copy, to the one recipient");
        // Greenmail creates a mailbox for every envelope recipient it accepts: evil@x got none.
        // (getReceivedMessagesForDomain("x") would not do here: it matches the To header's text, name included.)
        assertNull(greenMail.getUserManager().getUserByEmail("evil@x"));
        assertEquals(List.of(TO), greenMail.getUserManager().listUser().stream().map(u -> u.getEmail()).toList());
        MimeMessage m = received[0];
        assertNull(m.getHeader("Bcc"));
        String headers = GreenMailUtil.getHeaders(m);
        assertFalse(headers.contains("\nBcc:") || headers.startsWith("Bcc:"), headers);
        assertEquals("Game 12 Bcc: evil@x", m.getSubject());
    }

    @Test void a_mail_is_not_sent_twice_when_recording_the_success_fails() throws Exception {
        outbox.add(SampleMails.mail(1, MailKind.BOARD));
        outbox.markSentFailures = 1;
        var sender = sender();

        assertEquals(1, sender.runOnce(T0).sent());
        assertFalse(outbox.isSent(1), "the store did not record it");

        var next = sender.runOnce(T0.plusSeconds(1));

        assertEquals(0, next.total());
        assertTrue(outbox.isSent(1), "recorded on the next run");
        assertEquals(1, greenMail.getReceivedMessages().length);
    }

    @Test void while_a_sent_mail_cannot_be_recorded_no_further_mail_is_sent() throws Exception {
        // a full disk: every record fails, and what the sender remembers instead would be gone after a restart
        for (long id = 1; id <= 5; id++) outbox.add(SampleMails.mail(id, MailKind.BOARD));
        outbox.markSentFailures = 1_000;
        var sender = sender();

        var first = sender.runOnce(T0);
        var second = sender.runOnce(T0.plusSeconds(1));

        assertEquals(1, first.sent(), "one mail to one address goes out before the store is found unable to write");
        assertEquals(0, second.total(), "nothing is sent while that mail is not recorded");
        assertEquals(1, greenMail.getReceivedMessages().length);

        outbox.markSentFailures = 0;                                    // space again
        var third = sender.runOnce(T0.plusSeconds(2));

        assertEquals(4, third.sent());
        for (long id = 1; id <= 5; id++) assertTrue(outbox.isSent(id), "mail " + id + " recorded");
        assertEquals(5, greenMail.getReceivedMessages().length, "each mail once");
    }

    @Test void a_mail_that_cannot_be_composed_waits_and_does_not_hold_up_the_others() throws Exception {
        outbox.add(SampleMails.mail(1, MailKind.TURN_ACCEPTED, "Jürgen", "broken", SampleMails.modelWithout("playedTurn")));
        outbox.add(SampleMails.mail(2, MailKind.TURN_ACCEPTED));

        var run = sender().runOnce(T0);

        assertEquals(new OutboxSender.Run(1, 1), run);
        assertFalse(outbox.isSent(1));
        assertTrue(outbox.entry(1).errors.get(0).contains("playedTurn"), outbox.entry(1).errors.toString());
        assertEquals(List.of(T0.plusSeconds(5)), outbox.entry(1).retries);
        assertTrue(outbox.isSent(2));
    }

    @Test void the_sender_thread_delivers_when_woken_and_stops() throws Exception {
        var sender = new OutboxSender(outbox, composer,
                new SmtpSettings("127.0.0.1", smtpPort, SmtpSettings.Tls.NONE, null, null, Duration.ofSeconds(5)),
                "epistle@epistle.localhost", "Epistle", Clock.systemUTC(), 10, Duration.ofMinutes(10));
        sender.start();
        try {
            outbox.add(SampleMails.mail(1, MailKind.HELP));
            sender.wake();

            assertTrue(greenMail.waitForIncomingEmail(10_000, 1), "delivered long before the 10 minute poll");
        } finally {
            sender.stop();
        }
        for (int i = 0; i < 100 && !outbox.isSent(1); i++) {
            Thread.sleep(10);
        }
        assertTrue(outbox.isSent(1));
    }

    @Test void a_login_is_used_when_configured_and_a_wrong_one_is_retried_later() throws Exception {
        greenMail.setUser("epistle@epistle.localhost", "epistle", "right");
        outbox.add(SampleMails.mail(1, MailKind.BOARD));

        var wrong = sender(new SmtpSettings("127.0.0.1", smtpPort, SmtpSettings.Tls.NONE, "epistle", "wrong",
                Duration.ofSeconds(5))).runOnce(T0);

        assertEquals(1, wrong.failed());
        assertEquals(0, greenMail.getReceivedMessages().length);

        var right = sender(new SmtpSettings("127.0.0.1", smtpPort, SmtpSettings.Tls.NONE, "epistle", "right",
                Duration.ofSeconds(5))).runOnce(T0.plusSeconds(5));

        assertEquals(1, right.sent());
        assertEquals(1, greenMail.getReceivedMessages().length);
    }

    @Test void settings_never_print_the_password() {
        var s = new SmtpSettings("smtp.example.org", 587, SmtpSettings.Tls.STARTTLS, "me", "hunter2", Duration.ofSeconds(10));

        assertFalse(s.toString().contains("hunter2"), s.toString());
        var props = s.session().getProperties();
        assertEquals("10000", props.getProperty("mail.smtp.connectiontimeout"));
        assertEquals("10000", props.getProperty("mail.smtp.timeout"));
        assertEquals("10000", props.getProperty("mail.smtp.writetimeout"));
        assertEquals("true", props.getProperty("mail.smtp.starttls.required"));
        assertEquals("smtps", new SmtpSettings("h", 465, SmtpSettings.Tls.IMPLICIT, null, null, Duration.ofSeconds(1)).protocol());
    }
}
