package org.epistle.mailer.inbound;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.mail.Header;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.util.SharedByteArrayInputStream;
import org.epistle.mailer.ReplyText;
import org.epistle.mailer.inbound.Classification.Kind;

/**
 * Reads a received message from its raw bytes, as the IMAP server stores them. Nothing is asked of the
 * server: the structure, the charsets and the transfer encodings are all worked out here, so a message
 * that would break the server's or Jakarta Mail's IMAP parsing is still read.
 *
 * <p>{@link #parse} never throws. A message that is not well formed comes back with whatever could be
 * read and {@link Kind#MALFORMED}; every header value it exposes has its line breaks removed.
 */
public final class MailParser {
    static {
        org.epistle.mailer.MimeStreams.pin();          // every mail's headers would otherwise look their provider up
    }


    /** The default size limit, 10 MiB: larger mail is classified {@link Kind#TOO_LARGE} and only its header read. */
    public static final long DEFAULT_MAX_BYTES = 10L * 1024 * 1024;

    private static final Session SESSION = session();
    private static final Pattern MSG_ID = Pattern.compile("<[^<>\\s]+>");
    private static final Pattern HEADER_LINE = Pattern.compile("^[!-9;-~]+[ \\t]*:");
    private static final Pattern BARE_ADDRESS = Pattern.compile("[^\\s<>()\",;:@]+@[^\\s<>()\",;:@]+\\.[^\\s<>()\",;:@]+");
    private static final List<String> RECIPIENT_HEADERS = List.of("to", "cc", "delivered-to", "x-original-to");

    private final List<String> ownAddresses;
    private final long maxBytes;

    /** A parser for a server whose own address is {@code ownAddress}, with the default size limit. */
    public MailParser(String ownAddress) {
        this(List.of(ownAddress), DEFAULT_MAX_BYTES);
    }

    /**
     * @param ownAddresses the server's own addresses; mail from them, or from a plus-address of them, is {@link Kind#OWN}
     * @param maxBytes     mail larger than this is {@link Kind#TOO_LARGE}
     */
    public MailParser(Collection<String> ownAddresses, long maxBytes) {
        this.ownAddresses = List.copyOf(ownAddresses);
        if (maxBytes <= 0) throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
        this.maxBytes = maxBytes;
    }

    public ParsedMail parse(byte[] raw) {
        byte[] bytes = raw == null ? new byte[0] : raw;
        return parse(bytes, bytes.length);
    }

    /** The limit above which a mail is {@link Kind#TOO_LARGE} and only its header is read. */
    public long maxBytes() {
        return maxBytes;
    }

    /**
     * A mail over the limit of which only the header section was fetched: read as {@link #parse} reads the whole
     * mail, whose body it would not read either. Its size is the server's count of the whole mail's bytes.
     *
     * @throws IllegalArgumentException if {@code size} is within the limit: then the body is needed
     */
    public ParsedMail parseHeader(byte[] header, long size) {
        byte[] bytes = header == null ? new byte[0] : header;
        if (size <= maxBytes) {
            throw new IllegalArgumentException("a mail of " + size + " bytes is within the limit of " + maxBytes + "; read it whole");
        }
        return parse(bytes, Math.max(size, bytes.length));
    }

    private ParsedMail parse(byte[] bytes, long size) {
        try {
            return read(bytes, size);
        } catch (RuntimeException | StackOverflowError e) { // a bug or a pathological message: still an answer
            return new ParsedMail(hashKey(bytes), Optional.empty(), Optional.empty(), List.of(), "", "", List.of(),
                    Optional.empty(), new Classification(Kind.MALFORMED, "the message could not be read: "
                    + BodyText.describe(e)), size);
        }
    }

    /** @param size the mail's size: {@code raw.length}, or more when {@code raw} is its header only */
    private ParsedMail read(byte[] raw, long size) {
        var problems = new ArrayList<String>();
        checkHeaderSection(raw, problems);

        MimeMessage message = null;
        Map<String, List<String>> headers = Map.of();
        try {
            message = new MimeMessage(SESSION, new SharedByteArrayInputStream(raw));
            headers = headers(message);
        } catch (MessagingException | RuntimeException e) {
            problems.add("the header could not be read: " + BodyText.describe(e));
        }
        Map<String, List<String>> h = headers;

        Optional<String> messageId = first(h, "message-id").flatMap(v -> messageId(v, "Message-ID", problems));
        Optional<Address> from = from(h, problems);
        List<String> recipients = recipients(h, problems);
        String subject = first(h, "subject").map(v -> safe(HeaderText.decode(v), "Subject", problems)).orElse("");
        Optional<String> inReplyTo = first(h, "in-reply-to").flatMap(v -> messageId(v, "In-Reply-To", problems));
        Optional<MediaType> type = first(h, "content-type").flatMap(MediaType::parse);

        String text = "";
        if (message != null && size <= maxBytes) {
            BodyText.Result body = BodyText.read(message);
            text = body.text();
            problems.addAll(body.problems());
        }
        List<String> commandLines = ReplyText.commandLines(text);

        var facts = new Classifier.Facts(h, from, subject, type, size, maxBytes, ownAddresses,
                List.copyOf(new LinkedHashSet<>(problems)));
        return new ParsedMail(messageId.orElseGet(() -> SenderWritten.key(raw)), messageId, from, recipients, subject, text,
                commandLines, inReplyTo, Classifier.classify(facts), size);
    }

