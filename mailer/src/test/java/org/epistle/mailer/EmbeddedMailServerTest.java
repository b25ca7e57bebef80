package org.epistle.mailer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.mail.Folder;
import jakarta.mail.Message;
import jakarta.mail.Session;
import jakarta.mail.Store;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.angus.mail.imap.IMAPFolder;
import org.junit.jupiter.api.Test;

/** The embedded server speaks real SMTP and IMAP on loopback. */
class EmbeddedMailServerTest {

    @Test
    void a_mail_sent_over_smtp_is_read_back_over_imap() throws Exception {
        try (EmbeddedMailServer server = EmbeddedMailServer.start(0, 0, "moves@epistle.localhost", "secret")) {
            Properties props = new Properties();
            props.put("mail.smtp.host", "127.0.0.1");
            props.put("mail.smtp.port", String.valueOf(server.smtpPort()));
            Session session = Session.getInstance(props);
            MimeMessage m = new MimeMessage(session);
            m.setFrom(new InternetAddress("alice@example.com"));
            m.setRecipient(Message.RecipientType.TO, new InternetAddress("moves@epistle.localhost"));
            m.setSubject("e4");
            m.setText("e4");
            Transport.send(m);

            Store store = session.getStore("imap");
            store.connect("127.0.0.1", server.imapPort(), "moves@epistle.localhost", "secret");
            try {
                Folder inbox = store.getFolder("INBOX");
                inbox.open(Folder.READ_ONLY);
                assertEquals(1, inbox.getMessageCount());
                assertEquals("e4", inbox.getMessage(1).getSubject());
                inbox.close(false);
            } finally {
                store.close();
            }
        }
    }

    @Test
    void every_connection_sends_without_delay_and_acknowledges_at_once() throws Exception {
        try (EmbeddedMailServer server = EmbeddedMailServer.start(0, 0, "moves@epistle.localhost", "secret")) {
            Properties props = new Properties();
            props.put("mail.smtp.host", "127.0.0.1");
            props.put("mail.smtp.port", String.valueOf(server.smtpPort()));
            Session session = Session.getInstance(props);
            send(session, "e4");
            send(session, "e5");
            for (int i = 0; i < 2; i++) {
                Store store = session.getStore("imap");
                store.connect("127.0.0.1", server.imapPort(), "moves@epistle.localhost", "secret");
                store.close();
            }

            // quick acknowledgements need TCP_QUICKACK, which only Linux has
            int quick = System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("linux") ? 2 : 0;
            assertEquals(new EmbeddedMailServer.Accepted(2, 2, quick), server.accepted("smtp"));
            assertEquals(new EmbeddedMailServer.Accepted(2, 2, quick), server.accepted("imap"));
        }
    }

    /**
     * A reader that looked at its mailbox, then IDLEs, must hear of a message that arrived in between; with
     * Greenmail's own IDLE a Jakarta Mail client waited for the next message instead.
     */
    @Test
    void an_idle_ends_for_a_message_that_arrived_before_it_began_and_for_one_during_it() throws Exception {
        ExecutorService idler = Executors.newSingleThreadExecutor();
        try (EmbeddedMailServer server = EmbeddedMailServer.start(0, 0, "moves@epistle.localhost", "secret")) {
            Properties props = new Properties();
            props.put("mail.smtp.host", "127.0.0.1");
            props.put("mail.smtp.port", String.valueOf(server.smtpPort()));
            Session session = Session.getInstance(props);
            Store store = session.getStore("imap");
            store.connect("127.0.0.1", server.imapPort(), "moves@epistle.localhost", "secret");
            try {
                IMAPFolder inbox = (IMAPFolder) store.getFolder("INBOX");
                inbox.open(Folder.READ_ONLY);
                assertEquals(0, inbox.getMessageCount());

                send(session, "before the IDLE");              // stored while the client sends no command
                idleUntilAnnounced(idler, inbox, store);
                assertEquals(1, inbox.getMessageCount());

                Future<?> idling = idler.submit(() -> {
                    inbox.idle(true);
                    return null;
                });
                Thread.sleep(200);                              // let the IDLE begin; the test passes either way
                send(session, "during the IDLE");
                await(idling, store);
                assertEquals(2, inbox.getMessageCount());
            } finally {
                store.close();
            }
        } finally {
            idler.shutdownNow();
        }
    }

    private static void idleUntilAnnounced(ExecutorService idler, IMAPFolder inbox, Store store) throws Exception {
        await(idler.submit(() -> {
            inbox.idle(true);
            return null;
        }), store);
    }

    /** Waits for the IDLE to end; a generous bound that only tells "announced" from "never announced". */
    private static void await(Future<?> idling, Store store) throws Exception {
        try {
            idling.get(10, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            store.close(); // ends the IDLE so the test can finish
            fail("the IDLE was not told of the new message");
        }
    }

    private static void send(Session session, String subject) throws Exception {
        MimeMessage m = new MimeMessage(session);
        m.setFrom(new InternetAddress("alice@example.com"));
        m.setRecipient(Message.RecipientType.TO, new InternetAddress("moves@epistle.localhost"));
        m.setSubject(subject);
        m.setText(subject);
        Transport.send(m);
    }
}
