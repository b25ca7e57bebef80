package org.epistle.mailer.inbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

import com.icegreen.greenmail.store.MailFolder;
import com.icegreen.greenmail.store.StoredMessage;
import com.icegreen.greenmail.user.GreenMailUser;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Flags;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Store;
import org.epistle.mailer.EmbeddedMailServer;
import org.epistle.mailer.inbound.Classification.Kind;
import org.epistle.mailer.inbound.MailboxReader.Mode;
import org.epistle.mailer.inbound.MailboxReader.Pass;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The reader against a real Greenmail: mail goes in over SMTP, comes out over IMAP. */
class MailboxReaderTest {

    private static final String SERVER = "moves@epistle.test";
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final MailParser parser = new MailParser(SERVER);
    private GreenMail greenMail;
    private GreenMailUser user;
    private int smtpPort;
    private int imapPort;
    private MailboxReader reader;

    @BeforeEach void startGreenmail() {
        startGreenmail(0, 0);
    }

    private void startGreenmail(int smtp, int imap) {
        greenMail = new GreenMail(new ServerSetup[] {
                EmbeddedMailServer.loopback(smtp, ServerSetup.PROTOCOL_SMTP),
                EmbeddedMailServer.loopback(imap, ServerSetup.PROTOCOL_IMAP)});
        greenMail.start();
        user = greenMail.setUser(SERVER, "moves", "secret");
        smtpPort = greenMail.getSmtp().getPort();
        imapPort = greenMail.getImap().getPort();
    }

    @AfterEach void stopAll() {
        if (reader != null) reader.stop();
        greenMail.stop();
    }

    private MailboxSettings settings() {
        return MailboxSettings.of("127.0.0.1", imapPort, "moves", "secret", false)
                .withPollInterval(Duration.ofMinutes(10))
                .withBackoff(Duration.ofMillis(50), Duration.ofMillis(500));
    }

    private void send(byte[] raw) throws IOException {
        RawSmtp.send(smtpPort, "player@example.org", SERVER, raw);
    }

    private void sendSample(String name) throws IOException {
        send(Samples.raw(name));
    }

    // ---- one pass at a time ------------------------------------------------------------------

    @Test void every_message_is_delivered_once_and_then_seen() throws Exception {
        sendSample("gmail-reply.eml");
        sendSample("apple-mail.eml");
        sendSample("thunderbird.eml");
        var sink = new RecordingSink(raw -> Disposition.DONE);
        reader = new MailboxReader(settings(), sink);

        assertEquals(new Pass(3, 3, 0, 0, 0), reader.readOnce());
        assertEquals(3, sink.deliveries.size());
        assertEquals(Map.of(
                "<CAF9k2xV0s7Q=Y8bq+Tn3kQ-rX4@mail.gmail.com>", 1,
                "<8F2C4D1A-3B5E-4F6A-9C7D-1E2F3A4B5C6D@icloud.com>", 1,
                "<5b8f3c2e-1a4d-4e6f-8b9a-0c1d2e3f4a5b@posteo.de>", 1), sink.countsByKey());
        assertTrue(inbox().stream().allMatch(m -> m.isSet(Flags.Flag.SEEN)), "all flagged \\Seen");

        assertEquals(new Pass(0, 0, 0, 0, 0), reader.readOnce(), "nothing is delivered twice");
    }

