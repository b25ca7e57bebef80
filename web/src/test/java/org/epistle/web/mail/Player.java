package org.epistle.web.mail;

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
import java.util.function.Predicate;

/** A player with a mailbox on the test mail server, who reads and answers Epistle's mail. */
public final class Player {
    private final String name;
    private final String email;
    private final String password;
    private final int smtpPort;
    private final int imapPort;
    private final Session session;

    Player(String name, String email, int smtpPort, int imapPort) {
        this(name, email, email, smtpPort, imapPort);
    }

    /** A mailbox with its own IMAP password (Greenmail's auto-created ones use the address). */
    public Player(String name, String email, String password, int smtpPort, int imapPort) {
        this.name = name;
        this.email = email;
        this.password = password;
        this.smtpPort = smtpPort;
        this.imapPort = imapPort;
        Properties p = new Properties();
        p.put("mail.smtp.host", "127.0.0.1");
        p.put("mail.smtp.port", String.valueOf(smtpPort));
        p.put("mail.imap.host", "127.0.0.1");
        p.put("mail.imap.port", String.valueOf(imapPort));
        this.session = Session.getInstance(p);
    }

    public String name() {
        return name;
    }

    public String email() {
        return email;
    }

    private final List<MimeMessage> loaded = new ArrayList<>();

    /** Every mail in the player's inbox, as fully loaded copies, oldest first. */
    public List<MimeMessage> inbox() {
        try {
            Store store = session.getStore("imap");
            store.connect("127.0.0.1", imapPort, email, password);
            try {
                Folder inbox = store.getFolder("INBOX");
                if (!inbox.exists()) {
                    return List.of();
                }
                inbox.open(Folder.READ_ONLY);
                // A player's inbox only grows in these tests, so the mails already copied are kept and only
                // new ones are fetched: polling a long game's inbox stays cheap.
                int count = inbox.getMessageCount();
                synchronized (loaded) {
                    if (count < loaded.size()) {
                        loaded.clear();
                    }
                    for (int n = loaded.size() + 1; n <= count; n++) {
                        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                        inbox.getMessage(n).writeTo(bytes);
                        loaded.add(new MimeMessage(session, new ByteArrayInputStream(bytes.toByteArray())));
                    }
                    inbox.close(false);
                    return List.copyOf(loaded);
                }
            } finally {
                store.close();
            }
        } catch (MessagingException | IOException e) {
            // no mailbox yet: Greenmail creates it on first delivery
            if (String.valueOf(e.getMessage()).contains("AUTHENTICATE") || String.valueOf(e.getMessage()).contains("LOGIN")) {
                return List.of();
            }
            throw new IllegalStateException(e);
        }
    }

