package org.epistle.mailer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.mail.Folder;
import jakarta.mail.Message;
import jakarta.mail.Session;
import jakarta.mail.Store;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.util.Properties;
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
}