    @Test void a_message_left_for_later_is_delivered_again_on_the_next_pass() throws Exception {
        sendSample("gmail-reply.eml");
        sendSample("apple-mail.eml");
        String later = "<CAF9k2xV0s7Q=Y8bq+Tn3kQ-rX4@mail.gmail.com>";
        var answer = new AtomicInteger();
        var sink = new RecordingSink(raw -> parser.parse(raw).key().equals(later) && answer.get() == 0
                ? Disposition.RETRY_LATER : Disposition.DONE);
        reader = new MailboxReader(settings(), sink);

        assertEquals(new Pass(2, 1, 1, 0, 0), reader.readOnce());
        assertEquals(1, inbox().stream().filter(m -> !m.isSet(Flags.Flag.SEEN)).count(), "left unseen");
        assertEquals(new Pass(1, 0, 1, 0, 0), reader.readOnce());
        answer.set(1);
        assertEquals(new Pass(1, 1, 0, 0, 0), reader.readOnce());
        assertEquals(Map.of(later, 3, "<8F2C4D1A-3B5E-4F6A-9C7D-1E2F3A4B5C6D@icloud.com>", 1), sink.countsByKey());
        assertTrue(inbox().stream().allMatch(m -> m.isSet(Flags.Flag.SEEN)));
    }

    @Test void mime_broken_messages_do_not_block_the_good_ones() throws Exception {
        sendSample("gmail-reply.eml");
        sendSample("wrong-boundary.eml");
        sendSample("truncated.eml");
        sendSample("crlf-in-encoded-from.eml");
        sendSample("apple-mail.eml");
        var sink = new RecordingSink(raw -> Disposition.DONE);
        reader = new MailboxReader(settings(), sink);

        assertEquals(new Pass(5, 5, 0, 0, 0), reader.readOnce());
        Map<String, ParsedMail> byKey = sink.parsedByKey();
        assertEquals(List.of("#7 Nf6 e5"), byKey.get("<CAF9k2xV0s7Q=Y8bq+Tn3kQ-rX4@mail.gmail.com>").commandLines());
        assertEquals(List.of("resign"), byKey.get("<8F2C4D1A-3B5E-4F6A-9C7D-1E2F3A4B5C6D@icloud.com>").commandLines());
        ParsedMail wrongBoundary = byKey.get("<wrong-boundary-1@broken.example>");
        assertEquals(Kind.MALFORMED, wrongBoundary.classification().kind());
        assertEquals(List.of("Qd8-h4"), wrongBoundary.commandLines());
        assertEquals(Kind.MALFORMED, byKey.get("<truncated-1@example.com>").classification().kind());
        ParsedMail injected = byKey.get("<crlf-1@evil.example>");
        assertEquals(Kind.MALFORMED, injected.classification().kind());
        assertEquals(Optional.of("Mallory Bcc: victim@example.org"), injected.from().flatMap(Address::name));
        assertTrue(inbox().stream().allMatch(m -> m.isSet(Flags.Flag.SEEN)));
    }

    @Test void a_message_the_sink_keeps_failing_on_is_given_up_after_max_attempts() throws Exception {
        sendSample("truncated.eml");
        sendSample("apple-mail.eml");
        var sink = new RecordingSink(raw -> {
            if (parser.parse(raw).classification().kind() == Kind.MALFORMED) throw new IllegalStateException("boom");
            return Disposition.DONE;
        });
        reader = new MailboxReader(settings().withMaxAttempts(3), sink);

        assertEquals(new Pass(2, 1, 0, 1, 0), reader.readOnce());
        assertEquals(new Pass(1, 0, 0, 1, 0), reader.readOnce());
        assertEquals(new Pass(1, 0, 0, 0, 1), reader.readOnce(), "the third failure in a row gives up");
        assertTrue(inbox().stream().allMatch(m -> m.isSet(Flags.Flag.SEEN)), "flagged so it is not tried forever");
        assertEquals(new Pass(0, 0, 0, 0, 0), reader.readOnce());
        assertEquals(Map.of("<truncated-1@example.com>", 3, "<8F2C4D1A-3B5E-4F6A-9C7D-1E2F3A4B5C6D@icloud.com>", 1),
                sink.countsByKey());
    }