    /** How many mails in the inbox are not flagged \\Seen (for the server's own mailbox: not yet handled). */
    public int unseen() {
        try {
            Store store = session.getStore("imap");
            store.connect("127.0.0.1", imapPort, email, password);
            try {
                Folder inbox = store.getFolder("INBOX");
                inbox.open(Folder.READ_ONLY);
                int n = 0;
                for (Message m : inbox.getMessages()) {
                    if (!m.isSet(jakarta.mail.Flags.Flag.SEEN)) {
                        n++;
                    }
                }
                inbox.close(false);
                return n;
            } finally {
                store.close();
            }
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The mails whose subject or first line contains the text, oldest first. A game's mails share one subject; what
     * each is about ("Alice played e4 — your move, turn 1", "Your turn was not accepted: Bc5") is its first line.
     */
    public List<MimeMessage> withSubject(String part) {
        return inbox().stream().filter(m -> seen(m).contains(part)).toList();
    }

    /** What an inbox list shows of a mail: its subject, a line break, and the first line of its text (the preview). */
    public static String seen(MimeMessage m) {
        return subjectOf(m) + "\n" + firstLine(m);
    }

    /** The first line of the text part, where the server says what happened. */
    public static String firstLine(MimeMessage m) {
        try {
            return text(m).lines().findFirst().orElse("").strip();
        } catch (MessagingException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String messageId(MimeMessage m) {
        try {
            return m.getMessageID();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Waits until the inbox holds {@code count} mails whose subject and first line ({@link #seen}) match, and returns
     * the {@code count}th.
     */
    public MimeMessage awaitMail(Predicate<String> subject, int count, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<MimeMessage> matching = List.of();
        while (System.nanoTime() < deadline) {
            matching = inbox().stream().filter(m -> subject.test(seen(m))).toList();
            if (matching.size() >= count) {
                return matching.get(count - 1);
            }
            pause();
        }
        throw new AssertionError(email + " has " + matching.size() + " matching mails, not " + count + ", after " + timeout
                + "; inbox: " + inbox().stream().map(Player::seen).toList());
    }

    public MimeMessage awaitMail(String subjectPart, int count, Duration timeout) {
        return awaitMail(s -> s.contains(subjectPart), count, timeout);
    }

    public MimeMessage awaitMail(String subjectPart, int count) {
        return awaitMail(s -> s.contains(subjectPart), count, Duration.ofSeconds(20));
    }

    private static void pause() {
        try {
            Thread.sleep(50); // polling a mailbox; the assertion is on the deadline, not on this
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    public static String subjectOf(MimeMessage m) {
        try {
            return m.getSubject() == null ? "" : m.getSubject();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Answers a mail from Epistle as a mail client would: to its Reply-To, "Re:" subject, threading headers, quote. */
    public String reply(MimeMessage to, String body) {
        try {
            String id = "<" + UUID.randomUUID() + "@" + email.substring(email.indexOf('@') + 1) + ">";
            MimeMessage r = new MimeMessage(session) {
                @Override
                protected void updateMessageID() throws MessagingException {
                    setHeader("Message-ID", id); // what a client sends is what it returns
                }
            };
            r.setFrom(new InternetAddress(email, name));
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

    /** Writes a new mail (not a reply) to the address, as a player starting a conversation with the server would. */
    public String write(String to, String subject, String body) {
        try {
            String id = "<" + UUID.randomUUID() + "@" + email.substring(email.indexOf('@') + 1) + ">";
            MimeMessage m = new MimeMessage(session) {
                @Override
                protected void updateMessageID() throws MessagingException {
                    setHeader("Message-ID", id);
                }
            };
            m.setFrom(new InternetAddress(email, name));
            m.setRecipients(Message.RecipientType.TO, to);
            m.setSubject(subject, "UTF-8");
            m.setText(body + "\n", "UTF-8");
            Transport.send(m);
            return id;
        } catch (MessagingException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Sends bytes exactly as given, over SMTP, from this player to the address: broken MIME
     * stays broken, which a mail client's own message classes would refuse to send.
     */
    public void sendRaw(String to, byte[] raw) {
        try {
            Properties p = new Properties();
            p.putAll(session.getProperties());
            p.put("mail.smtp.from", email);
            Session envelope = Session.getInstance(p);
            MimeMessage verbatim = new MimeMessage(envelope) {
                @Override
                public void writeTo(java.io.OutputStream out, String[] ignoreList) throws IOException {
                    out.write(raw);
                }

                @Override
                public void writeTo(java.io.OutputStream out) throws IOException {
                    out.write(raw);
                }
            };
            try (Transport t = envelope.getTransport("smtp")) {
                t.connect("127.0.0.1", smtpPort, null, null);
                t.sendMessage(verbatim, new InternetAddress[] {new InternetAddress(to)});
            }
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The text/plain part of a mail. */
    public static String text(Part part) throws MessagingException, IOException {
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

    /** The text/html part of a mail, or "". */
    public static String html(Part part) throws MessagingException, IOException {
        if (part.isMimeType("text/html")) {
            return (String) part.getContent();
        }
        if (part.isMimeType("multipart/*")) {
            Multipart mp = (Multipart) part.getContent();
            for (int i = 0; i < mp.getCount(); i++) {
                String t = html(mp.getBodyPart(i));
                if (!t.isEmpty()) {
                    return t;
                }
            }
        }
        return "";
    }

    /** Whether the mail carries an inline image with this Content-ID. */
    public static boolean hasInlineImage(Part part, String cid) throws MessagingException, IOException {
        if (part.isMimeType("multipart/*")) {
            Multipart mp = (Multipart) part.getContent();
            for (int i = 0; i < mp.getCount(); i++) {
                if (hasInlineImage(mp.getBodyPart(i), cid)) {
                    return true;
                }
            }
            return false;
        }
        String[] ids = part.getHeader("Content-ID");
        return part.isMimeType("image/png") && ids != null && ids[0].contains(cid);
    }

}