    /** Catches what Jakarta Mail accepts silently: no header at all, binary junk, NUL bytes. */
    private static void checkHeaderSection(byte[] raw, List<String> problems) {
        if (raw.length == 0) {
            problems.add("the message is empty");
            return;
        }
        int end = headerEnd(raw);
        String header = new String(raw, 0, end, StandardCharsets.ISO_8859_1);
        String firstLine = header.split("\r?\n", 2)[0];
        if (!HEADER_LINE.matcher(firstLine).find()) {
            problems.add("not a mail message: the first line is not a header");
        } else if (header.indexOf('\0') >= 0) {
            problems.add("the header contains NUL bytes");
        }
    }

    private static int headerEnd(byte[] raw) {
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == '\n' && i + 1 < raw.length && (raw[i + 1] == '\n'
                    || (raw[i + 1] == '\r' && i + 2 < raw.length && raw[i + 2] == '\n'))) {
                return i;
            }
        }
        return Math.min(raw.length, 64 * 1024);
    }

    private static Map<String, List<String>> headers(MimeMessage message) throws MessagingException {
        var headers = new LinkedHashMap<String, List<String>>();
        for (Enumeration<Header> e = message.getAllHeaders(); e.hasMoreElements(); ) {
            Header header = e.nextElement();
            if (header.getName() == null || header.getValue() == null) continue;
            headers.computeIfAbsent(header.getName().strip().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(HeaderText.unfold(header.getValue()).strip());
        }
        return headers;
    }

    private static Optional<String> first(Map<String, List<String>> headers, String name) {
        return headers.getOrDefault(name, List.of()).stream().findFirst();
    }

    /** The value with control characters removed; a decoded line break is a header injection attempt, and noted. */
    private static String safe(String value, String header, List<String> problems) {
        if (HeaderText.hasLineBreak(value)) {
            problems.add(header + " contains an encoded line break (a header injection attempt?)");
        }
        return HeaderText.clean(value);
    }

    private static Optional<String> messageId(String value, String header, List<String> problems) {
        String clean = safe(value, header, problems);
        Matcher m = MSG_ID.matcher(clean);
        if (m.find()) return Optional.of(m.group());
        if (clean.isEmpty() || clean.length() > 998 || clean.contains(" ")) return Optional.empty();
        return Optional.of(clean);
    }

    private static Optional<Address> from(Map<String, List<String>> headers, List<String> problems) {
        Optional<String> value = first(headers, "from");
        if (value.isEmpty()) {
            problems.add("no From header");
            return Optional.empty();
        }
        List<Address> addresses = addresses(value.get(), "From", problems);
        if (addresses.isEmpty()) problems.add("no address could be read from the From header");
        return addresses.stream().findFirst();
    }

    private static List<String> recipients(Map<String, List<String>> headers, List<String> problems) {
        var seen = new LinkedHashMap<String, String>();
        for (String name : RECIPIENT_HEADERS) {
            for (String value : headers.getOrDefault(name, List.of())) {
                for (Address a : addresses(value, name, problems)) seen.putIfAbsent(a.email().toLowerCase(Locale.ROOT), a.email());
            }
        }
        return List.copyOf(seen.values());
    }

    /** The addresses in a header, parsed leniently; when even that fails, whatever looks like an address. */
    private static List<Address> addresses(String value, String header, List<String> problems) {
        var result = new ArrayList<Address>();
        try {
            for (InternetAddress a : InternetAddress.parseHeader(value, false)) {
                String email = a.getAddress();
                if (email == null || a.isGroup()) continue;
                email = HeaderText.clean(email).replace(" ", "");
                if (email.indexOf('@') < 1) continue;
                String personal = a.getPersonal(); // decoded from RFC 2047 here
                Optional<String> name = Optional.ofNullable(personal).map(p -> safe(p, header + " display name", problems));
                result.add(new Address(email, name));
            }
        } catch (MessagingException | RuntimeException e) {
            problems.add(header + " header is not a valid address list (" + BodyText.describe(e) + ")");
            Matcher m = BARE_ADDRESS.matcher(HeaderText.clean(value));
            while (m.find()) result.add(new Address(m.group(), Optional.empty()));
        }
        return result;
    }

    private static String hashKey(byte[] raw) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(raw));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static Session session() {
        var properties = new Properties();
        properties.setProperty("mail.mime.allowutf8", "true");          // raw UTF-8 header values (RFC 6532)
        properties.setProperty("mail.mime.address.strict", "false");
        properties.setProperty("mail.mime.decodetext.strict", "false"); // encoded words inside words, as Outlook writes them
        return Session.getInstance(properties);
    }

    @Override public String toString() {
        return "MailParser[own=" + ownAddresses + ", maxBytes=" + maxBytes + "]";
    }

}
