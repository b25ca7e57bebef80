package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.games.Contact;
import org.epistle.core.games.NewGame;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Everything a public mailbox receives, through the running server: each mail is handled as
 * specified, none changes a game wrongly, and none stops the reader.
 */
class HostileMailTest {
    private static final Pattern TAG = Pattern.compile("\\[g(\\d+)\\.([a-z2-7]+)]");

    @TempDir
    Path dir;
    MailWorld world;
    Player alice;
    Player bob;
    long game;
    String subject;
    String tag;

    @BeforeEach
    void start() {
        world = MailWorld.start(dir);
        alice = world.player("Alice", "alice@example.com");
        bob = world.player("Bob", "bob@example.com");
        game = world.installation().games().create(new NewGame("chess", "fabulous-fides", "fabulous-fides",
                new Contact("Alice", alice.email()), new Contact("Bob", bob.email()))).gameId();
        subject = Player.subjectOf(alice.awaitMail("your move, turn 1", 1));
        Matcher m = TAG.matcher(subject);
        assertTrue(m.find(), subject);
        tag = m.group();
        bob.awaitMail("Game " + game, 1);
    }

    @AfterEach
    void stop() {
        world.close();
    }

    private int turns() {
        return world.installation().games().view(game).turns().size();
    }

    /** A plain mail with the given headers and body, CRLF line ends, as a client would send it. */
    private static byte[] mail(String headers, String body, Charset charset) {
        String text = (headers.strip() + "\n\n" + body).replace("\r\n", "\n").replace("\n", "\r\n");
        return text.getBytes(charset);
    }

    private String headers(String from, String subjectLine, String extra) {
        return "From: " + from + "\nTo: " + MailWorld.SERVER_ADDRESS + "\nSubject: " + subjectLine
                + "\nMessage-ID: <" + UUID.randomUUID() + "@example.com>\nMIME-Version: 1.0\n" + extra;
    }

    /** Proves the reader is not stuck: a good move after the bad mail is played. */
    private void aGoodMoveStillGoesThrough() {
        alice.sendRaw(MailWorld.SERVER_ADDRESS, mail(headers("Alice <alice@example.com>", "Re: " + subject,
                "Content-Type: text/plain; charset=utf-8"), "d4\n", StandardCharsets.UTF_8));
        bob.awaitMail("your move, turn 1", 1);
        assertEquals(1, turns());
    }

    @Test
    void a_forged_mail_with_the_right_from_but_a_wrong_secret_changes_nothing_and_is_refused_to_the_player() {
        String forged = subject.replace(tag, "[g" + game + ".aaaaaaaaaaaaaaaaaaaa]");
        alice.sendRaw(MailWorld.SERVER_ADDRESS, mail(headers("Alice <alice@example.com>", "Re: " + forged,
                "Content-Type: text/plain; charset=utf-8"), "e4\n", StandardCharsets.UTF_8));
        MimeMessage refusal = alice.awaitMail(s -> !s.contains("your move, turn 1"), 1, Duration.ofSeconds(20));
        assertTrue(Player.subjectOf(refusal).length() > 0);
        assertEquals(0, turns());
        assertEquals(1, bob.inbox().size(), "the opponent hears nothing");
        aGoodMoveStillGoesThrough();
    }

    @Test
    void a_mail_without_any_secret_changes_nothing_and_a_stranger_gets_no_answer() {
        Player mallory = world.player("Mallory", "mallory@example.net");
        mallory.sendRaw(MailWorld.SERVER_ADDRESS, mail(headers("Mallory <mallory@example.net>", "e4",
                "Content-Type: text/plain; charset=utf-8"), "e4\n", StandardCharsets.UTF_8));
        alice.sendRaw(MailWorld.SERVER_ADDRESS, mail(headers("Alice <alice@example.com>", "e4",
                "Content-Type: text/plain; charset=utf-8"), "e4\n", StandardCharsets.UTF_8));
        alice.awaitMail(s -> !s.contains("your move, turn 1"), 1, Duration.ofSeconds(20)); // refusal to the player
        aGoodMoveStillGoesThrough();
        assertEquals(List.of(), mallory.inbox(), "no backscatter to an unverified sender");
    }

