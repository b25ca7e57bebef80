package org.epistle.web.crash;

import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.Flags;
import jakarta.mail.Folder;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.Session;
import jakarta.mail.Store;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

/** One mailbox on the test mail server, read over IMAP and answered over SMTP as a mail client does. */
final class Mailbox {
    private final String address;
    private final String password;
    private final int imapPort;
    private final Session session;

    Mailbox(String address, String password, int smtpPort, int imapPort) {
        this.address = address;
        this.password = password;
        this.imapPort = imapPort;
        Properties p = new Properties();
        p.put("mail.smtp.host", "127.0.0.1");
        p.put("mail.smtp.port", String.valueOf(smtpPort));
        p.put("mail.smtp.connectiontimeout", "10000");
        p.put("mail.smtp.timeout", "10000");
        p.put("mail.imap.connectiontimeout", "10000");
        p.put("mail.imap.timeout", "10000");
        this.session = Session.getInstance(p);
    }

    String address() {
        return address;
    }

    /** Every mail in the inbox, as fully loaded copies, oldest first; none while the mailbox does not exist. */
    List<MimeMessage> messages() {
        List<MimeMessage> out = new ArrayList<>();
        withInbox(inbox -> {
            for (Message m : inbox.getMessages()) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                m.writeTo(bytes);
                out.add(new MimeMessage(session, new ByteArrayInputStream(bytes.toByteArray())));
            }
        });
        return out;
    }

    /** How many mails in the inbox are not flagged \Seen. */
    int unseen() {
        int[] n = {0};
        withInbox(inbox -> {
            for (Message m : inbox.getMessages()) {
                if (!m.isSet(Flags.Flag.SEEN)) {
                    n[0]++;
                }
            }
        });
        return n[0];
    }

    /** The mails whose subject contains the text. */
    List<MimeMessage> withSubject(String part) {
        return messages().stream().filter(m -> subjectOf(m).contains(part)).toList();
    }

    /** Waits until the inbox holds at least {@code count} mails whose subject contains the text; returns the newest of those. */
    MimeMessage await(String subjectPart, int count, Duration timeout) {
        AtomicReference<List<MimeMessage>> found = new AtomicReference<>(List.of());
        Await.until(timeout, () -> address + " to hold " + count + " mail(s) with \"" + subjectPart + "\"; it holds: "
                + messages().stream().map(Mailbox::subjectOf).toList(), () -> {
            found.set(withSubject(subjectPart));
            return found.get().size() >= count;
        });
        return found.get().get(found.get().size() - 1);
    }

    /** Answers a mail as a mail client does: to its Reply-To, "Re:" subject, threading headers, quoted text. Returns the Message-ID. */
    String reply(MimeMessage to, String body) {
        try {
            String id = "<" + UUID.randomUUID() + "@" + address.substring(address.indexOf('@') + 1) + ">";
            MimeMessage r = new MimeMessage(session) {
                @Override
                protected void updateMessageID() throws MessagingException {
                    setHeader("Message-ID", id);   // Transport.send saves the message again: keep our ID
                }
            };
            r.setFrom(new InternetAddress(address));
            r.setRecipients(Message.RecipientType.TO, to.getReplyTo());
            r.setSubject("Re: " + to.getSubject(), "UTF-8");
            r.setHeader("In-Reply-To", to.getMessageID());
            r.setHeader("References", to.getMessageID());
            r.setText(body + "\n\nOn a day of play, Epistle wrote:\n> " + text(to).replace("\n", "\n> ") + "\n", "UTF-8");
            Transport.send(r);
            return id;
        } catch (MessagingException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static String subjectOf(MimeMessage m) {
        try {
            return m.getSubject() == null ? "" : m.getSubject();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String messageId(MimeMessage m) {
        try {
            return m.getMessageID();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The text/plain part of a mail. */
    static String text(Part part) throws MessagingException, IOException {
        if (part.isMimeType("text/plain")) {
            return (String) part.getContent();
        }
        if (part.isMimeType("multipart/*")) {
            Multipart mp = (Multipart) part.getContent();
            for (int i = 0; i < mp.getCount(); i++) {
                String t = text(mp.getBodyPart(i));
                if (!t.isEmpty()) {
                    return t;
                }
            }
        }
        return "";
    }

    private interface InboxWork {
        void run(Folder inbox) throws MessagingException, IOException;
    }

    private void withInbox(InboxWork work) {
        try {
            Store store = session.getStore("imap");
            try {
                store.connect("127.0.0.1", imapPort, address, password);
            } catch (AuthenticationFailedException e) {
                return;                                        // Greenmail creates a mailbox on first delivery
            }
            try {
                Folder inbox = store.getFolder("INBOX");
                if (!inbox.exists()) {
                    return;
                }
                inbox.open(Folder.READ_ONLY);
                try {
                    work.run(inbox);
                } finally {
                    inbox.close(false);
                }
            } finally {
                store.close();
            }
        } catch (MessagingException | IOException e) {
            throw new IllegalStateException("reading the inbox of " + address + ": " + e, e);
        }
    }
}
