package org.epistle.web.bench;

import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.FetchProfile;
import jakarta.mail.Folder;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.Session;
import jakarta.mail.Store;
import jakarta.mail.internet.InternetAddress;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Predicate;
import org.eclipse.angus.mail.imap.IMAPFolder;

/**
 * One mailbox on the mail server, watched the way a prompt mail client watches it: an IMAP
 * connection that IDLEs, and on every new message fetches its header (so the message is readable,
 * not merely announced). Each message is recorded with the moment its header arrived, in mailbox
 * order, for the bench's drivers to wait on: by position, or (reading each message's text) by what it says.
 *
 * <p>Jakarta Mail's {@code idle(true)} only returns for an announcement that comes after the server's
 * {@code + idling}; the embedded mail server makes sure a message that arrived just before the IDLE is
 * announced there ({@code AnnouncingIdleCommand}). Against stock Greenmail this watcher could wait for
 * the next message instead.
 */
final class Mailbox implements AutoCloseable {

    /**
     * A message as a mail client first sees it, and when. {@code headline} is the first line of its text, where
     * Epistle says what happened ("Bob played e5 — your move, turn 2"); empty unless the mailbox reads headlines.
     */
    record Received(String subject, String replyTo, String messageId, String headline, long readableAtNanos) {}

    private final String address;
    private final String host;
    private final int port;
    private final boolean readsHeadlines;
    private final List<Received> received = new ArrayList<>();  // guarded by this
    private volatile boolean stopping;
    private volatile IMAPFolder folder;
    private volatile Store store;
    private volatile Exception failure;
    private Thread thread;

    private Mailbox(String address, String host, int port, boolean readsHeadlines) {
        this.address = address;
        this.host = host;
        this.port = port;
        this.readsHeadlines = readsHeadlines;
    }

    /**
     * Starts watching; the mailbox may not exist yet (Greenmail creates it on the first delivery), so the
     * login is retried until {@code patience} has passed.
     */
    static Mailbox watch(String address, String host, int port, Duration patience) {
        return start(new Mailbox(address, host, port, false), patience);
    }

    /**
     * As {@link #watch}, and reads each message's text too, for its headline: a player who waits for a
     * notification by what it says, not by its place in the mailbox, is not misled by a copy sent twice or by
     * a mail about something else.
     */
    static Mailbox watchReading(String address, String host, int port, Duration patience) {
        return start(new Mailbox(address, host, port, true), patience);
    }

    private static Mailbox start(Mailbox m, Duration patience) {
        m.thread = new Thread(() -> m.run(System.nanoTime() + patience.toNanos()), "bench-imap-" + m.address);
        m.thread.setDaemon(true);
        m.thread.start();
        return m;
    }

    String address() {
        return address;
    }

