package org.epistle.mailer.inbound;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import jakarta.activation.DataSource;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import jakarta.mail.internet.MimePart;
import jakarta.mail.internet.MimePartDataSource;
import org.jsoup.Jsoup;

/**
 * Finds the text a person wrote in a parsed message: the text/plain part, else the HTML part as text.
 * Attachments, forwarded messages and the machine-readable parts of a report are skipped without being
 * decoded, so a large attachment costs nothing but its bytes. Every structural fault is collected as a
 * problem and reading goes on with what can be read: a multipart whose boundary is wrong is re-read with
 * the boundary its body actually uses.
 */
final class BodyText {

    /** Enough for any reply; a longer text part is cut here. */
    static final int MAX_TEXT_BYTES = 1 << 20;
    private static final int MAX_DEPTH = 12;
    private static final int MAX_PARTS = 500;

    record Result(String text, List<String> problems) {}

    private final List<String> problems = new ArrayList<>();
    private int parts;

    private BodyText() {}

    static Result read(MimeMessage message) {
        var reader = new BodyText();
        String text = "";
        try {
            Optional<Found> found = reader.find(message, 0);
            if (found.isPresent()) text = reader.text(found.get());
        } catch (MessagingException | IOException | RuntimeException e) {
            reader.problems.add("the body could not be read: " + describe(e));
        }
        return new Result(text, List.copyOf(reader.problems));
    }

    private record Found(MimePart part, MediaType type) {}

    private Optional<Found> find(MimePart part, int depth) throws MessagingException {
        if (++parts > MAX_PARTS) {
            if (parts == MAX_PARTS + 1) problems.add("more than " + MAX_PARTS + " MIME parts; the rest were not read");
            return Optional.empty();
        }
        MediaType type = mediaType(part);
        if (isAttachment(part, type)) return Optional.empty();
        if (type.is("text", "plain") || type.is("text", "html")) return Optional.of(new Found(part, type));
        if (!type.type().equals("multipart")) return Optional.empty(); // images, message/rfc822, delivery-status...
        if (depth >= MAX_DEPTH) {
            problems.add("MIME parts nested deeper than " + MAX_DEPTH + " levels were not read");
            return Optional.empty();
        }
        MimeMultipart multipart = multipart(part, type);
        if (multipart == null) return Optional.empty();
        int count = multipart.getCount();
        if (type.subtype().equals("report")) count = Math.min(count, 1); // the human-readable part only
        Optional<Found> best = Optional.empty();
        for (int i = 0; i < count; i++) {
            Optional<Found> child = find((MimePart) multipart.getBodyPart(i), depth + 1);
            if (child.isEmpty()) continue;
            if (!type.subtype().equals("alternative")) return child;
            if (child.get().type().is("text", "plain")) return child;
            if (best.isEmpty()) best = child;
        }
        return best;
    }

    private MediaType mediaType(MimePart part) throws MessagingException {
        String header = part.getHeader("Content-Type", null);
        if (header == null) return MediaType.TEXT_PLAIN;
        Optional<MediaType> type = MediaType.parse(HeaderText.unfold(header));
        if (type.isEmpty()) problems.add("unreadable Content-Type \"" + HeaderText.clean(header) + "\", read as text/plain");
        return type.orElse(MediaType.TEXT_PLAIN);
    }

    private static boolean isAttachment(MimePart part, MediaType type) throws MessagingException {
        if (type.type().equals("multipart")) return false;
        String disposition = part.getHeader("Content-Disposition", null);
        if (disposition != null) {
            String d = HeaderText.unfold(disposition).strip().toLowerCase(Locale.ROOT);
            if (d.startsWith("attachment") || d.matches("(?s).*;\\s*filename\\*?(?:\\d+\\*?)?\\s*=.*")) return true;
        }
        return type.namesAFile();
    }

    /** Parses strictly; when that fails, records why and parses again leniently. Null if neither works. */
    private MimeMultipart multipart(MimePart part, MediaType type) {
        try {
            var strict = new Multipart(new Source(part, type), false);
            strict.getCount();
            if (!strict.isComplete()) {
                problems.add(type.essence() + " ends without its closing boundary: the message is truncated");
            }
            return strict;
        } catch (MessagingException | RuntimeException strictFailure) {
            String why = type.essence() + " could not be parsed (" + describe(strictFailure) + ")";
            try {
                var lenient = new Multipart(new Source(part, type), true);
                lenient.getCount();
                problems.add(why + "; read again with the boundary the body uses");
                if (!lenient.isComplete()) problems.add(type.essence() + " ends without its closing boundary");
                return lenient;
            } catch (MessagingException | RuntimeException lenientFailure) {
                problems.add(why);
                return null;
            }
        }
    }

