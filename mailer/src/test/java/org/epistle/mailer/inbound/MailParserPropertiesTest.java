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
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The parser against generated hostile mail: broken MIME, charsets known and unknown, encoded line breaks in
 * headers, multiparts nested hundreds deep, forged tags, bytes of any kind. Whatever comes, {@link MailParser#parse}
 * answers with a classification, never throws, and hands out no header value with a line break in it.
 *
 * <p>The mails come from seeded draws written here (jqwik did this at first; its 1.10 release prints a request
 * that AI agents, which help write this project, not use it, and we honour it), so a failure names the seed
 * that makes the same mail again.
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

    /** Runs {@code check} on {@code tries} mails drawn from seeds 1, 2, …; a failure names its seed. */
    private static <T> void forEach(int tries, Function<SplittableRandom, T> draw, Consumer<T> check) {
        for (long seed = 1; seed <= tries; seed++) {
            T sample = draw.apply(new SplittableRandom(seed));
            try {
                check.accept(sample);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
            }
        }
    }

    @Test
    void any_bytes_at_all_get_an_answer() {
        forEach(300, r -> bytes(r, 4096), this::assertAnswered);
    }

    @Test
    void a_generated_hostile_mail_gets_an_answer() {
        forEach(500, MailParserPropertiesTest::mail, this::assertAnswered);
    }

    @Test
    void multiparts_nested_hundreds_deep_get_an_answer() {
        forEach(30, r -> nested(50 + r.nextInt(351), pick(r, CHARSETS)), this::assertAnswered);
    }

    @Test
    void an_encoded_line_break_in_a_header_never_reaches_a_value() {
        forEach(200, r -> ("From: Alice <alice@example.com>\r\nTo: " + SERVER + "\r\n" + injection(r)
                + "\r\nContent-Type: text/plain\r\n\r\ne4\r\n").getBytes(StandardCharsets.ISO_8859_1), this::assertAnswered);
    }

    // ---- what the draws choose from ----------------------------------------------------------------

    private static final List<String> CHARSETS = List.of("utf-8", "iso-8859-1", "windows-1252", "koi8-r", "shift_jis",
            "x-unknown-42", "utf-7", "", "\"utf-8", "utf-8\"; format=flowed; delsp=yes", "UTF-16", "ebcdic-cp-us");

    private static final List<String> HEADER_NAMES = List.of("Subject", "From", "To", "Cc", "Message-ID", "In-Reply-To", "Reply-To");

    private static final List<String> HEADER_VALUES = List.of(
            "=?UTF-8?Q?Re:_hello=0D=0ABcc:_victim@example.org?=",
            "=?UTF-8?B?" + Base64.getEncoder().encodeToString("x\r\nBcc: v@example.org".getBytes(StandardCharsets.UTF_8)) + "?=",
            "<a@b>\rBcc: v@example.org", "Alice\nX-Injected: yes <alice@example.com>", "=?x-bogus?Q?=0A=0D?=",
            "[g12.aaaaaaaaaaaaaaaaaaaa] e4", "moves+g1.abcdefghijklmnopqrst@epistle.test", "\u0000\u0007\u001b[31m",
            "=?UTF-8?Q?" + "=E2=80=A8".repeat(20) + "?=");

    private static final List<String> ODD_HEADERS = List.of("Auto-Submitted: auto-replied", "Precedence: bulk",
            "List-Id: <l.example.org>", "Return-Path: <>", "From: MAILER-DAEMON@example.org", "From: " + SERVER,
            "Content-Length: 12", "X-Forged: [g9.zzzzzzzzzzzzzzzzzzzz]", "Subject: Re: [Epistle] Game 1 [g1.abcdefghijklmnopqrst]",
            "Message-ID: <" + "x".repeat(2000) + "@example.org>", "Date: yesterday", "From:", ":", "  folded");

    private static final List<String> OTHER_TYPES = List.of("Content-Type: multipart/alternative; boundary=\"declared\"",
            "Content-Type: multipart/mixed", "Content-Type: text/html", "Content-Type: message/rfc822",
            "Content-Type: multipart/report; report-type=x", "Content-Type: ;;;", "Content-Type: application/octet-stream");

    private static final List<String> ENCODINGS = List.of("", "Content-Transfer-Encoding: base64",
            "Content-Transfer-Encoding: quoted-printable", "Content-Transfer-Encoding: x-uuencode", "Content-Transfer-Encoding: 8bit");

    private static final List<String> BODIES = List.of("e4\r\n", "--actual\r\nContent-Type: text/plain\r\n\r\ng4\r\n--actual--\r\n",
            "=E2=8\r\n=\r\n", "%%%not base64%%%\r\n", "<html><body><div>Nf3</div><blockquote>old</blockquote></body></html>\r\n",
            "--declared\r\nContent-Type: text/plain\r\n\r\nd4\r\n");

    private static final List<String> LINE_ENDS = List.of("\r\n", "\n", "\r");

    private static <T> T pick(SplittableRandom r, List<T> choices) {
        return choices.get(r.nextInt(choices.size()));
    }

    private static byte[] bytes(SplittableRandom r, int maxSize) {
        byte[] b = new byte[r.nextInt(maxSize + 1)];
        r.nextBytes(b);
        return b;
    }

    private static String injection(SplittableRandom r) {
        return pick(r, HEADER_NAMES) + ": " + pick(r, HEADER_VALUES);
    }

    private static String printable(SplittableRandom r, int maxLength) {
        StringBuilder s = new StringBuilder();
        for (int i = r.nextInt(maxLength + 1); i > 0; i--) {
            s.append((char) (' ' + r.nextInt('~' - ' ' + 1)));
        }
        return s.toString();
    }

    private static String header(SplittableRandom r) {
        switch (r.nextInt(3)) {
            case 0:
                return injection(r);
            case 1:
                return pick(r, ODD_HEADERS);
            default:
                return "X-Random: " + printable(r, 120);
        }
    }

    private static byte[] mail(SplittableRandom r) {
        List<String> lines = new ArrayList<>();
        lines.add("From: Alice <alice@example.com>");
        for (int i = r.nextInt(9); i > 0; i--) {
            lines.add(header(r));
        }
        lines.add(r.nextBoolean() ? "Content-Type: text/plain; charset=" + pick(r, CHARSETS) : pick(r, OTHER_TYPES));
        String encoding = pick(r, ENCODINGS);
        if (!encoding.isEmpty()) {
            lines.add(encoding);
        }
        byte[] content;
        switch (r.nextInt(3)) {
            case 0:
                content = pick(r, BODIES).getBytes(StandardCharsets.ISO_8859_1);
                break;
            case 1:
                content = bytes(r, 2048);
                break;
            default:
                content = new byte[(int) LIMIT * (1 + r.nextInt(3)) + 1];     // over the limit
                break;
        }
        String eol = pick(r, LINE_ENDS);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes((String.join(eol, lines) + eol + eol).getBytes(StandardCharsets.UTF_8));
        out.writeBytes(content);
        return out.toByteArray();
    }

    private static byte[] nested(int depth, String charset) {
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
        return mail.getBytes(StandardCharsets.ISO_8859_1);
    }
}