    @Test
    void the_same_message_delivered_twice_and_replayed_later_is_applied_once() {
        byte[] move = mail(headers("Alice <alice@example.com>", "Re: " + subject, "Content-Type: text/plain; charset=utf-8"),
                "e4\n", StandardCharsets.UTF_8);
        alice.sendRaw(MailWorld.SERVER_ADDRESS, move);
        alice.sendRaw(MailWorld.SERVER_ADDRESS, move);
        MimeMessage forBob = bob.awaitMail("your move, turn 1", 1);
        bob.reply(forBob, "e5");
        alice.awaitMail("your move, turn 2", 1);
        alice.sendRaw(MailWorld.SERVER_ADDRESS, move); // replayed after the game moved on
        alice.reply(alice.awaitMail("your move, turn 2", 1), "Nf3");
        bob.awaitMail("your move, turn 2", 1);
        assertEquals(3, turns());
        assertEquals(List.of("1. e4", "1... e5", "2. Nf3"), world.installation().games().view(game).history());
    }

    @Test
    void auto_replies_and_bounces_are_ignored_without_answer() {
        alice.sendRaw(MailWorld.SERVER_ADDRESS, mail(headers("Alice <alice@example.com>", "Out of Office: " + subject,
                "Auto-Submitted: auto-replied\nContent-Type: text/plain; charset=utf-8"), "I am away until Monday.\n",
                StandardCharsets.UTF_8));
        String boundary = "b-" + UUID.randomUUID();
        alice.sendRaw(MailWorld.SERVER_ADDRESS, mail(headers("Mail Delivery System <MAILER-DAEMON@example.com>",
                "Undelivered Mail Returned to Sender", "Content-Type: multipart/report; report-type=delivery-status; boundary=\""
                        + boundary + "\""),
                "--" + boundary + "\nContent-Type: text/plain\n\nThe mail to bob@example.com could not be delivered.\n--"
                        + boundary + "\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; example.com\n\n--"
                        + boundary + "--\n", StandardCharsets.UTF_8));
        aGoodMoveStillGoesThrough();
        alice.awaitMail("to move, turn 1", 1); // her own copy of the accepted turn
        assertEquals(2, alice.inbox().size(), "the opening mail and the accepted turn; no answer to an auto-reply or a bounce");
    }

    @Test
    void an_html_only_mail_is_read() {
        alice.sendRaw(MailWorld.SERVER_ADDRESS, mail(headers("Alice <alice@example.com>", "Re: " + subject,
                "Content-Type: text/html; charset=utf-8"),
                "<html><body><div>Nf3</div><div><br></div><blockquote><p>White to move</p></blockquote></body></html>\n",
                StandardCharsets.UTF_8));
        MimeMessage forBob = bob.awaitMail("your move, turn 1", 1);
        assertTrue(world.installation().games().view(game).history().get(0).contains("Nf3"), forBob.toString());
    }

    @Test
    void a_mail_in_iso_8859_1_is_read() {
        alice.sendRaw(MailWorld.SERVER_ADDRESS, mail(headers("=?ISO-8859-1?Q?Alice_M=FCller?= <alice@example.com>",
                "Re: " + subject, "Content-Type: text/plain; charset=ISO-8859-1\nContent-Transfer-Encoding: quoted-printable"),
                "c4\n\nSch=F6ne Gr=FC=DFe\n", StandardCharsets.ISO_8859_1));
        bob.awaitMail("your move, turn 1", 1);
        assertEquals(List.of("1. c4"), world.installation().games().view(game).history());
    }

