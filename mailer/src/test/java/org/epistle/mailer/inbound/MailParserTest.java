package org.epistle.mailer.inbound;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import org.epistle.mailer.inbound.Classification.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MailParserTest {

    private final MailParser parser = new MailParser("moves@epistle.test");

    private ParsedMail sample(String name) {
        ParsedMail mail = parser.parse(Samples.raw(name));
        assertNoLineBreaksInHeaders(mail);
        return mail;
    }

    // ---- replies from real clients -------------------------------------------------------------

    @Test void gmail_reply_gives_the_line_above_the_quote() {
        ParsedMail mail = sample("gmail-reply.eml");
        assertAll(
                () -> assertEquals(Kind.NORMAL, mail.classification().kind(), mail.classification().reason()),
                () -> assertEquals("<CAF9k2xV0s7Q=Y8bq+Tn3kQ-rX4@mail.gmail.com>", mail.key()),
                () -> assertEquals(Optional.of(mail.key()), mail.messageId()),
                () -> assertEquals(Optional.of(new Address("anna.schmidt@gmail.com", Optional.of("Anna Schmidt"))), mail.from()),
                () -> assertEquals(List.of("moves+12.k3j9x@epistle.test", "moves@epistle.test"), mail.recipients()),
                () -> assertEquals("Re: [Epistle] Game 12 · Marseillais · Black to move (turn 7)", mail.subject()),
                () -> assertEquals(Optional.of("<game-12.turn-6@epistle.test>"), mail.inReplyTo()),
                () -> assertTrue(mail.text().startsWith("#7 Nf6 e5\n\nOn Mon, Jun 3, 2024 at 6:10\u202FPM Epistle"), mail.text()),
                () -> assertEquals(List.of("#7 Nf6 e5"), mail.commandLines()),
                () -> assertEquals(Samples.raw("gmail-reply.eml").length, mail.size()));
    }

    @Test void the_html_part_of_the_gmail_reply_gives_the_same_command() {
        String html = """
                From: Anna Schmidt <anna.schmidt@gmail.com>
                Message-ID: <html-only@mail.gmail.com>
                Content-Type: text/html; charset="UTF-8"

                <div dir="ltr">#7 Nf6 e5</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Mon, \
                Jun 3, 2024 at 6:10 PM Epistle &lt;<a href="mailto:moves+12.k3j9x@epistle.test">moves+12.k3j9x@epistle.test</a>&gt; \
                wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex">White played 7. d4 Bg5.<br>\
                Black to move.<br></blockquote></div>
                """;
        ParsedMail mail = parser.parse(Samples.crlf(html));
        assertEquals(List.of("#7 Nf6 e5"), mail.commandLines());
        assertTrue(mail.text().contains("\n> White played 7. d4 Bg5.\n> Black to move.\n"), mail.text());
    }

    @Test void apple_mail_reply() {
        ParsedMail mail = sample("apple-mail.eml");
        assertAll(
                () -> assertEquals(Kind.NORMAL, mail.classification().kind()),
                () -> assertEquals("<8F2C4D1A-3B5E-4F6A-9C7D-1E2F3A4B5C6D@icloud.com>", mail.key()),
                () -> assertEquals(Optional.of(new Address("rene.dubois@icloud.com", Optional.of("René Dubois"))), mail.from()),
                () -> assertEquals(List.of("moves+12.k3j9x@epistle.test", "rene.dubois@icloud.com"), mail.recipients()),
                // two encoded words separated by folding white space join without a space (RFC 2047, 6.2)
                () -> assertEquals("Re: [Epistle] Game 12 · Marseillais · Black to move (turn 7)", mail.subject()),
                () -> assertEquals(List.of("resign"), mail.commandLines()));
    }

    @Test void outlook_html_only_reply_is_cut_at_the_header_block() {
        ParsedMail mail = sample("outlook-html-only.eml");
        assertAll(
                () -> assertEquals(Kind.NORMAL, mail.classification().kind()),
                () -> assertEquals(Optional.of("Jörg Weber"), mail.from().flatMap(Address::name)),
                () -> assertEquals("AW: [Epistle] Game 12 · Marseillais · White to move (turn 7)", mail.subject()),
                () -> assertTrue(mail.text().contains("From: Epistle <moves+12.k3j9x@epistle.test>\nSent: Monday, June 3, 2024"),
                        mail.text()),
                () -> assertFalse(mail.text().contains("margin-top"), "the style sheet is not text"),
                () -> assertEquals(List.of("draw", "", "Grüße, Jörg"), mail.commandLines()));
    }

    @Test void thunderbird_flowed_reply_below_the_quote() {
        ParsedMail mail = sample("thunderbird.eml");
        assertAll(
                () -> assertEquals(Kind.NORMAL, mail.classification().kind()),
                () -> assertEquals(Optional.of("Jürgen Müller"), mail.from().flatMap(Address::name)),
                () -> assertEquals(List.of("#7 Sf6 e5", "",
                        "Ich hoffe, das ist jetzt richtig so, ich habe die Notation zweimal geprüft – und die Züge auf dem Brett nachgestellt."),
                        mail.commandLines()));
    }

    @Test void iso_8859_1_quoted_printable_is_read_as_windows_1252() {
        ParsedMail mail = sample("iso-8859-1-qp.eml");
        assertAll(
                () -> assertEquals(Kind.NORMAL, mail.classification().kind()),
                () -> assertEquals("Re: [Epistle] Partie 12 · Remisangebot", mail.subject()),
                () -> assertEquals(List.of("moves+12.k3j9x@epistle.test"), mail.recipients()),
                // =96 is not ISO-8859-1 but every client that labels mail Latin-1 means windows-1252's en dash
                () -> assertEquals(List.of("accept", "", "Danke für die Partie, schöne Grüße aus Köln!",
                        "Das Remis ist fair – nächstes Mal gewinne ich."), mail.commandLines()));
    }

    @Test void base64_utf8_body_and_encoded_words() {
        ParsedMail mail = sample("base64-utf8.eml");
        assertAll(
                () -> assertEquals(Kind.NORMAL, mail.classification().kind()),
                () -> assertEquals(Optional.of(new Address("zeyilmaz@yandex.com.tr", Optional.of("Zeç Yılmaz"))), mail.from()),
                () -> assertEquals("Re: [Epistle] Game 12 · Marseillais", mail.subject()),
                () -> assertEquals(List.of("Dxe5 – Ihr Zug 😀"), mail.commandLines()));
    }

    @Test void bare_lf_line_ends_read_like_crlf() {
        ParsedMail crlf = parser.parse(Samples.raw("gmail-reply.eml"));
        ParsedMail lf = parser.parse(Samples.lf("gmail-reply.eml"));
        assertEquals(crlf.commandLines(), lf.commandLines());
        assertEquals(crlf.subject(), lf.subject());
        assertEquals(crlf.from(), lf.from());
        assertEquals(Kind.NORMAL, lf.classification().kind());
    }

    @Test void eight_bit_text_with_and_without_a_charset() {
        byte[] head = Samples.crlf("From: a@example.org\nContent-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: 8bit\n\n");
        byte[] body = {(byte) 0x93, 'e', '4', (byte) 0x94, ' ', 'b', 'i', 't', 't', 'e', ' ', (byte) 0xFC, '\r', '\n'};
        assertEquals(List.of("“e4” bitte ü"), parser.parse(concat(head, body)).commandLines());

        byte[] unlabelled = Samples.crlf("From: a@example.org\n\n");
        assertEquals(List.of("“e4” bitte ü"), parser.parse(concat(unlabelled, body)).commandLines(), "not UTF-8: windows-1252");
        assertEquals(List.of("Grüße"), parser.parse(concat(unlabelled, "Grüße\r\n".getBytes(StandardCharsets.UTF_8))).commandLines());
    }

    // ---- the loop defence ----------------------------------------------------------------------

    @Test void out_of_office_with_auto_submitted() {
        ParsedMail mail = sample("out-of-office.eml");
        assertEquals(Kind.AUTO_REPLY, mail.classification().kind());
        assertTrue(mail.classification().reason().contains("Auto-Submitted: auto-generated"), mail.classification().reason());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Out of Office: [Epistle] Game 12",
            "Automatic reply: Re: [Epistle] Game 12 · Marseillais",
            "Auto-Reply: [Epistle] Game 12",
            "AW: Abwesenheitsnotiz: [Epistle] Partie 12",
            "Automatische Antwort: [Epistle] Partie 12",
            "Réponse automatique : [Epistle] Partie 12",
            "=?UTF-8?Q?R=C3=A9ponse_automatique_:_[Epistle]_Partie_12?=",
            "[Out of office] back on Monday",
            "I am out of the office until 14 June"})
    void out_of_office_subjects_without_headers(String subject) {
        ParsedMail mail = parser.parse(Samples.crlf("From: joerg.weber@outlook.com\nSubject: " + subject + "\n\nIch bin nicht da.\n"));
        assertEquals(Kind.AUTO_REPLY, mail.classification().kind(), subject);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Re: [Epistle] Game 12 · Marseillais · Black to move (turn 7)",
            "Re: Absence of a king in my diagram?",
            "I'm out of ideas, I resign",
            "Re: Automatically generated diagrams look great"})
    void ordinary_subjects_are_not_auto_replies(String subject) {
        ParsedMail mail = parser.parse(Samples.crlf("From: anna@example.org\nSubject: " + subject + "\n\nresign\n"));
        assertEquals(Kind.NORMAL, mail.classification().kind(), mail.classification().reason());
    }

    @ParameterizedTest
    @ValueSource(strings = {"Auto-Submitted: auto-replied", "Auto-Submitted: auto-notified; owner-email=\"x@y.z\"",
            "X-Autoreply: yes", "X-Autorespond: Vacation", "Precedence: auto_reply"})
    void automatic_answer_headers(String header) {
        ParsedMail mail = parser.parse(Samples.crlf("From: anna@example.org\n" + header + "\nSubject: Re: [Epistle] Game 12\n\nx\n"));
        assertEquals(Kind.AUTO_REPLY, mail.classification().kind(), header);
    }

    @Test void auto_submitted_no_is_a_person() {
        ParsedMail mail = parser.parse(Samples.crlf("From: anna@example.org\nAuto-Submitted: no\n\nresign\n"));
        assertEquals(Kind.NORMAL, mail.classification().kind());
    }

    @Test void dsn_bounce_from_mailer_daemon() {
        ParsedMail mail = sample("dsn-bounce.eml");
        assertEquals(Kind.BOUNCE, mail.classification().kind());
        assertTrue(mail.classification().reason().contains("MAILER-DAEMON@mx.epistle.test"), mail.classification().reason());
        assertTrue(mail.text().startsWith("This is the mail system"), "the human-readable part is the text: " + mail.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "From: postmaster@example.org\n",
            "From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>\n",
            "Return-Path: <>\nFrom: someone@example.org\n",
            "From: someone@example.org\nContent-Type: multipart/report; report-type=delivery-status; boundary=x\n",
            "From: someone@example.org\nX-Failed-Recipients: nobody@nowhere.example\n"})
    void bounces(String header) {
        ParsedMail mail = parser.parse(Samples.crlf(header + "Subject: Undeliverable\n\n--x\n\nfailed\n--x--\n"));
        assertEquals(Kind.BOUNCE, mail.classification().kind(), header);
    }

    @Test void mailing_list_mail_is_bulk() {
        ParsedMail mail = sample("mailing-list.eml");
        assertEquals(Kind.BULK, mail.classification().kind());
        assertEquals("resign", mail.commandLines().get(0), "read, but the kind tells the caller not to act on it");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Precedence: bulk", "Precedence: junk", "Precedence: list",
            "List-Id: <chess.lists.example.org>", "List-Unsubscribe: <mailto:leave@example.org>"})
    void bulk_headers(String header) {
        ParsedMail mail = parser.parse(Samples.crlf("From: news@example.org\n" + header + "\n\nhello\n"));
        assertEquals(Kind.BULK, mail.classification().kind(), header);
    }

    @Test void mail_from_the_server_itself() {
        ParsedMail mail = sample("own-address.eml");
        assertEquals(Kind.OWN, mail.classification().kind());
        assertTrue(mail.classification().reason().contains("moves@epistle.test"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Moves@Epistle.TEST", "moves+12.k3j9x@epistle.test", "\"Epistle\" <MOVES+x@epistle.test>"})
    void own_address_in_any_case_and_with_a_plus_tag(String from) {
        assertEquals(Kind.OWN, parser.parse(Samples.crlf("From: " + from + "\n\nx\n")).classification().kind(), from);
    }

    @Test void a_similar_address_is_not_our_own() {
        assertEquals(Kind.NORMAL, parser.parse(Samples.crlf("From: moves@epistle.test.example\n\nx\n")).classification().kind());
        assertEquals(Kind.NORMAL, parser.parse(Samples.crlf("From: moves2@epistle.test\n\nx\n")).classification().kind());
    }

    // ---- keys --------------------------------------------------------------------------------

    @Test void a_mail_without_message_id_is_keyed_by_what_its_sender_wrote() throws Exception {
        byte[] raw = Samples.raw("no-message-id.eml");
        ParsedMail mail = parser.parse(raw);
        assertAll(
                () -> assertEquals(Kind.NORMAL, mail.classification().kind()),
                () -> assertEquals(Optional.empty(), mail.messageId()),
                () -> assertTrue(mail.key().matches("sha256:[0-9a-f]{64}"), mail.key()),
                () -> assertEquals(List.of("#7 O-O"), mail.commandLines()));
    }

    @Test void the_same_mail_without_message_id_delivered_twice_has_one_key_whatever_the_servers_added() {
        String sent = "From: Alice <alice@example.org>\nTo: moves@epistle.test\nSubject: Re: [Epistle] Game 3\n\ne4\n";
        String first = "Return-Path: <alice@example.org>\nReceived: from mx1.example.org by mail.epistle.test;\n"
                + "  Mon, 1 Jan 2024 10:00:00 +0000\nDelivered-To: moves@epistle.test\n" + sent;
        String second = "Received: from mx2.example.org by mail.epistle.test;\n\tMon, 1 Jan 2024 10:05:13 +0000\n"
                + "Authentication-Results: mail.epistle.test; spf=pass\n" + sent.replace("\ne4\n", "\ne4"); // final line end dropped
        String key = parser.parse(Samples.crlf(sent)).key();
        assertEquals(key, parser.parse(Samples.crlf(first)).key());
        assertEquals(key, parser.parse(Samples.crlf(second)).key());
        assertEquals(key, parser.parse(sent.getBytes(java.nio.charset.StandardCharsets.UTF_8)).key(), "bare LF line ends");

        assertNotEquals(key, parser.parse(Samples.crlf(sent.replace("e4", "d4"))).key(), "another body is another mail");
        assertNotEquals(key, parser.parse(Samples.crlf(sent.replace("Game 3", "Game 4"))).key(), "another subject too");
        assertNotEquals(key, parser.parse(Samples.crlf(sent.replace("Alice <alice", "Bob <alice"))).key(), "another sender too");
    }

    @Test void an_empty_message_id_counts_as_none() {
        ParsedMail mail = parser.parse(Samples.crlf("From: a@example.org\nMessage-ID:   \n\nx\n"));
        assertEquals(Optional.empty(), mail.messageId());
        assertTrue(mail.key().startsWith("sha256:"));
    }

    // ---- size ----------------------------------------------------------------------------------

    @Test void a_five_megabyte_mail_with_an_attachment_is_read() {
        byte[] raw = Samples.withAttachment("<big-1@mail.gmail.com>", 5 * 1024 * 1024);
        ParsedMail mail = parser.parse(raw);
        assertTrue(raw.length > 5 * 1024 * 1024);
        assertEquals(Kind.NORMAL, mail.classification().kind(), mail.classification().reason());
        assertEquals(List.of("Nxe5"), mail.commandLines());
        assertEquals(raw.length, mail.size());
    }

    @Test void over_the_limit_only_the_header_is_read() {
        var small = new MailParser(List.of("moves@epistle.test"), 1024 * 1024);
        ParsedMail mail = small.parse(Samples.withAttachment("<big-2@mail.gmail.com>", 2 * 1024 * 1024));
        assertEquals(Kind.TOO_LARGE, mail.classification().kind());
        assertEquals("", mail.text());
        assertEquals(List.of(), mail.commandLines());
        assertEquals("anna.schmidt@gmail.com", mail.from().orElseThrow().email(), "the header is still read, to answer the sender");
        assertEquals("<big-2@mail.gmail.com>", mail.key());
    }

    @Test void a_header_fetched_alone_reads_as_the_whole_mail_over_the_limit_does() {
        var small = new MailParser(List.of("moves@epistle.test"), 1024 * 1024);
        byte[] whole = Samples.withAttachment("<big-3@mail.gmail.com>", 2 * 1024 * 1024);
        String text = new String(whole, java.nio.charset.StandardCharsets.ISO_8859_1);
        int end = text.contains("\r\n\r\n") ? text.indexOf("\r\n\r\n") + 4 : text.indexOf("\n\n") + 2;
        byte[] header = java.util.Arrays.copyOf(whole, end);

        ParsedMail fromHeader = small.parseHeader(header, whole.length);
        ParsedMail fromWhole = small.parse(whole);

        assertEquals(fromWhole.classification(), fromHeader.classification());
        assertEquals(fromWhole.key(), fromHeader.key());
        assertEquals(fromWhole.from(), fromHeader.from());
        assertEquals(whole.length, fromHeader.size(), "the size the server counted, not the header's");
        assertThrows(IllegalArgumentException.class, () -> small.parseHeader(header, 1000),
                "a mail within the limit is read whole, never by its header");
    }

    // ---- broken mail: never an exception, always MALFORMED with a reason ------------------------

    @Test void wrong_boundary_is_malformed_but_its_text_is_recovered() {
        ParsedMail mail = sample("wrong-boundary.eml");
        assertEquals(Kind.MALFORMED, mail.classification().kind());
        assertTrue(mail.classification().reason().contains("multipart/alternative"), mail.classification().reason());
        assertEquals(List.of("Qd8-h4"), mail.commandLines());
        assertEquals("<wrong-boundary-1@broken.example>", mail.key());
    }

    @Test void truncated_mail_is_malformed_and_its_first_part_still_read() {
        ParsedMail mail = sample("truncated.eml");
        assertEquals(Kind.MALFORMED, mail.classification().kind());
        assertTrue(mail.classification().reason().contains("truncated"), mail.classification().reason());
        assertEquals(List.of("Bc4", "", "Here is a photo of my board."), mail.commandLines());
    }

    @Test void an_encoded_line_break_in_from_and_subject_is_removed_and_reported() {
        ParsedMail mail = sample("crlf-in-encoded-from.eml");
        assertAll(
                () -> assertEquals(Kind.MALFORMED, mail.classification().kind()),
                () -> assertTrue(mail.classification().reason().contains("From display name contains an encoded line break"),
                        mail.classification().reason()),
                () -> assertEquals(Optional.of(new Address("mallory@evil.example", Optional.of("Mallory Bcc: victim@example.org"))),
                        mail.from()),
                () -> assertEquals("Re: [Epistle] Game 12 Bcc: victim@example.org", mail.subject()),
                () -> assertEquals(List.of("moves+12.k3j9x@epistle.test"), mail.recipients()),
                () -> assertEquals(List.of("resign"), mail.commandLines()));
    }

    @Test void empty_input() {
        for (byte[] raw : new byte[][] {new byte[0], null}) {
            ParsedMail mail = parser.parse(raw);
            assertEquals(Kind.MALFORMED, mail.classification().kind());
            assertTrue(mail.classification().reason().contains("empty"), mail.classification().reason());
            assertEquals(0, mail.size());
            assertTrue(mail.key().startsWith("sha256:e3b0c442"), "the SHA-256 of nothing");
        }
    }

    @Test void binary_junk() {
        var random = new Random(7);
        for (int i = 0; i < 200; i++) {
            byte[] junk = new byte[random.nextInt(20_000)];
            random.nextBytes(junk);
            ParsedMail mail = parser.parse(junk);
            assertNoLineBreaksInHeaders(mail);
            if (junk.length > 0) assertEquals(Kind.MALFORMED, mail.classification().kind(), "junk #" + i);
        }
    }

    @Test void junk_after_a_plausible_header() {
        var random = new Random(11);
        for (int i = 0; i < 200; i++) {
            byte[] junk = new byte[random.nextInt(5_000)];
            random.nextBytes(junk);
            ParsedMail mail = parser.parse(concat(Samples.crlf("From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n--b\n"), junk));
            assertNoLineBreaksInHeaders(mail);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "From: <<<>>>@@@\n\nresign\n",
            "From: a@example.org\nContent-Type: multipart/mixed\n\n--x\nContent-Type: text/plain\n\nresign\n--x--\n",
            "From: a@example.org\nContent-Type: text/plain; charset=\"x-no-such-charset\"\n\nresign\n",
            "From: a@example.org\nContent-Type: text/plain;;; charset\n\nresign\n",
            "From: a@example.org\nContent-Type: ///\n\nresign\n",
            "From: a@example.org\nContent-Transfer-Encoding: x-martian\n\nresign\n",
            "From: a@example.org\nContent-Transfer-Encoding: base64\n\ncmVzaWdu!!!\n",
            "From: a@example.org\nSubject: =?x-unknown?Q?resign?= =?UTF-8?B?####?=\n\nresign\n",
            "From: a@example.org\nContent-Type: multipart/mixed; boundary=\"\"\n\n\n",
            "From: a@example.org",
            "From: a@example.org\nContent-Type: message/rfc822\n\nFrom: b@example.org\n\nresign\n",
            "\n\n\n",
            "no header here\n\nresign\n"})
    void odd_messages_never_throw(String text) {
        ParsedMail mail = parser.parse(Samples.crlf(text));
        assertNoLineBreaksInHeaders(mail);
        if (!mail.classification().isNormal()) assertFalse(mail.classification().reason().isBlank());
    }

    @Test void a_mail_without_from_is_malformed() {
        ParsedMail mail = parser.parse(Samples.crlf("Subject: hello\n\nresign\n"));
        assertEquals(Kind.MALFORMED, mail.classification().kind());
        assertEquals("no From header", mail.classification().reason());
    }

    @Test void damaged_base64_text_is_decoded_as_far_as_it_goes() {
        ParsedMail mail = parser.parse(Samples.crlf("From: a@example.org\nContent-Transfer-Encoding: base64\n\ncmVzaWdu\nIQ\n"));
        assertEquals(Kind.MALFORMED, mail.classification().kind());
        assertEquals(List.of("resign"), mail.commandLines());
    }

    @Test void deeply_nested_multiparts_are_cut_off() {
        var sb = new StringBuilder("From: a@example.org\nContent-Type: multipart/mixed; boundary=b0\n\n");
        for (int i = 0; i < 40; i++) sb.append("--b").append(i).append("\nContent-Type: multipart/mixed; boundary=b").append(i + 1).append("\n\n");
        sb.append("--b40\nContent-Type: text/plain\n\nresign\n");
        ParsedMail mail = parser.parse(Samples.crlf(sb.toString()));
        assertEquals(Kind.MALFORMED, mail.classification().kind());
        assertTrue(mail.classification().reason().contains("nested"), mail.classification().reason());
    }

    // ---- helpers -------------------------------------------------------------------------------

    static void assertNoLineBreaksInHeaders(ParsedMail mail) {
        var values = new ArrayList<String>();
        values.add(mail.key());
        mail.messageId().ifPresent(values::add);
        mail.from().ifPresent(a -> { values.add(a.email()); a.name().ifPresent(values::add); });
        values.addAll(mail.recipients());
        values.add(mail.subject());
        mail.inReplyTo().ifPresent(values::add);
        values.add(mail.classification().reason());
        values.addAll(mail.commandLines());
        for (String v : values) {
            assertFalse(v.contains("\r") || v.contains("\n"), () -> "line break in " + v);
        }
        assertFalse(mail.text().contains("\r"), "text has \\n line ends only");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = new byte[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
