package org.epistle.mailer.inbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.epistle.mailer.EmbeddedMailServer;
import org.epistle.mailer.inbound.Classification.Kind;
import org.epistle.mailer.inbound.MailboxReader.Pass;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A flood of mail in the embedded server's mailbox, read through a tap that counts what the reader asks of the IMAP
 * server. Greenmail lists the whole folder for every UID a FETCH or STORE names, so each of those commands costs the
 * square of the mailbox's size: the reader must ask per batch, not per message.
 */
class MailboxFloodTest {
    private static final String SERVER = "moves@epistle.test";

    private EmbeddedMailServer mail;
    private ImapTap tap;
    private MailboxReader reader;

    @BeforeEach void start() throws Exception {
        mail = EmbeddedMailServer.start(0, 0, SERVER, "secret");
        tap = new ImapTap(mail.imapPort());
    }

    @AfterEach void stop() throws Exception {
        if (reader != null) reader.close();
        tap.close();
        mail.close();
    }

    private MailboxSettings settings() {
        return MailboxSettings.of("127.0.0.1", tap.port(), SERVER, "secret", false) // moving to Processed, which exists
                .withPollInterval(Duration.ofMinutes(10));
    }

    private void send(String from, byte[] raw) throws Exception {
        RawSmtp.send(mail.smtpPort(), from, SERVER, raw);
    }