    @Test
    void a_five_megabyte_mail_with_attachments_is_read() {
        String boundary = "big-" + UUID.randomUUID();
        byte[] attachment = new byte[5 * 1024 * 1024];
        new Random(7).nextBytes(attachment);
        String encoded = Base64.getMimeEncoder().encodeToString(attachment);
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        raw.writeBytes(mail(headers("Alice <alice@example.com>", "Re: " + subject,
                "Content-Type: multipart/mixed; boundary=\"" + boundary + "\""),
                "--" + boundary + "\nContent-Type: text/plain; charset=utf-8\n\nb3\n\nHere is my analysis.\n--" + boundary
                        + "\nContent-Type: application/octet-stream; name=analysis.bin\nContent-Transfer-Encoding: base64\n"
                        + "Content-Disposition: attachment; filename=analysis.bin\n\n", StandardCharsets.UTF_8));
        raw.writeBytes(encoded.getBytes(StandardCharsets.US_ASCII));
        raw.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        alice.sendRaw(MailWorld.SERVER_ADDRESS, raw.toByteArray());
        bob.awaitMail(s -> s.contains("your move, turn 1"), 1, Duration.ofSeconds(40));
        assertEquals(List.of("1. b3"), world.installation().games().view(game).history());
    }

    /** A mail of about {@code megabytes} MB: a text part with {@code line}, then random bytes as an attachment. */
    private byte[] large(String from, String messageId, String subjectLine, int megabytes, String line) {
        String boundary = "big-" + UUID.randomUUID();
        byte[] attachment = new byte[megabytes * 1024 * 1024 * 3 / 4];
        new Random(megabytes).nextBytes(attachment);
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        raw.writeBytes(mail("From: " + from + "\nTo: " + MailWorld.SERVER_ADDRESS + "\nSubject: " + subjectLine
                        + "\nMessage-ID: " + messageId + "\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"" + boundary + "\"",
                "--" + boundary + "\nContent-Type: text/plain; charset=utf-8\n\n" + line + "\n--" + boundary
                        + "\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n", StandardCharsets.UTF_8));
        raw.writeBytes(Base64.getMimeEncoder().encode(attachment));
        raw.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return raw.toByteArray();
    }

    /** What the inbound ledger holds for a key: the bytes kept, the size noted, and what is kept. */
    private record Kept(long bytes, long size, String kept) {}

    private Kept kept(String messageId) {
        return world.installation().database().jdbi().withHandle(h -> h.createQuery("""
                        SELECT COALESCE(OCTET_LENGTH(raw_message), 0) + OCTET_LENGTH(message_key)
                               + COALESCE(OCTET_LENGTH(outcome), 0) + COALESCE(OCTET_LENGTH(header_only), 0) AS b,
                               size_bytes, kept
                          FROM inbound_mail WHERE message_key = :key""").bind("key", messageId)
                .map((rs, ctx) -> new Kept(rs.getLong("b"), rs.getLong("size_bytes"), rs.getString("kept"))).one());
    }

    private long inboundBytes() {
        return world.installation().database().jdbi().withHandle(h -> h.createQuery(
                "SELECT COALESCE(SUM(OCTET_LENGTH(raw_message)), 0) FROM inbound_mail").mapTo(Long.class).one());
    }