    private String text(Found found) throws MessagingException, IOException {
        byte[] bytes = content(found.part());
        String charset = found.type().parameter("charset").orElse(null);
        String text;
        if (found.type().is("text", "html")) {
            var document = charset != null && TextDecoding.charset(charset) != null
                    ? Jsoup.parse(TextDecoding.decode(bytes, charset))
                    : Jsoup.parse(new ByteArrayInputStream(bytes), null, ""); // the charset from <meta>, or UTF-8
            text = HtmlText.toText(document);
        } else {
            text = TextDecoding.decode(bytes, charset).replace("\r\n", "\n").replace('\r', '\n');
            if (found.type().parameter("format").filter("flowed"::equalsIgnoreCase).isPresent()) {
                text = Flowed.unflow(text, found.type().parameter("delsp").filter("yes"::equalsIgnoreCase).isPresent());
            }
        }
        return text;
    }

    /** The part's bytes with the transfer encoding undone, at most {@link #MAX_TEXT_BYTES}. */
    private byte[] content(MimePart part) throws MessagingException, IOException {
        String encoding = Optional.ofNullable(part.getHeader("Content-Transfer-Encoding", null))
                .map(e -> HeaderText.unfold(e).strip().toLowerCase(Locale.ROOT)).orElse("7bit");
        InputStream decoded;
        try {
            decoded = new MimePartDataSource(part).getInputStream();
        } catch (IOException | RuntimeException e) { // MimePartDataSource wraps "Unknown encoding" in an IOException
            problems.add("unknown Content-Transfer-Encoding \"" + HeaderText.clean(encoding) + "\"; the text is read as it is");
            try (InputStream raw = rawStream(part)) {
                return raw.readNBytes(MAX_TEXT_BYTES);
            }
        }
        try (decoded) {
            return decoded.readNBytes(MAX_TEXT_BYTES);
        } catch (IOException | RuntimeException e) {
            if (!encoding.equals("base64")) throw e;
            problems.add("the base64 text is damaged (" + describe(e) + "); decoded what was readable");
            try (InputStream raw = rawStream(part)) {
                String base64 = new String(raw.readNBytes(MAX_TEXT_BYTES * 4 / 3 + 4), StandardCharsets.US_ASCII)
                        .replaceAll("[^A-Za-z0-9+/]", "");
                return Base64.getDecoder().decode(base64.substring(0, base64.length() - base64.length() % 4));
            }
        }
    }

    private static InputStream rawStream(MimePart part) throws MessagingException {
        if (part instanceof MimeBodyPart body) return body.getRawInputStream();
        if (part instanceof MimeMessage message) return message.getRawInputStream();
        return InputStream.nullInputStream();
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        return HeaderText.clean(message == null || message.isBlank() ? e.getClass().getSimpleName() : message);
    }

    /**
     * Jakarta Mail reads its multipart leniency flags from system properties, for the whole JVM, each time
     * it parses; this subclass sets them per instance. Strict: the boundary must be the one declared.
     * Lenient: the first line starting with {@code --} is taken as the boundary, and an empty multipart is allowed.
     */
    private static final class Multipart extends MimeMultipart {
        private final boolean lenient;

        Multipart(DataSource source, boolean lenient) throws MessagingException {
            super(source);
            this.lenient = lenient;
        }

        @Override protected void initializeProperties() { // called by parse(), and by the super constructor
            ignoreMissingEndBoundary = true; // we check isComplete() ourselves and report it
            ignoreMissingBoundaryParameter = lenient;
            ignoreExistingBoundaryParameter = lenient;
            allowEmpty = lenient;
        }
    }

    /** The part's content with a Content-Type Jakarta Mail can parse: only the essence and the boundary. */
    private record Source(MimePart part, MediaType type) implements DataSource {
        @Override public InputStream getInputStream() throws IOException {
            try {
                return new MimePartDataSource(part).getInputStream();
            } catch (RuntimeException e) {
                throw new IOException(e);
            }
        }

        @Override public OutputStream getOutputStream() throws IOException {
            throw new IOException("read only");
        }

        @Override public String getContentType() {
            return type.essence() + type.parameter("boundary")
                    .map(b -> "; boundary=\"" + b.replace("\\", "\\\\").replace("\"", "\\\"") + "\"").orElse("");
        }

        @Override public String getName() {
            return "part";
        }
    }
}
