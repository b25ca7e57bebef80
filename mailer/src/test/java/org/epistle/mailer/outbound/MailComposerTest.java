package org.epistle.mailer.outbound;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.BodyPart;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.Session;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.epistle.core.games.MailKind;
import org.epistle.core.games.OutboxMail;
import org.epistle.templates.Templates;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class MailComposerTest {

    static final Instant NOW = Instant.parse("2024-05-04T10:15:30Z");
    private final Session session = Session.getInstance(new Properties());
    private final MailComposer composer = new MailComposer(new Templates(), Clock.fixed(NOW, ZoneOffset.UTC));

    private MimeMessage compose(OutboxMail mail) throws MessagingException {
        return composer.compose(mail, session, "epistle@epistle.localhost", "Epistle");
    }

    /** The message as it goes over the wire, parsed back: what a receiver sees. */
    private MimeMessage roundTrip(MimeMessage message) throws Exception {
        var out = new ByteArrayOutputStream();
        message.writeTo(out);
        return new MimeMessage(session, new ByteArrayInputStream(out.toByteArray()));
    }

    private static String raw(MimeMessage message) throws Exception {
        var out = new ByteArrayOutputStream();
        message.writeTo(out);
        return out.toString(StandardCharsets.US_ASCII);
    }

    private static String rawHeaders(MimeMessage message) throws Exception {
        String raw = raw(message);
        return raw.substring(0, raw.indexOf("\r\n\r\n") + 2);
    }

    @TestFactory Stream<DynamicTest> every_kind_of_mail_is_composed_as_text_and_html_with_the_diagram() {
        return Arrays.stream(MailKind.values()).map(kind -> DynamicTest.dynamicTest(kind.name(), () -> {
            MimeMessage m = roundTrip(compose(SampleMails.mail(7, kind)));

            Parts parts = Parts.of(m);
            // the desk and the digest are about the player, and list the game among theirs; a tournament mail is about
            // the tournament, not one of its games
            boolean aboutThePlayer = kind == MailKind.DESK || kind == MailKind.DIGEST;
            String title = kind == MailKind.TOURNAMENT ? "Tournament: Spring Marseillais"
                    : aboutThePlayer ? "Game 12, Marseillais Chess" : "Game 12: Marseillais Chess";
            assertTrue(parts.text.contains(title), parts.text);
            assertFalse(parts.html.contains("${"), parts.html);
            if (parts.html.contains("cid:diagram")) {
                assertTrue(parts.png != null, "the HTML shows the diagram, so the PNG is attached");
            }
        }));
    }

    @TestFactory Stream<DynamicTest> every_kind_composes_without_a_diagram_image_too() {
        return Arrays.stream(MailKind.values()).map(kind -> DynamicTest.dynamicTest(kind.name(), () -> {
            var mail = SampleMails.mail(7, kind, "Jürgen", "[Epistle] Game 12", SampleMails.modelWithout("ranks"));

            MimeMessage m = roundTrip(compose(mail));

            assertTrue(m.isMimeType("multipart/alternative"));
            var alternative = (Multipart) m.getContent();
            assertEquals(2, alternative.getCount());
            assertTrue(alternative.getBodyPart(0).isMimeType("text/plain"));
            assertTrue(alternative.getBodyPart(1).isMimeType("text/html"), "no related part without an image");
            assertFalse(((String) alternative.getBodyPart(1).getContent()).contains("cid:"));
        }));
    }

    @Test void the_structure_is_alternative_of_text_and_related_html_with_the_inline_png() throws Exception {
        MimeMessage m = roundTrip(compose(SampleMails.mail(7, MailKind.TURN_REJECTED)));

        assertTrue(m.isMimeType("multipart/alternative"), m.getContentType());
        var alternative = (Multipart) m.getContent();
        assertEquals(2, alternative.getCount());
        BodyPart text = alternative.getBodyPart(0);
        assertTrue(text.isMimeType("text/plain"));
        assertTrue(text.getContentType().toLowerCase().contains("charset=utf-8"), text.getContentType());
        BodyPart relatedPart = alternative.getBodyPart(1);
        assertTrue(relatedPart.isMimeType("multipart/related"), relatedPart.getContentType());
        assertTrue(relatedPart.getContentType().contains("type=\"text/html\""), relatedPart.getContentType());
        var related = (Multipart) relatedPart.getContent();
        assertEquals(2, related.getCount());
        BodyPart html = related.getBodyPart(0);
        assertTrue(html.isMimeType("text/html"));
        assertTrue(html.getContentType().toLowerCase().contains("charset=utf-8"), html.getContentType());
        assertTrue(((String) html.getContent()).contains("<img src=\"cid:diagram\" alt=\"Board, top rank first: r.bqkb.r/"));
        BodyPart image = related.getBodyPart(1);
        assertTrue(image.isMimeType("image/png"));
        assertArrayEquals(new String[] {"<diagram>"}, image.getHeader("Content-ID"));
        assertEquals(Part.INLINE, image.getDisposition());
        try (InputStream in = image.getInputStream()) {
            var png = ImageIO.read(in);
            assertEquals(DiagramImage.width(8), png.getWidth());
            // c4 is marked in the sample rejection.
            var left = new java.awt.Color(png.getRGB(DiagramImage.MARGIN + 2 * DiagramImage.SQUARE + 1,
                    DiagramImage.MARGIN + 4 * DiagramImage.SQUARE + DiagramImage.SQUARE / 2));
            assertTrue(left.getRed() > 180 && left.getGreen() < 80, "c4 framed in red: " + left);
        }
    }

    @Test void a_mail_to_the_side_to_move_carries_the_deadline_as_an_ics_attachment() throws Exception {
        var model = new java.util.HashMap<>(SampleMails.MODEL);
        model.put("deadlineAt", "2026-12-04T11:00:00Z");
        model.put("deadline", "Friday 4 December 2026, 11:00 UTC");
        MimeMessage m = roundTrip(compose(SampleMails.mail(7, MailKind.TURN_ACCEPTED, "Jürgen", "[Epistle] Game 12", model)));
        assertTrue(m.getContentType().startsWith("multipart/mixed"), m.getContentType());
        Multipart mixed = (Multipart) m.getContent();
        assertTrue(mixed.getBodyPart(0).getContentType().startsWith("multipart/alternative"));
        BodyPart ics = mixed.getBodyPart(1);
        assertTrue(ics.getContentType().startsWith("text/calendar"), ics.getContentType());
        assertEquals("deadline.ics", ics.getFileName());
        String calendar = new String(ics.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(calendar.contains("\r\nDTEND:20261204T110000Z\r\n"), calendar);
        assertTrue(calendar.contains("UID:game-12-turn-"), calendar);

        model.put("yourTurn", false); // the waiting side gets no calendar entry
        MimeMessage waiting = roundTrip(compose(SampleMails.mail(8, MailKind.TURN_ACCEPTED, "Jürgen", "[Epistle] Game 12", model)));
        assertTrue(waiting.getContentType().startsWith("multipart/alternative"), waiting.getContentType());
    }

    @Test void the_text_part_shows_the_diagram_and_quotes_the_player() throws Exception {
        Parts parts = Parts.of(roundTrip(compose(SampleMails.mail(7, MailKind.TURN_REJECTED))));

        for (String line : SampleMails.DIAGRAM) {
            assertTrue(parts.text.contains("    " + line + "\r\n") || parts.text.contains("    " + line + "\n"), line);
        }
        assertTrue(parts.text.contains("Not accepted: Bc4-f7"), parts.text);
        assertTrue(parts.text.contains("> Bc4-f7/Qh5"), parts.text);
        assertTrue(parts.text.contains("> Jürgen"), parts.text);
    }

    @Test void moved_squares_may_be_names_or_moves() {
        assertEquals(List.of("g1", "f3", "f1", "c4"), MailComposer.squares(SampleMails.MODEL.get("moved")));
        assertEquals(List.of("e2", "e4"), MailComposer.squares(List.of("e2", "e4")));
        assertEquals(List.of(), MailComposer.squares(""));
    }

    @Test void a_refusal_about_no_game_has_no_picture() throws Exception {
        var model = new java.util.HashMap<>(SampleMails.MODEL);
        model.put("gameId", 0L);
        for (String key : List.of("variantName", "whiteName", "blackName", "sideToMove", "notAccepted", "rawText")) {
            model.put(key, "");
        }
        for (String key : List.of("diagram", "ranks", "marked", "moved", "history")) {
            model.put(key, List.of());
        }
        model.put("explanation", "This mail does not carry the secret of any of your games.");

        Parts parts = Parts.of(roundTrip(compose(SampleMails.mail(7, MailKind.REFUSAL, "Jürgen", "[Epistle] Not accepted", model))));

        assertTrue(parts.text().startsWith("Epistle\n") || parts.text().startsWith("Epistle\r\n"), parts.text());
        assertTrue(parts.text().contains("This mail does not carry the secret of any of your games."), parts.text());
        assertNull(parts.png());
    }

    @Test void headers_carry_the_outbox_identity_threading_and_loop_protection() throws Exception {
        OutboxMail mail = SampleMails.mail(7, MailKind.TURN_ACCEPTED);
        MimeMessage sent = compose(mail);
        sent.saveChanges();                                     // a second save must not invent a new id
        MimeMessage m = roundTrip(sent);

        assertArrayEquals(new String[] {"<game-12.mail-7@epistle.localhost>"}, m.getHeader("Message-ID"));
        assertArrayEquals(new String[] {SampleMails.ROOT_ID}, m.getHeader("In-Reply-To"));
        assertEquals("<game-12.root@epistle.localhost> <game-12.mail-6@epistle.localhost>",
                m.getHeader("References", " ").replaceAll("\\s+", " "));
        assertEquals("moves+12.k3x9@epistle.localhost", ((InternetAddress) m.getReplyTo()[0]).getAddress());
        assertEquals(1, m.getReplyTo().length);
        var from = (InternetAddress) m.getFrom()[0];
        assertEquals("epistle@epistle.localhost", from.getAddress());
        assertEquals("Epistle", from.getPersonal());
        var to = (InternetAddress) m.getRecipients(MimeMessage.RecipientType.TO)[0];
        assertEquals("juergen@example.org", to.getAddress());
        assertEquals("Jürgen", to.getPersonal());
        assertEquals("[Epistle] Game 12 · Marseillais · Black to move (turn 3)", m.getSubject());
        assertArrayEquals(new String[] {"auto-generated"}, m.getHeader("Auto-Submitted"));
        assertEquals(Date.from(NOW), m.getSentDate());
        assertNull(m.getRecipients(MimeMessage.RecipientType.CC));
        assertNull(m.getRecipients(MimeMessage.RecipientType.BCC));
    }

    @Test void an_observers_mail_can_be_unsubscribed_from_by_header_and_a_players_cannot() throws Exception {
        MimeMessage observer = roundTrip(compose(SampleMails.mail(7, MailKind.OBSERVER_TURN)));
        assertEquals("<mailto:moves@epistle.localhost?subject=unsubscribe%2012>, <https://epistle.example/unsubscribe/3-abc>",
                observer.getHeader("List-Unsubscribe", " ").replaceAll("\\s+", " "));
        assertArrayEquals(new String[] {"List-Unsubscribe=One-Click"}, observer.getHeader("List-Unsubscribe-Post"));

        MimeMessage player = roundTrip(compose(SampleMails.mail(7, MailKind.TURN_ACCEPTED, "Jürgen", "[Epistle] Game 12",
                SampleMails.modelWithout("listUnsubscribe"))));
        assertNull(player.getHeader("List-Unsubscribe"));
        assertNull(player.getHeader("List-Unsubscribe-Post"));

        MimeMessage injected = roundTrip(compose(SampleMails.mail(7, MailKind.OBSERVER_TURN, "Jürgen", "[Epistle] Game 12",
                SampleMails.modelWith("listUnsubscribe", "<mailto:a@b>\r\nBcc: mallory@example.net"))));
        assertNull(injected.getHeader("Bcc"), "a line break in the value adds no header");
    }

    @Test void headers_are_plain_ascii_with_encoded_words() throws Exception {
        String headers = rawHeaders(compose(SampleMails.mail(7, MailKind.TURN_ACCEPTED)));

        assertTrue(headers.chars().allMatch(c -> c < 128), headers);
        assertTrue(headers.contains("=?UTF-8?"), headers);
        for (String line : headers.split("\r\n")) {
            assertTrue(line.length() <= 998, line);
        }
    }

    @Test void a_bare_message_id_gets_its_angle_brackets() throws Exception {
        var m = SampleMails.mail(7, MailKind.BOARD);
        var bare = new OutboxMail(m.id(), m.gameId(), m.kind(), m.toName(), m.toAddress(), m.subject(),
                "game-12.mail-7@epistle.localhost", "game-12.root@epistle.localhost",
                List.of("game-12.root@epistle.localhost"), m.replyTo(), m.model(), 0);

        MimeMessage composed = roundTrip(compose(bare));

        assertArrayEquals(new String[] {"<game-12.mail-7@epistle.localhost>"}, composed.getHeader("Message-ID"));
        assertArrayEquals(new String[] {"<game-12.root@epistle.localhost>"}, composed.getHeader("In-Reply-To"));
    }

    @Test void line_breaks_in_names_and_subjects_cannot_add_headers() throws Exception {
        var mail = SampleMails.mail(7, MailKind.TURN_ACCEPTED, "x\r\nBcc: evil@x", "Game 12\r\nBcc: evil@x\nX-Evil: 1",
                SampleMails.MODEL);

        MimeMessage composed = compose(mail);
        String headers = rawHeaders(composed);
        MimeMessage m = roundTrip(composed);

        assertNull(m.getHeader("Bcc"), headers);
        assertNull(m.getHeader("X-Evil"), headers);
        assertFalse(headers.contains("\nBcc:"), headers);
        assertEquals(1, m.getAllRecipients().length);
        assertEquals("Game 12 Bcc: evil@x X-Evil: 1", m.getSubject());
        assertEquals("x Bcc: evil@x", ((InternetAddress) m.getRecipients(MimeMessage.RecipientType.TO)[0]).getPersonal());
    }

    @Test void line_breaks_in_threading_headers_cannot_add_headers() throws Exception {
        // Jakarta Mail's setHeader writes CR LF as they are: "<a@b>\r\nBcc: x" would become a real Bcc header.
        var m = SampleMails.mail(7, MailKind.BOARD);
        var mail = new OutboxMail(m.id(), m.gameId(), m.kind(), m.toName(), m.toAddress(), m.subject(),
                "<id@x>\r\nBcc: evil@x", "<root@x>\nBcc: evil@x", List.of("<root@x>\rBcc: evil@x", "<p@x>"),
                m.replyTo(), m.model(), 0);

        MimeMessage composed = compose(mail);
        String headers = rawHeaders(composed);

        assertNull(roundTrip(composed).getHeader("Bcc"), headers);
        assertFalse(headers.contains("\nBcc:"), headers);
    }

    @Test void an_address_list_where_one_address_belongs_is_refused() {
        var m = SampleMails.mail(7, MailKind.BOARD);
        for (String to : List.of("a@example.org, evil@x", "Evil <evil@x>", "not an address", "a@example.org\r\nBcc: evil@x")) {
            var mail = new OutboxMail(m.id(), m.gameId(), m.kind(), m.toName(), to, m.subject(), m.messageId(),
                    m.inReplyTo(), m.references(), m.replyTo(), m.model(), 0);
            assertThrows(AddressException.class, () -> compose(mail), to);
        }
    }

    @Test void a_model_that_lacks_a_required_key_fails_naming_the_template() {
        var mail = SampleMails.mail(7, MailKind.TURN_ACCEPTED, "Jürgen", "s", SampleMails.modelWithout("playedTurn"));

        var e = assertThrows(Templates.RenderException.class, () -> compose(mail));

        assertEquals("turn-accepted.ftl", e.templateName());
    }

    @Test void the_diagram_part_given_in_base64_is_written_as_jakarta_mail_writes_it_from_the_png() throws Exception {
        // a drawn board, and PNG lengths whose base64 ends in a full line (Jakarta Mail ends that line too) or not
        var picture = DiagramImage.Picture.of(List.of("rnbqkbnr", "pppp.ppp", "........", "....p...", "........",
                ".....P..", "PPPPP.PP", "RNBQKBNR")).marking(List.of("e7", "e5"), List.of("e7", "e5"));
        List<byte[]> pngs = new java.util.ArrayList<>(List.of(DiagramImage.png(picture)));
        var random = new java.util.Random(15);
        for (int length : new int[] {57, 58, 570, 23_313}) {
            byte[] bytes = new byte[length];
            random.nextBytes(bytes);
            pngs.add(bytes);
        }
        for (byte[] png : pngs) {
            var fromPng = new jakarta.mail.internet.MimeBodyPart();
            fromPng.setDataHandler(new jakarta.activation.DataHandler(new jakarta.mail.util.ByteArrayDataSource(png, "image/png")));
            fromPng.setContentID("<" + MailComposer.DIAGRAM_CID + ">");
            fromPng.setDisposition(Part.INLINE);
            fromPng.setFileName("diagram.png");
            byte[] base64 = png == pngs.get(0) ? DiagramImage.pngBase64(picture) : java.util.Base64.getMimeEncoder()
                    .encodeToString(png).concat(png.length % 57 == 0 ? "\r\n" : "").getBytes(StandardCharsets.US_ASCII);

            assertEquals(written(fromPng), written(MailComposer.diagramPart(base64)), png.length + " bytes");
        }
    }

    /** A part as it goes out in a message: its headers brought up to date, then written. */
    private static String written(jakarta.mail.internet.MimeBodyPart part) throws Exception {
        var multipart = new jakarta.mail.internet.MimeMultipart("related");
        multipart.addBodyPart(part);
        var message = new MimeMessage(Session.getInstance(new Properties()));
        message.setContent(multipart);
        message.saveChanges();
        var out = new ByteArrayOutputStream();
        part.writeTo(out);
        return out.toString(StandardCharsets.US_ASCII);
    }

    /** The text, the HTML and the PNG bytes of a composed message. */
    record Parts(String text, String html, byte[] png) {
        static Parts of(Part message) throws MessagingException, IOException {
            var alternative = (Multipart) message.getContent();
            String text = (String) alternative.getBodyPart(0).getContent();
            BodyPart second = alternative.getBodyPart(1);
            if (second.isMimeType("text/html")) {
                return new Parts(text, (String) second.getContent(), null);
            }
            var related = (Multipart) second.getContent();
            String html = (String) related.getBodyPart(0).getContent();
            try (InputStream in = related.getBodyPart(1).getInputStream()) {
                return new Parts(text, html, in.readAllBytes());
            }
        }
    }
}