    /** The database's files on disk (H2), or its inbound table with its stored-apart values (PostgreSQL). */
    private long storeSize() throws java.io.IOException {
        if (org.epistle.core.testing.TestDatabase.isPostgres()) {
            return world.installation().database().jdbi().withHandle(h -> h.createQuery(
                    "SELECT pg_total_relation_size('inbound_mail')").mapTo(Long.class).one());
        }
        try (var files = java.nio.file.Files.list(dir.resolve("db"))) {
            return files.filter(f -> f.toString().endsWith(".mv.db")).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    private static long handledLines(LogCapture log, String messageId) {
        return log.lines().stream().filter(l -> l.contains("mail handled message-id=" + messageId + " ")).count();
    }

    @Test
    void a_twelve_megabyte_mail_leaves_only_its_header_in_the_store_and_gets_its_one_answer() throws Exception {
        long before = storeSize();
        String aliceId = "<big-" + UUID.randomUUID() + "@example.com>";
        String malloryId = "<big-" + UUID.randomUUID() + "@example.net>";
        byte[] fromAlice = large("Alice <alice@example.com>", aliceId, "Re: " + subject, 12, "e4");
        Player mallory = world.player("Mallory", "mallory@example.net");
        byte[] fromMallory = large("Mallory <mallory@example.net>", malloryId, "Re: " + subject, 12, "e4");

        try (LogCapture log = new LogCapture()) {
            alice.sendRaw(MailWorld.SERVER_ADDRESS, fromAlice);
            MimeMessage answer = alice.awaitMail(s -> !s.contains("your move, turn 1"), 1, Duration.ofSeconds(90));
            alice.sendRaw(MailWorld.SERVER_ADDRESS, fromAlice); // delivered again: the same Message-ID
            mallory.sendRaw(MailWorld.SERVER_ADDRESS, fromMallory);
            org.epistle.web.Await.until(Duration.ofSeconds(90), () -> "the second copy and Mallory's mail handled: "
                    + log.lines().stream().filter(l -> l.contains("mail handled")).toList(),
                    () -> handledLines(log, malloryId) == 1 && handledLines(log, aliceId) == 2);
            aGoodMoveStillGoesThrough();
            alice.awaitMail("to move, turn 1", 1); // her own copy of the accepted turn

            String text = Player.text(answer);
            assertTrue(text.contains("could not be read") && text.contains("over the limit"), text);
            assertEquals(3, alice.inbox().size(), "the opening mail, one answer (the copy is recognised), her turn: "
                    + alice.inbox().stream().map(Player::seen).toList());
            assertEquals(List.of(), mallory.inbox(), "a stranger gets no answer");
            List<String> handled = log.lines().stream().filter(l -> l.contains("mail handled")).toList();
            assertEquals(1, handled.stream().filter(l -> l.contains("message-id=" + malloryId)
                    && l.contains("outcome=ignored reason=too-large")).count(), String.join("\n", handled));
            assertEquals(1, handled.stream().filter(l -> l.contains("message-id=" + aliceId)
                    && l.contains("outcome=duplicate")).count(), String.join("\n", handled));
            assertEquals(3, log.lines().stream().filter(l -> l.contains("only its header was fetched")).count(),
                    "none of the three copies crossed the wire whole: " + log.lines());
        }

        for (String id : List.of(aliceId, malloryId)) {
            Kept kept = kept(id);
            assertEquals("HEADER", kept.kept(), id);
            assertTrue(kept.size() > 12_000_000L, "its size is noted: " + kept);
            assertTrue(kept.bytes() < 4_000, "the header, the key and one line of outcome, never the body: " + kept);
        }
        assertTrue(inboundBytes() < 100_000, "every mail's bytes together: " + inboundBytes());
        long grown = storeSize() - before;
        assertTrue(grown < 4_000_000, "two 12 MB mails grew the store by " + grown + " bytes");
        assertEquals(List.of("1. d4"), world.installation().games().view(game).history());
    }

    @Test
    void a_too_large_mail_stored_by_its_header_before_a_crash_gets_its_answer_after_the_restart() throws Exception {
        String id = "<big-" + UUID.randomUUID() + "@example.com>";
        byte[] raw = large("Alice <alice@example.com>", id, "Re: " + subject, 11, "e4");
        // as the reader stores it before handling; then the process stops before the mail is handled
        world.installation().games().storeInbound(id, org.epistle.core.games.InboundCopy.headerOnly(raw,
                "TOO_LARGE (" + raw.length + " bytes, over the limit of 10485760; only the header was read)"), java.time.Instant.now());
        world.stopEpistle();
        world.startEpistle();

        MimeMessage answer = alice.awaitMail(s -> !s.contains("your move, turn 1"), 1, Duration.ofSeconds(60));
        String text = Player.text(answer);
        assertTrue(text.contains("could not be read") && text.contains("over the limit"), text);
        assertTrue(world.installation().games().isHandled(id));
        aGoodMoveStillGoesThrough();
    }

    @Test
    void a_mime_broken_mail_does_not_stop_the_reader_or_change_the_game() {
        alice.sendRaw(MailWorld.SERVER_ADDRESS, mail(headers("Alice <alice@example.com>", "Re: " + subject,
                "Content-Type: multipart/alternative; boundary=\"declared\""),
                "--actual\nContent-Type: text/plain\n\ng4\n--actual--\n", StandardCharsets.UTF_8));
        aGoodMoveStillGoesThrough();
        assertEquals(List.of("1. d4"), world.installation().games().view(game).history());
    }

    @Test
    void a_damaged_secret_is_answered_apart_from_a_missing_one() throws Exception {
        String cut = subject.replace(tag, tag.substring(0, tag.length() - 6) + "]");
        alice.sendRaw(MailWorld.SERVER_ADDRESS, mail(headers("Alice <alice@example.com>", "Re: " + cut,
                "Content-Type: text/plain; charset=utf-8"), "e4\n", StandardCharsets.UTF_8));
        MimeMessage refusal = alice.awaitMail(s -> !s.contains("your move, turn 1"), 1, Duration.ofSeconds(20));
        String text = Player.text(refusal);
        assertTrue(text.contains("names game " + game + ", but the secret after it is incomplete or changed"), text);
        assertEquals(0, turns());
    }

    @Test
    void a_mail_with_an_encoded_line_break_in_a_header_gets_a_short_answer_when_its_secret_and_sender_are_right()
            throws Exception {
        String injected = "=?UTF-8?Q?Re:_my_move=0D=0ABcc:_victim@example.org?= " + tag;
        alice.sendRaw(MailWorld.SERVER_ADDRESS, mail(headers("Alice <alice@example.com>", injected,
                "Content-Type: text/plain; charset=utf-8"), "e4\n", StandardCharsets.UTF_8));
        MimeMessage answer = alice.awaitMail(s -> !s.contains("your move, turn 1"), 1, Duration.ofSeconds(20));
        String text = Player.text(answer);
        assertTrue(text.contains("could not be read") && text.contains("line break"), text);
        assertEquals(0, turns(), "nothing in an unreadable mail is acted on");

        Player mallory = world.player("Mallory", "mallory@example.net"); // the same from a stranger: silence
        mallory.sendRaw(MailWorld.SERVER_ADDRESS, mail(headers("Mallory <mallory@example.net>", injected,
                "Content-Type: text/plain; charset=utf-8"), "e4\n", StandardCharsets.UTF_8));
        aGoodMoveStillGoesThrough();
        assertEquals(List.of(), mallory.inbox());
    }

    @Test
    void the_same_mail_without_a_message_id_delivered_twice_is_handled_once() {
        byte[] move = mail("From: Alice <alice@example.com>\nTo: " + MailWorld.SERVER_ADDRESS + "\nSubject: Re: " + subject
                + "\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8", "e4\n", StandardCharsets.UTF_8);
        alice.sendRaw(MailWorld.SERVER_ADDRESS, move);
        alice.sendRaw(MailWorld.SERVER_ADDRESS, move);
        bob.reply(bob.awaitMail("your move, turn 1", 1), "e5");
        alice.awaitMail("your move, turn 2", 1);
        assertEquals(List.of("1. e4", "1... e5"), world.installation().games().view(game).history());
        assertEquals(List.of(), alice.inbox().stream().map(Player::seen)
                .filter(s -> !s.contains("move, turn")).toList(), "no refusal of a second copy");
    }
}