    @Test void a_five_megabyte_mail_arrives_whole() throws Exception {
        byte[] raw = Samples.withAttachment("<big-3@mail.gmail.com>", 5 * 1024 * 1024);
        send(raw);
        var sink = new RecordingSink(r -> Disposition.DONE);
        reader = new MailboxReader(settings(), sink);

        assertEquals(new Pass(1, 1, 0, 0, 0), reader.readOnce());
        byte[] received = sink.deliveries.get(0);
        assertTrue(received.length >= raw.length - 2, "all of it: " + received.length + " of " + raw.length);
        ParsedMail mail = parser.parse(received);
        assertEquals(Kind.NORMAL, mail.classification().kind(), mail.classification().reason());
        assertEquals(List.of("Nxe5"), mail.commandLines());
    }

    @Test void handled_mail_is_moved_to_processed_when_that_folder_exists() throws Exception {
        greenMail.getManagers().getImapHostManager().createMailbox(user, "Processed");
        sendSample("gmail-reply.eml");
        sendSample("apple-mail.eml");
        String later = "<8F2C4D1A-3B5E-4F6A-9C7D-1E2F3A4B5C6D@icloud.com>";
        reader = new MailboxReader(settings(), new RecordingSink(
                raw -> parser.parse(raw).key().equals(later) ? Disposition.RETRY_LATER : Disposition.DONE));

        assertEquals(new Pass(2, 1, 1, 0, 0), reader.readOnce());
        assertEquals(1, inbox().size(), "the one left for later stays in INBOX");
        List<StoredMessage> processed = folder("Processed").getMessages();
        assertEquals(1, processed.size());
        assertTrue(processed.get(0).isSet(Flags.Flag.SEEN));
    }