    private static byte[] small(int n) {
        return ("From: stranger" + n + "@example.org\r\nTo: " + SERVER + "\r\nSubject: junk " + n
                + "\r\nMessage-ID: <junk" + n + "@example.org>\r\n\r\nnothing to see " + n + "\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    @Test void a_flood_of_600_mails_costs_one_search_one_size_fetch_and_a_fetch_store_and_move_per_256() throws Exception {
        for (int i = 0; i < 600; i++) send("stranger" + i + "@example.org", small(i));
        Set<String> received = ConcurrentHashMap.newKeySet();
        reader = new MailboxReader(settings(), raw -> {
            received.add(new String(raw, StandardCharsets.US_ASCII).replaceAll("(?s).*Message-ID: (<[^>]+>).*", "$1"));
            return Disposition.DONE;
        });
        tap.forget(); // the login and SELECT are not the pass's

        assertEquals(new Pass(600, 600, 0, 0, 0), reader.readOnce());

        assertEquals(600, received.size(), "each mail received once");
        assertEquals(0, mail.unseen(SERVER), "all handled");
        assertEquals(1, tap.count("UID SEARCH"), tap.toString());
        assertEquals(1, tap.commands().stream().filter(c -> c.contains("RFC822.SIZE")).count(), "one FETCH of the sizes: " + tap);
        assertEquals(4, tap.count("UID FETCH"), "the sizes, then the bytes: " + tap);
        assertEquals(3, tap.commands().stream().filter(c -> c.contains("BODY.PEEK[]")).count(), "600 mails in 3 FETCHes: " + tap);
        assertEquals(3, tap.count("UID STORE"), tap.toString());
        assertEquals(3, tap.count("UID MOVE"), tap.toString());
        assertTrue(tap.commands().stream().allMatch(c -> c.length() < 200), "UIDs sent as ranges: " + tap);
    }

    @Test void a_twelve_megabyte_mail_is_never_fetched_whole_and_is_received_once_by_its_header() throws Exception {
        byte[] huge = huge(12);
        send("mallory@example.net", huge);
        send("stranger1@example.org", small(1));
        List<byte[]> whole = new CopyOnWriteArrayList<>();
        List<Long> tooLargeSizes = new CopyOnWriteArrayList<>();
        List<ParsedMail> tooLarge = new CopyOnWriteArrayList<>();
        MailParser parser = new MailParser(SERVER);
        reader = new MailboxReader(settings(), new InboundSink() {
            @Override public Disposition receive(byte[] raw) {
                whole.add(raw);
                return Disposition.DONE;
            }

            @Override public long maxMessageBytes() {
                return MailParser.DEFAULT_MAX_BYTES;
            }

            @Override public Delivery prepareTooLarge(byte[] header, long size) {
                tooLargeSizes.add(size);
                tooLarge.add(parser.parseHeader(header, size));
                return new Delivery("", () -> Disposition.DONE);
            }
        });
        tap.forget();

        assertEquals(new Pass(2, 2, 0, 0, 0), reader.readOnce());

        assertEquals(1, whole.size(), "the small mail, whole");
        assertEquals(1, tooLarge.size(), "the huge one, once, by its header");
        assertTrue(tooLargeSizes.get(0) > 12_000_000L, "its size as the server counts it: " + tooLargeSizes);
        assertEquals(Kind.TOO_LARGE, tooLarge.get(0).classification().kind(), tooLarge.get(0).classification().reason());
        assertEquals("<huge@example.net>", tooLarge.get(0).key());
        assertTrue(tap.bytesFromServer() < 100_000, "bytes the server sent: " + tap.bytesFromServer());
        assertEquals(1, tap.commands().stream().filter(c -> c.contains("BODY.PEEK[HEADER]")).count(), tap.toString());

        tap.forget();
        assertEquals(new Pass(0, 0, 0, 0, 0), reader.readOnce(), "answered once: nothing is left to read");
        assertEquals(0, mail.unseen(SERVER));
    }

    @Test void a_wake_up_from_idle_costs_one_pass_and_one_noop() throws Exception {
        Set<String> received = idleReaderKeeping();
        tap.forget();

        send("alice@example.org", small(1));
        await("the mail", () -> received.size() == 1);
        await("the reader to IDLE again", () -> tap.count("IDLE") == 1);

        // Greenmail never reports a MOVE's EXPUNGE, so a message count said "more mail" after every pass
        assertEquals(List.of("UID SEARCH UNSEEN", "UID FETCH 1 (UID RFC822.SIZE)", "UID FETCH 1 (UID BODY.PEEK[])",
                "UID STORE 1 +FLAGS.SILENT (\\Seen)", "UID MOVE 1 \"Processed\"", "NOOP", "IDLE"), tap.commands());
    }

    @Test void mail_announced_during_a_pass_is_read_by_another_pass_before_the_reader_idles() throws Exception {
        Set<String> received = ConcurrentHashMap.newKeySet();
        reader = new MailboxReader(settings(), raw -> {
            String text = new String(raw, StandardCharsets.US_ASCII);
            if (received.isEmpty()) {
                try {
                    send("bob@example.org", small(2));    // arrives while the first pass handles the first mail
                    // SMTP's answer can come before the mailbox holds the mail; the test is about a pass that is
                    // still under way when it does
                    await("the second mail in the mailbox", () -> mail.unseen(SERVER) == 2);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
            received.add(text);
            return Disposition.DONE;
        });
        reader.start();
        await("the reader to IDLE", () -> reader.mode().equals(Optional.of(MailboxReader.Mode.IDLE)) && tap.count("IDLE") == 1);
        tap.forget();

        send("alice@example.org", small(1));
        await("both mails, long before the ten-minute poll", () -> received.size() == 2);
        assertEquals(0, tap.count("IDLE"), "read by a second pass, not by a wake-up from IDLE: " + tap);
    }

    @Test void a_server_that_repeats_exists_without_new_mail_does_not_keep_the_reader_from_idling() throws Exception {
        tap.repeatExistsOnEveryNoop();
        Set<String> received = idleReaderKeeping();
        // the first pass found nothing, the EXISTS after it was believed once
        assertEquals(2, tap.count("UID SEARCH"), tap.toString());
        tap.forget();

        send("alice@example.org", small(1));
        await("the mail", () -> received.size() == 1);
        await("the reader to IDLE again", () -> tap.count("IDLE") == 1);
        assertEquals(3, tap.count("UID SEARCH"), "the pass that read the mail, then two that found nothing: " + tap);
    }

    /** Starts a reader that keeps every mail it is given, and waits until it idles the first time. */
    private Set<String> idleReaderKeeping() {
        Set<String> received = ConcurrentHashMap.newKeySet();
        reader = new MailboxReader(settings(), raw -> {
            received.add(new String(raw, StandardCharsets.US_ASCII));
            return Disposition.DONE;
        });
        reader.start();
        await("the reader to IDLE", () -> reader.mode().equals(Optional.of(MailboxReader.Mode.IDLE)) && tap.count("IDLE") == 1);
        return received;
    }

    private static void await(String what, java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
            Thread.yield();
        }
    }

    /** A mail of about {@code megabytes} MB: a short text part, then random bytes as a base64 attachment. */
    private static byte[] huge(int megabytes) {
        byte[] attachment = new byte[megabytes * 1024 * 1024 * 3 / 4 + 1024];
        new Random(megabytes).nextBytes(attachment);
        var raw = new ByteArrayOutputStream();
        raw.writeBytes(("From: Mallory <mallory@example.net>\r\nTo: " + SERVER + "\r\nSubject: e4\r\nMessage-ID: <huge@example.net>\r\n"
                + "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\ne4\r\n"
                + "--b\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        raw.writeBytes(java.util.Base64.getMimeEncoder().encode(attachment));
        raw.writeBytes("\r\n--b--\r\n".getBytes(StandardCharsets.US_ASCII));
        return raw.toByteArray();
    }
}