    /** The {@code index}-th message (0 is the first ever delivered), waiting for it until the deadline. */
    Received await(int index, long deadlineNanos) throws InterruptedException {
        synchronized (this) {
            while (received.size() <= index) {
                if (failure != null) {
                    throw new IllegalStateException("watching " + address + " failed: " + failure, failure);
                }
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    throw new IllegalStateException(address + " holds " + received.size() + " message(s), not "
                            + (index + 1) + ", at the deadline; last subject: "
                            + (received.isEmpty() ? "-" : received.get(received.size() - 1).subject()));
                }
                wait(Math.max(1, left / 1_000_000));
            }
            return received.get(index);
        }
    }

    /**
     * The first message, in mailbox order, that {@code wanted} accepts, waiting for it until the deadline; the
     * failure names {@code what} and the headlines seen meanwhile.
     */
    Received await(Predicate<Received> wanted, String what, long deadlineNanos) throws InterruptedException {
        synchronized (this) {
            int looked = 0;
            while (true) {
                for (; looked < received.size(); looked++) {
                    if (wanted.test(received.get(looked))) return received.get(looked);
                }
                if (failure != null) {
                    throw new IllegalStateException("watching " + address + " failed: " + failure, failure);
                }
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    throw new IllegalStateException(address + " got no mail " + what + " by the deadline; it holds "
                            + received.size() + ": " + received.stream().map(Received::headline).toList());
                }
                wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    synchronized int count() {
        return received.size();
    }

    private void run(long loginDeadline) {
        try {
            Properties p = new Properties();
            p.setProperty("mail.imap.connectiontimeout", "10000");
            // Jakarta Mail sleeps this long after every IDLE (10 ms by default) so other threads get a turn at the
            // connection; nothing else uses this one, and the sleep would count in every measured round trip.
            p.setProperty("mail.imap.minidletime", "0");
            Session session = Session.getInstance(p);
            int drops = 0;
            while (!stopping) {
                // Greenmail now and then drops an IDLE connection under load; the watch reconnects and goes on
                // from the messages it has seen (the bench's mailboxes only grow).
                try {
                    long deadline = drops == 0 ? loginDeadline : System.nanoTime() + 10_000_000_000L;
                    watchUntilDropped(session, deadline);
                } catch (jakarta.mail.FolderClosedException | jakarta.mail.StoreClosedException e) {
                    if (stopping || ++drops > 5) {
                        throw e;
                    }
                    closeQuietly();
                }
            }
        } catch (Exception e) {
            if (!stopping) {
                failure = e;
            }
        } finally {
            synchronized (this) {
                notifyAll();
            }
            closeQuietly();
        }
    }

    /** Logs in and reads new messages as the server announces them, until stopped or the connection drops. */
    private void watchUntilDropped(Session session, long loginDeadline) throws MessagingException, InterruptedException {
        Store s = login(session, loginDeadline);
        store = s;
        IMAPFolder inbox = (IMAPFolder) s.getFolder("INBOX");
        inbox.open(Folder.READ_ONLY);
        folder = inbox;
        int seen = count(); // the messages already read, before a dropped connection too
        while (!stopping) {
            int count = inbox.getMessageCount(); // as the server last announced it
            if (count > seen) {
                Message[] messages = inbox.getMessages(seen + 1, count);
                FetchProfile headers = new FetchProfile();
                headers.add(IMAPFolder.FetchProfileItem.HEADERS);
                inbox.fetch(messages, headers);
                long now = System.nanoTime();
                List<Received> fresh = new ArrayList<>();
                for (Message m : messages) {
                    String[] ids = m.getHeader("Message-ID");
                    var replyTo = m.getReplyTo();
                    fresh.add(new Received(m.getSubject() == null ? "" : m.getSubject(),
                            replyTo == null || replyTo.length == 0 ? "" : ((InternetAddress) replyTo[0]).getAddress(),
                            ids == null ? null : ids[0], readsHeadlines ? headline(m) : "", now));
                }
                seen = count;
                synchronized (this) {
                    received.addAll(fresh);
                    notifyAll();
                }
                continue;
            }
            inbox.idle(true); // returns on the first announcement: new mail, or stop()'s NOOP
        }
    }

    /** The first non-blank line of the message's first text/plain part. */
    private static String headline(Part part) throws MessagingException {
        try {
            if (part.isMimeType("text/plain")) {
                return String.valueOf(part.getContent()).lines().map(String::strip).filter(l -> !l.isEmpty())
                        .findFirst().orElse("");
            }
            if (part.isMimeType("multipart/*")) {
                Multipart parts = (Multipart) part.getContent();
                for (int i = 0; i < parts.getCount(); i++) {
                    String line = headline(parts.getBodyPart(i));
                    if (!line.isEmpty()) return line;
                }
            }
            return "";
        } catch (IOException e) {
            throw new MessagingException("cannot read " + part.getContentType(), e);
        }
    }

    private Store login(Session session, long deadline) throws MessagingException, InterruptedException {
        long pause = 10;
        while (true) {
            Store s = session.getStore("imap");
            try {
                s.connect(host, port, address, address);
                return s;
            } catch (AuthenticationFailedException noMailboxYet) {
                if (System.nanoTime() > deadline || stopping) {
                    throw noMailboxYet;
                }
                Thread.sleep(pause); // every try is a connection and a thread in Greenmail: back off
                pause = Math.min(500, pause * 2);
            }
        }
    }

    private void closeQuietly() {
        Store s = store;
        if (s != null) {
            try {
                s.close();
            } catch (MessagingException | RuntimeException e) {
                // the bench is ending; the mail server goes next
            }
        }
    }

    @Override
    public void close() {
        stopping = true;
        IMAPFolder f = folder;
        if (f != null) {
            try {
                // any command from another thread ends the IDLE
                f.doCommand(protocol -> {
                    protocol.noop();
                    return null;
                });
            } catch (MessagingException | RuntimeException e) {
                // already closed
            }
        }
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            closeQuietly();
        }
    }
}