    @Test void mail_in_different_lanes_is_received_at_once_and_mail_in_one_lane_in_order() throws Exception {
        // lane "slow": three numbered mails; lane "fast": one mail that must be received while "slow" is busy
        for (int i = 1; i <= 3; i++) {
            send(("From: a@example.org\r\nTo: " + SERVER + "\r\nSubject: slow " + i + "\r\nMessage-ID: <slow" + i
                    + "@example.org>\r\n\r\nbody\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }
        send(("From: b@example.org\r\nTo: " + SERVER + "\r\nSubject: fast\r\nMessage-ID: <fast@example.org>\r\n\r\nbody\r\n")
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        var fastReceived = new java.util.concurrent.CountDownLatch(1);
        var slowOrder = new CopyOnWriteArrayList<String>();
        var overlapped = new java.util.concurrent.atomic.AtomicBoolean();
        InboundSink sink = new InboundSink() {
            @Override public Disposition receive(byte[] raw) {
                throw new AssertionError("the reader goes through prepare");
            }

            @Override public Delivery prepare(byte[] raw) {
                String subject = parser.parse(raw).subject();
                String lane = subject.startsWith("slow") ? "slow" : "fast";
                return new Delivery(lane, () -> {
                    if (lane.equals("fast")) {
                        fastReceived.countDown();
                    } else {
                        try { // the first slow mail waits for the fast one: only a second lane can let it finish
                            if (slowOrder.isEmpty()) overlapped.set(fastReceived.await(10, java.util.concurrent.TimeUnit.SECONDS));
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        slowOrder.add(subject);
                    }
                    return Disposition.DONE;
                });
            }
        };
        // 2 lanes: "slow" and "fast" hash to different lanes only by luck, so pick a lane count where they do
        int lanes = java.util.stream.IntStream.rangeClosed(2, 16)
                .filter(n -> Math.floorMod("slow".hashCode(), n) != Math.floorMod("fast".hashCode(), n)).findFirst().orElseThrow();
        reader = new MailboxReader(settings(), sink, lanes);

        assertEquals(new Pass(4, 4, 0, 0, 0), reader.readOnce());
        assertTrue(overlapped.get(), "the fast lane's mail was received while the slow lane's first mail was being received");
        assertEquals(List.of("slow 1", "slow 2", "slow 3"), slowOrder, "one lane keeps the mailbox's order");
        assertTrue(inbox().stream().allMatch(m -> m.isSet(Flags.Flag.SEEN)));
    }

    @Test void a_whole_chunk_of_handled_mail_is_moved_to_processed() throws Exception {
        greenMail.getManagers().getImapHostManager().createMailbox(user, "Processed");
        for (String name : List.of("gmail-reply.eml", "apple-mail.eml", "thunderbird.eml", "iso-8859-1-qp.eml")) {
            sendSample(name);
        }
        reader = new MailboxReader(settings(), new RecordingSink(raw -> Disposition.DONE));

        assertEquals(new Pass(4, 4, 0, 0, 0), reader.readOnce());
        assertEquals(0, inbox().size(), "the inbox keeps only mail not yet handled");
        assertEquals(4, folder("Processed").getMessages().size());
    }

    @Test void binary_junk_over_smtp_does_not_block_the_mailbox() throws Exception {
        var random = new java.util.Random(3);
        byte[] junk = new byte[20_000];
        random.nextBytes(junk);
        for (int i = 0; i < junk.length; i++) if (junk[i] == '\r' || junk[i] == '\n') junk[i] = 'x';
        for (int i = 80; i < junk.length; i += 80) junk[i] = '\n'; // SMTP needs lines
        send(junk);
        sendSample("apple-mail.eml");
        var sink = new RecordingSink(raw -> Disposition.DONE);
        reader = new MailboxReader(settings(), sink);

        assertEquals(new Pass(2, 2, 0, 0, 0), reader.readOnce());
        assertEquals(1, sink.deliveries.stream().map(parser::parse)
                .filter(m -> m.classification().kind() == Kind.MALFORMED).count());
        assertTrue(inbox().stream().allMatch(m -> m.isSet(Flags.Flag.SEEN)));
    }

    // ---- the reader thread -------------------------------------------------------------------

    @Test void idle_delivers_new_mail_at_once() throws Exception {
        var sink = new RecordingSink(raw -> Disposition.DONE);
        reader = new MailboxReader(settings(), sink); // polls only every 10 minutes: only IDLE can be this quick
        reader.start();
        await("the reader to IDLE", () -> reader.mode().equals(Optional.of(Mode.IDLE)));

        sendSample("gmail-reply.eml");
        await("the mail to be delivered", () -> sink.deliveries.size() == 1);
        await("the mail to be flagged", () -> inbox().stream().allMatch(m -> m.isSet(Flags.Flag.SEEN)));

        sendSample("apple-mail.eml");
        await("the second mail", () -> sink.deliveries.size() == 2);
        await("the reader to IDLE again", () -> reader.mode().equals(Optional.of(Mode.IDLE)));
        assertEquals(2, sink.countsByKey().size());
    }

    @Test void polls_when_idle_is_turned_off() throws Exception {
        sendSample("gmail-reply.eml");
        var sink = new RecordingSink(raw -> Disposition.DONE);
        reader = new MailboxReader(settings().withIdle(false).withPollInterval(Duration.ofMillis(200)), sink);
        reader.start();
        await("the waiting mail", () -> sink.deliveries.size() == 1);
        await("the reader to poll", () -> reader.mode().equals(Optional.of(Mode.POLLING)));

        sendSample("apple-mail.eml");
        await("the new mail", () -> sink.deliveries.size() == 2);
        assertEquals(2, sink.countsByKey().size(), "each once");
    }

    @Test void with_idle_a_message_left_for_later_is_tried_again_after_the_poll_interval() throws Exception {
        var calls = new AtomicInteger();
        var sink = new RecordingSink(raw -> calls.incrementAndGet() == 1 ? Disposition.RETRY_LATER : Disposition.DONE);
        reader = new MailboxReader(settings().withPollInterval(Duration.ofMillis(300)), sink);
        reader.start();
        await("the reader to IDLE", () -> reader.mode().equals(Optional.of(Mode.IDLE)));
        sendSample("gmail-reply.eml");
        await("a second delivery", () -> sink.deliveries.size() == 2);
        await("the mail to be flagged", () -> inbox().stream().allMatch(m -> m.isSet(Flags.Flag.SEEN)));
    }

    @Test void stop_ends_the_thread_promptly() {
        reader = new MailboxReader(settings(), new RecordingSink(raw -> Disposition.DONE));
        reader.start();
        await("the reader to IDLE", () -> reader.mode().equals(Optional.of(Mode.IDLE)));
        assertTimeoutPreemptively(Duration.ofSeconds(5), reader::stop);
        assertFalse(reader.isRunning());
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals("epistle-imap-reader")));
    }

    @Test void stop_ends_a_polling_reader_promptly() {
        reader = new MailboxReader(settings().withIdle(false), new RecordingSink(raw -> Disposition.DONE));
        reader.start();
        await("the reader to poll", () -> reader.mode().equals(Optional.of(Mode.POLLING)));
        assertTimeoutPreemptively(Duration.ofSeconds(5), reader::stop);
        assertFalse(reader.isRunning());
    }

    @Test void the_sink_may_stop_the_reader() throws Exception {
        sendSample("gmail-reply.eml");
        sendSample("apple-mail.eml");
        var stopping = new AtomicInteger(1);
        var sink = new RecordingSink(raw -> {
            // from the reader's own thread: returns at once, the loop ends after this message
            if (stopping.getAndSet(0) == 1) reader.stop();
            return Disposition.DONE;
        });
        reader = new MailboxReader(settings(), sink);
        reader.start();
        await("the reader to end", () -> !reader.isRunning());
        assertEquals(1, sink.deliveries.size(), "no further message once stopped");
        assertEquals(1, inbox().stream().filter(m -> m.isSet(Flags.Flag.SEEN)).count(), "the handled one is flagged");

        reader.start(); // and it can be started again
        await("the second message", () -> sink.deliveries.size() == 2);
        assertEquals(2, sink.countsByKey().size());
    }

    @Test void given_a_wrong_password_when_the_server_refuses_the_login_then_the_reader_waits_a_minute_before_trying_again()
            throws Exception {
        Store store = Session.getInstance(new Properties()).getStore("imap");
        MessagingException refused = assertThrows(MessagingException.class,
                () -> store.connect("127.0.0.1", imapPort, "moves", "not the password"));

        assertEquals(Duration.ofMinutes(1), ReconnectWait.after(refused, Duration.ofSeconds(1)), refused.toString());
        assertEquals(Duration.ofMinutes(2), ReconnectWait.after(refused, Duration.ofMinutes(2)), "a longer back-off stays");
    }

    @Test void given_a_server_that_is_down_when_the_connect_is_refused_then_the_reader_keeps_its_short_back_off()
            throws Exception {
        greenMail.stop();
        Store store = Session.getInstance(new Properties()).getStore("imap");
        MessagingException down = assertThrows(MessagingException.class,
                () -> store.connect("127.0.0.1", imapPort, "moves", "secret"));

        assertEquals(Duration.ofSeconds(1), ReconnectWait.after(down, Duration.ofSeconds(1)), down.toString());
    }

    @Test void reconnects_after_the_server_restarts() throws Exception {
        var sink = new RecordingSink(raw -> Disposition.DONE);
        reader = new MailboxReader(settings(), sink);
        reader.start();
        await("the reader to IDLE", () -> reader.mode().equals(Optional.of(Mode.IDLE)));

        greenMail.stop();
        await("the reader to notice", () -> reader.mode().isEmpty());
        startGreenmail(smtpPort, imapPort);
        sendSample("gmail-reply.eml");

        await("the mail after the restart", () -> sink.deliveries.size() == 1);
        assertTrue(reader.isRunning());
    }

    @Test void the_reader_keeps_retrying_while_the_server_is_down() throws Exception {
        greenMail.stop();
        var sink = new RecordingSink(raw -> Disposition.DONE);
        reader = new MailboxReader(settings(), sink);
        reader.start();
        assertTrue(reader.isRunning());
        startGreenmail(smtpPort, imapPort);
        sendSample("apple-mail.eml");
        await("the mail once the server is up", () -> sink.deliveries.size() == 1);
    }

    // ---- helpers ---------------------------------------------------------------------------

    private List<StoredMessage> inbox() {
        try {
            return greenMail.getManagers().getImapHostManager().getInbox(user).getMessages();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private MailFolder folder(String name) {
        return greenMail.getManagers().getImapHostManager().getFolder(user, name);
    }

    /** Waits for a condition, failing after a generous bound; the bound is not what is tested. */
    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) fail("timed out waiting for " + what);
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted waiting for " + what);
            }
        }
    }

    @Test void a_lane_stuck_in_the_sink_is_given_up_and_its_mail_read_again_on_a_new_lane() throws Exception {
        send(("From: a@example.org\r\nTo: " + SERVER + "\r\nSubject: stuck\r\nMessage-ID: <stuck@example.org>\r\n\r\ne4\r\n")
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        send(("From: b@example.org\r\nTo: " + SERVER + "\r\nSubject: fine\r\nMessage-ID: <fine@example.org>\r\n\r\nd4\r\n")
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        var release = new java.util.concurrent.CountDownLatch(1);
        var stuckOnce = new java.util.concurrent.atomic.AtomicBoolean(true);
        var received = new CopyOnWriteArrayList<String>();
        InboundSink sink = new InboundSink() {
            @Override public Disposition receive(byte[] raw) {
                throw new AssertionError("prepared, not received raw");
            }

            @Override public Delivery prepare(byte[] raw) {
                ParsedMail mail = parser.parse(raw);
                boolean stuck = mail.key().equals("<stuck@example.org>");
                return new Delivery(stuck ? 0 : 1, () -> { // two lanes, one each
                    // the first attempt at the stuck mail hangs, as a lane did in H2 after a full disk
                    if (stuck && stuckOnce.getAndSet(false)) {
                        try {
                            release.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return Disposition.DONE;
                    }
                    received.add(mail.key());
                    return Disposition.DONE;
                });
            }
        };
        reader = new MailboxReader(settings(), sink, 2, MailboxReader.Listener.NONE, Duration.ofMillis(500));
        try {
            assertEquals(new Pass(2, 1, 0, 1, 0), reader.readOnce(), "the stuck one counts as a failed attempt");
            assertEquals(List.of("<fine@example.org>"), received);
            assertEquals(1, inbox().stream().filter(m -> !m.isSet(Flags.Flag.SEEN)).count(), "the stuck one stays unseen");

            assertEquals(new Pass(1, 1, 0, 0, 0), reader.readOnce(), "read again, on a new lane, while the old one is still stuck");
            assertEquals(List.of("<fine@example.org>", "<stuck@example.org>"), received);
            assertTrue(inbox().stream().allMatch(m -> m.isSet(Flags.Flag.SEEN)));
        } finally {
            release.countDown();
        }
    }

    private final class RecordingSink implements InboundSink {
        final List<byte[]> deliveries = new CopyOnWriteArrayList<>();
        private final Function<byte[], Disposition> answer;

        RecordingSink(Function<byte[], Disposition> answer) {
            this.answer = answer;
        }

        @Override public Disposition receive(byte[] raw) {
            deliveries.add(raw);
            return answer.apply(raw);
        }

        Map<String, Integer> countsByKey() {
            var counts = new ConcurrentHashMap<String, Integer>();
            for (byte[] raw : deliveries) counts.merge(parser.parse(raw).key(), 1, Integer::sum);
            return Map.copyOf(counts);
        }

        Map<String, ParsedMail> parsedByKey() {
            var byKey = new ConcurrentHashMap<String, ParsedMail>();
            for (byte[] raw : deliveries) {
                ParsedMail mail = parser.parse(raw);
                byKey.put(mail.key(), mail);
            }
            return byKey;
        }
    }
}
