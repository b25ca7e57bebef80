package org.epistle.mailer.outbound;

import jakarta.mail.MessagingException;
import jakarta.mail.Part;
import jakarta.mail.Session;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.InternetHeaders;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import jakarta.mail.internet.MimeUtility;
import jakarta.mail.util.ByteArrayDataSource;
import jakarta.activation.DataHandler;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.time.Instant;
import java.util.stream.Collectors;
import org.epistle.core.games.OutboxMail;
import org.epistle.templates.Templates;

/**
 * Turns an outbox mail into a MIME message ready for SMTP.
 *
 * <pre>
 * multipart/alternative
 *   text/plain; charset=UTF-8               kind.template() + ".ftl"
 *   multipart/related; type="text/html"     (when the model has "ranks" and the HTML shows cid:diagram)
 *     text/html; charset=UTF-8              kind.template() + ".ftlh", shows &lt;img src="cid:diagram"&gt;
 *     image/png, inline, Content-ID &lt;diagram&gt;   {@link DiagramImage} of ranks, marked, moved
 * </pre>
 *
 * Otherwise the HTML part sits directly in the alternative. A mail to the side to move of a game with a time
 * limit (model {@code yourTurn} and {@code deadlineAt}) is a multipart/mixed of that alternative and the
 * deadline as {@code deadline.ics} (text/calendar, {@link DeadlineCalendar}). {@code marked} and {@code moved} may list
 * square names or moves as {@code {from, to}} maps.
 *
 * <p>Headers: From, To, Reply-To, Subject (RFC 2047 encoded words when not ASCII), Date, the outbox's
 * Message-ID unchanged (Jakarta Mail would otherwise invent a new one on every save), In-Reply-To and
 * References for threading, and {@code Auto-Submitted: auto-generated} plus
 * {@code X-Auto-Response-Suppress: All} so that auto-responders leave the server's mail alone; for a model with
 * {@code listUnsubscribe} (an observer's mail), {@code List-Unsubscribe} and {@code List-Unsubscribe-Post}.
 * Every value put into a header has its CR and LF removed, so nothing a player typed can add a header.
 */
public final class MailComposer {

    /** The Content-ID of the diagram image, as the HTML templates refer to it ({@code cid:diagram}). */
    public static final String DIAGRAM_CID = "diagram";

    static {
        org.epistle.mailer.MimeStreams.pin();          // every part made here would otherwise look its provider up
    }

    private static final java.util.regex.Pattern LINE_BREAKS = java.util.regex.Pattern.compile("[\\r\\n]+");

    private final Templates templates;
    private final Clock clock;

    public MailComposer(Templates templates) {
        this(templates, Clock.systemUTC());
    }

