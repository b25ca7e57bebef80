package org.epistle.mailer.inbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The parser against generated hostile mail: broken MIME, charsets known and unknown, encoded line breaks in
 * headers, multiparts nested hundreds deep, forged tags, bytes of any kind. Whatever comes, {@link MailParser#parse}
 * answers with a classification, never throws, and hands out no header value with a line break in it.
 */
class MailParserPropertiesTest {
    private static final String SERVER = "moves@epistle.test";
    /** A small limit, so "too large" is reached by mails a property can make by the thousand. */
    private static final long LIMIT = 64 * 1024;
    private final MailParser parser = new MailParser(List.of(SERVER), LIMIT);

    private static void assertOneLine(String value, String what) {
        assertFalse(value.contains("\r") || value.contains("\n"), what + " has a line break: " + value);
    }

    private void assertAnswered(byte[] raw) {
        ParsedMail mail = parser.parse(raw);
        assertNotNull(mail.classification());
        assertFalse(mail.key().isBlank(), "every mail has a key");
        assertEquals(raw.length, mail.size());
        assertOneLine(mail.subject(), "the subject");
        assertOneLine(mail.key(), "the key");
        mail.messageId().ifPresent(id -> assertOneLine(id, "the Message-ID"));
        mail.inReplyTo().ifPresent(id -> assertOneLine(id, "In-Reply-To"));
        mail.from().ifPresent(a -> assertOneLine(a.email(), "the sender"));
        mail.recipients().forEach(r -> assertOneLine(r, "a recipient"));
        mail.commandLines().forEach(l -> assertOneLine(l, "a command line"));
        assertOneLine(mail.classification().reason(), "the reason");
        assertTrue(mail.classification().reason().length() <= Classifier.MAX_REASON, mail.classification().reason());
        if (raw.length > LIMIT) {
            assertTrue(mail.classification().kind() == Classification.Kind.TOO_LARGE || !mail.classification().isNormal(),
                    "a mail over the limit is never read as a person's mail: " + mail.classification());
            assertEquals("", mail.text(), "nor is its body read");
        }
    }

    @Property(tries = 300)
    void any_bytes_at_all_get_an_answer(@ForAll("bytes") byte[] raw) {
        assertAnswered(raw);
    }

    @Property(tries = 500)
    void a_generated_hostile_mail_gets_an_answer(@ForAll("mails") byte[] raw) {
        assertAnswered(raw);
    }

    @Property(tries = 30)
    void multiparts_nested_hundreds_deep_get_an_answer(@ForAll("depths") int depth, @ForAll("charsets") String charset) {
        StringBuilder body = new StringBuilder();
        StringBuilder tail = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            body.append("--b").append(i).append("\r\nContent-Type: multipart/mixed; boundary=\"b").append(i + 1).append("\"\r\n\r\n");
            tail.insert(0, "\r\n--b" + i + "--\r\n");
        }
        body.append("--b").append(depth).append("\r\nContent-Type: text/plain; charset=").append(charset)
                .append("\r\n\r\ne4\r\n--b").append(depth).append("--\r\n").append(tail);
        String mail = "From: alice@example.com\r\nTo: " + SERVER + "\r\nSubject: deep\r\nMIME-Version: 1.0\r\n"
                + "Content-Type: multipart/mixed; boundary=\"b0\"\r\n\r\n" + body;
        assertAnswered(mail.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Property(tries = 200)
    void an_encoded_line_break_in_a_header_never_reaches_a_value(@ForAll("injections") String header) {
        byte[] raw = ("From: Alice <alice@example.com>\r\nTo: " + SERVER + "\r\n" + header
                + "\r\nContent-Type: text/plain\r\n\r\ne4\r\n").getBytes(StandardCharsets.ISO_8859_1);
        assertAnswered(raw);
    }

    // ---- generators --------------------------------------------------------------------------------

    @Provide
    Arbitrary<byte[]> bytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(4096);
    }

    @Provide
    Arbitrary<Integer> depths() {
        return Arbitraries.integers().between(50, 400);
    }

    @Provide
    Arbitrary<String> charsets() {
        return Arbitraries.of("utf-8", "iso-8859-1", "windows-1252", "koi8-r", "shift_jis", "x-unknown-42", "utf-7", "",
                "\"utf-8", "utf-8\"; format=flowed; delsp=yes", "UTF-16", "ebcdic-cp-us");
    }

    @Provide
    Arbitrary<String> injections() {
        Arbitrary<String> name = Arbitraries.of("Subject", "From", "To", "Cc", "Message-ID", "In-Reply-To", "Reply-To");
        Arbitrary<String> value = Arbitraries.of(
                "=?UTF-8?Q?Re:_hello=0D=0ABcc:_victim@example.org?=",
                "=?UTF-8?B?" + Base64.getEncoder().encodeToString("x\r\nBcc: v@example.org".getBytes(StandardCharsets.UTF_8)) + "?=",
                "<a@b>\rBcc: v@example.org", "Alice\nX-Injected: yes <alice@example.com>", "=?x-bogus?Q?=0A=0D?=",
                "[g12.aaaaaaaaaaaaaaaaaaaa] e4", "moves+g1.abcdefghijklmnopqrst@epistle.test", "\u0000\u0007\u001b[31m",
                "=?UTF-8?Q?" + "=E2=80=A8".repeat(20) + "?=");
        return Combinators.combine(name, value).as((n, v) -> n + ": " + v);
    }

    @Provide
    Arbitrary<byte[]> mails() {
        Arbitrary<String> header = Arbitraries.oneOf(injections(),
                Arbitraries.of("Auto-Submitted: auto-replied", "Precedence: bulk", "List-Id: <l.example.org>",
                        "Return-Path: <>", "From: MAILER-DAEMON@example.org", "From: " + SERVER, "Content-Length: 12",
                        "X-Forged: [g9.zzzzzzzzzzzzzzzzzzzz]", "Subject: Re: [Epistle] Game 1 [g1.abcdefghijklmnopqrst]",
                        "Message-ID: " + "<" + "x".repeat(2000) + "@example.org>", "Date: yesterday", "From:", ":", "  folded"),
                Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(120).map(s -> "X-Random: " + s));
        Arbitrary<String> contentType = Arbitraries.oneOf(
                charsets().map(c -> "Content-Type: text/plain; charset=" + c),
                Arbitraries.of("Content-Type: multipart/alternative; boundary=\"declared\"", "Content-Type: multipart/mixed",
                        "Content-Type: text/html", "Content-Type: message/rfc822", "Content-Type: multipart/report; report-type=x",
                        "Content-Type: ;;;", "Content-Type: application/octet-stream"));
        Arbitrary<String> encoding = Arbitraries.of("", "Content-Transfer-Encoding: base64", "Content-Transfer-Encoding: quoted-printable",
                "Content-Transfer-Encoding: x-uuencode", "Content-Transfer-Encoding: 8bit");
        Arbitrary<byte[]> body = Arbitraries.oneOf(
                Arbitraries.of("e4\r\n", "--actual\r\nContent-Type: text/plain\r\n\r\ng4\r\n--actual--\r\n", "=E2=8\r\n=\r\n",
                        "%%%not base64%%%\r\n", "<html><body><div>Nf3</div><blockquote>old</blockquote></body></html>\r\n",
                        "--declared\r\nContent-Type: text/plain\r\n\r\nd4\r\n").map(s -> s.getBytes(StandardCharsets.ISO_8859_1)),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(2048),
                Arbitraries.integers().between(1, 3).map(n -> new byte[(int) LIMIT * n + 1]));
        return Combinators.combine(header.list().ofMaxSize(8), contentType, encoding, body, Arbitraries.of("\r\n", "\n", "\r"))
                .as((headers, type, enc, content, eol) -> {
                    List<String> lines = new ArrayList<>(headers);
                    lines.add(0, "From: Alice <alice@example.com>");
                    lines.add(type);
                    if (!enc.isEmpty()) lines.add(enc);
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    out.writeBytes((String.join(eol, lines) + eol + eol).getBytes(StandardCharsets.UTF_8));
                    out.writeBytes(content);
                    return out.toByteArray();
                });
    }
}