    public MailComposer(Templates templates, Clock clock) {
        this.templates = Objects.requireNonNull(templates, "templates");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The message for {@code mail}, with all headers set and {@link MimeMessage#saveChanges()} done.
     *
     * @throws MessagingException           for an address that does not parse, or a MIME problem
     * @throws Templates.RenderException    when a template lacks a value it needs (a bug in the model)
     * @throws IllegalArgumentException     for a diagram that cannot be drawn
     */
    public MimeMessage compose(OutboxMail mail, Session session, String fromAddress, String fromName)
            throws MessagingException {
        Objects.requireNonNull(mail, "mail");
        Objects.requireNonNull(session, "session");
        String base = mail.kind().template();
        Map<String, Object> model = mail.model();

        String text = templates.render(base + ".ftl", model);
        String html = templates.render(base + ".ftlh", model);

        var message = new StableIdMessage(session, messageId(mail.messageId()));
        message.setFrom(address(fromAddress, fromName));
        message.setRecipient(MimeMessage.RecipientType.TO, address(mail.toAddress(), mail.toName()));
        if (hasText(mail.replyTo())) {
            message.setReplyTo(new InternetAddress[] {address(mail.replyTo(), null)});
        }
        message.setSubject(headerValue(mail.subject()), StandardCharsets.UTF_8.name());
        message.setSentDate(Date.from(clock.instant()));
        if (hasText(mail.inReplyTo())) {
            message.setHeader("In-Reply-To", messageId(mail.inReplyTo()));
        }
        String references = mail.references().stream()
                .filter(MailComposer::hasText)
                .map(MailComposer::messageId)
                .collect(Collectors.joining(" "));
        if (!references.isEmpty()) {
            message.setHeader("References", MimeUtility.fold("References: ".length(), references));
        }
        message.setHeader("Auto-Submitted", "auto-generated");
        message.setHeader("X-Auto-Response-Suppress", "All");
        if (model.get("listUnsubscribe") instanceof String unsubscribe && hasText(unsubscribe)) {
            // an observer's mail (RFC 2369); the https link there unsubscribes with one POST (RFC 8058)
            message.setHeader("List-Unsubscribe", MimeUtility.fold("List-Unsubscribe: ".length(), headerValue(unsubscribe)));
            message.setHeader("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
        }

        var textPart = new MimeBodyPart();
        textPart.setText(text, StandardCharsets.UTF_8.name(), "plain");
        var htmlPart = new MimeBodyPart();
        htmlPart.setText(html, StandardCharsets.UTF_8.name(), "html");

        var alternative = new MimeMultipart("alternative");
        alternative.addBodyPart(textPart);
        List<String> ranks = strings(model.get("ranks"));
        if (ranks.isEmpty() || !html.contains("cid:" + DIAGRAM_CID)) {
            alternative.addBodyPart(htmlPart);
        } else {
            byte[] base64 = DiagramImage.pngBase64(DiagramImage.Picture.of(ranks)
                    .marking(squares(model.get("marked")), squares(model.get("moved")))
                    .withArrows(strings(model.get("motions"))).withEnergy(energy(model.get("energy")))
                    .withStacked(strings(model.get("stacked")))
                    .withRealms(model.get("realms") instanceof Number n ? n.intValue() : 0)
                    .withFigures(names(model.get("figures")))
                    .withChecked(strings(model.get("checked")))
                    .withField(strings(model.get("field"))));
            var imagePart = diagramPart(base64);
            var related = new MimeMultipart("related");
            related.addBodyPart(htmlPart);
            related.addBodyPart(imagePart);
            var relatedPart = new MimeBodyPart();
            relatedPart.setContent(related);
            // RFC 2387: multipart/related names the type of its root part.
            relatedPart.setHeader("Content-Type", related.getContentType() + "; type=\"text/html\"");
            alternative.addBodyPart(relatedPart);
        }
        Optional<DeadlineCalendar> deadline = deadline(mail, model, fromAddress);
        if (deadline.isEmpty()) {
            message.setContent(alternative);
        } else {
            var alternativePart = new MimeBodyPart();
            alternativePart.setContent(alternative);
            var calendarPart = new MimeBodyPart();
            calendarPart.setDataHandler(new DataHandler(new ByteArrayDataSource(deadline.get().bytes(),
                    "text/calendar; charset=UTF-8; method=PUBLISH")));
            calendarPart.setFileName("deadline.ics");
            calendarPart.setDisposition(Part.ATTACHMENT);
            var mixed = new MimeMultipart("mixed");
            mixed.addBodyPart(alternativePart);
            mixed.addBodyPart(calendarPart);
            message.setContent(mixed);
        }
        message.saveChanges();
        return message;
    }

    /**
     * The diagram's part, its body given already in base64: written as it is, where a part made from the PNG would
     * have it scanned to choose an encoding and encoded again for each of the turn's two mails. The headers are those
     * Jakarta Mail writes for the PNG with {@code setContentID}, {@code setDisposition(INLINE)} and {@code setFileName},
     * in its order (MailComposerTest compares the two parts byte for byte).
     */
    static MimeBodyPart diagramPart(byte[] base64) throws MessagingException {
        var headers = new InternetHeaders();
        headers.setHeader("Content-Type", "image/png; name=diagram.png");
        headers.setHeader("Content-Transfer-Encoding", "base64");
        headers.setHeader("Content-ID", "<" + DIAGRAM_CID + ">");
        headers.setHeader("Content-Disposition", Part.INLINE + "; filename=diagram.png");
        return new MimeBodyPart(headers, base64);
    }

    /** The deadline to attach: in a mail to the side to move of a game with a time limit. */
    private Optional<DeadlineCalendar> deadline(OutboxMail mail, Map<String, Object> model, String fromAddress) {
        Object at = model.get("deadlineAt");
        if (!(at instanceof String iso) || iso.isEmpty() || !Boolean.TRUE.equals(model.get("yourTurn"))) {
            return Optional.empty();
        }
        Instant deadline;
        try {
            deadline = Instant.parse(iso);
        } catch (java.time.format.DateTimeParseException e) {
            throw new IllegalArgumentException("the model's deadlineAt is not an instant: " + iso, e);
        }
        String domain = fromAddress.substring(fromAddress.indexOf('@') + 1);
        String side = String.valueOf(model.getOrDefault("sideToMove", "")).toLowerCase(java.util.Locale.ROOT);
        String uid = "game-" + mail.gameId() + "-turn-" + model.getOrDefault("turnNumber", 0) + "-" + side + "@" + domain;
        String title = "Epistle game " + mail.gameId() + ": your move is due";
        String gameUrl = String.valueOf(model.getOrDefault("gameUrl", ""));
        String times = String.valueOf(model.getOrDefault("clock", ""));
        return Optional.of(new DeadlineCalendar(uid, fromAddress, deadline, clock.instant(), title,
                "Your turn " + model.getOrDefault("turnNumber", "") + " in game " + mail.gameId() + " ("
                        + model.getOrDefault("variantName", "") + ") is due by " + model.getOrDefault("deadline", "") + ". " + times,
                gameUrl));
    }

    /** {@code value} with every CR and LF replaced by a space and the ends trimmed: safe for one header line. */
    static String headerValue(String value) {
        if (value == null) {
            return "";
        }
        if (value.indexOf('\r') < 0 && value.indexOf('\n') < 0) {
            return value.strip();                       // the usual case, without compiling a pattern for every header
        }
        return LINE_BREAKS.matcher(value).replaceAll(" ").strip();
    }

    /** A message id in angle brackets, CR/LF removed; an id given with brackets is kept as it is. */
    static String messageId(String id) {
        String v = headerValue(id);
        if (v.isEmpty()) {
            throw new IllegalArgumentException("empty Message-ID");
        }
        return v.startsWith("<") && v.endsWith(">") ? v : "<" + v + ">";
    }

    /** One address, strictly parsed (so {@code "a@x, b@y"} is refused), with a display name in UTF-8. */
    static InternetAddress address(String address, String name) throws AddressException {
        String a = headerValue(address);
        InternetAddress parsed = new InternetAddress(a, true);
        if (parsed.getPersonal() != null || !parsed.getAddress().equals(a)) {
            throw new AddressException("not a single plain address", a);
        }
        String personal = headerValue(name);
        if (personal.isEmpty()) {
            return parsed;
        }
        try {
            return new InternetAddress(parsed.getAddress(), personal, StandardCharsets.UTF_8.name());
        } catch (UnsupportedEncodingException e) {
            throw new IllegalStateException("UTF-8 is always supported", e);
        }
    }

    private static boolean hasText(String s) {
        return s != null && !s.isBlank();
    }

    /**
     * Square names from a model value: a list of names ({@code ["e2", "e4"]}) or of moves as maps
     * ({@code [{from: "e2", to: "e4"}]}), as the games team writes {@code moved}.
     */
    static List<String> squares(Object value) {
        if (!(value instanceof Collection<?> c)) {
            return List.of();
        }
        var out = new ArrayList<String>();
        for (Object item : c) {
            if (item instanceof Map<?, ?> move) {
                for (String key : List.of("from", "to")) {
                    if (move.get(key) != null) {
                        out.add(String.valueOf(move.get(key)));
                    }
                }
            } else if (item != null) {
                out.add(String.valueOf(item));
            }
        }
        return out;
    }

    /** The model's energy by square name ({"d6": 3}); anything else is no energy. */
    static Map<String, Integer> energy(Object value) {
        if (!(value instanceof Map<?, ?> m)) {
            return Map.of();
        }
        var out = new java.util.TreeMap<String, Integer>();
        m.forEach((k, v) -> {
            if (k != null && v instanceof Number n) {
                out.put(String.valueOf(k), n.intValue());
            }
        });
        return out;
    }

    /** The model's piece names by square name ({"a1": "Charging Rook"}); anything else is none. */
    static Map<String, String> names(Object value) {
        if (!(value instanceof Map<?, ?> m)) {
            return Map.of();
        }
        var out = new java.util.TreeMap<String, String>();
        m.forEach((k, v) -> {
            if (k != null && v != null) {
                out.put(String.valueOf(k), String.valueOf(v));
            }
        });
        return out;
    }

    private static List<String> strings(Object value) {
        if (value instanceof Collection<?> c) {
            return c.stream().filter(Objects::nonNull).map(String::valueOf).toList();
        }
        return List.of();
    }

    /** A message whose Message-ID is the outbox's, not one Jakarta Mail makes up in {@code saveChanges}. */
    private static final class StableIdMessage extends MimeMessage {
        private final String messageId;

        StableIdMessage(Session session, String messageId) {
            super(session);
            this.messageId = messageId;
        }

        @Override
        protected void updateMessageID() throws MessagingException {
            setHeader("Message-ID", messageId);
        }
    }
}
