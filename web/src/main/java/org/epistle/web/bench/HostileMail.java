package org.epistle.web.bench;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

/**
 * Generated hostile mail for {@code bench faults}: each mail is drawn from a seeded random source, so a run can be
 * repeated exactly, and each belongs to one kind. The generator knows a few true facts of the bench's world (the
 * server's address, seats whose mail may be forged, mails already handled) and otherwise writes junk.
 */
final class HostileMail {

    /** What a generated mail tries. */
    enum Kind {
        BROKEN_MIME, CHARSETS, HEADER_INJECTION, HUGE_PART, DEEP_MULTIPART, FORGED_SENDER, FORGED_TAG, REPLAYED_MESSAGE_ID
    }

    /** A seat whose secret the generator may put in forged mail, with its player's address. */
    record Seat(long gameId, String token, String playerAddress) {}

    /** A mail the server handled already, to be sent again under its Message-ID with other words. */
    record Handled(String messageId, String from, String subject) {}

    /** One generated mail: who sends it (the SMTP envelope) and its bytes. */
    record Mail(Kind kind, String envelopeFrom, byte[] raw) {}

    private static final String[] CHARSETS = {"utf-8", "iso-8859-1", "windows-1252", "koi8-r", "utf-16", "utf-7",
            "iso-2022-jp", "x-no-such-charset", "", "\"utf-8", "big5", "gb18030"};
    private static final String[] ENCODINGS = {"7bit", "8bit", "binary", "quoted-printable", "base64", "x-uuencode", "bogus"};

    private final Random random;
    private final String serverAddress;
    private final List<Seat> seats;
    private final long hugeBytes;
    private int serial;

    /**
     * @param seats     seats whose secrets forged mail may carry (their players may be told; nobody else may be written to)
     * @param hugeBytes the size of a huge part, beyond what the server reads
     */
    HostileMail(long seed, String serverAddress, List<Seat> seats, long hugeBytes) {
        this.random = new Random(seed);
        this.serverAddress = serverAddress;
        this.seats = List.copyOf(seats);
        this.hugeBytes = hugeBytes;
    }

    /** The next mail; {@code handled} are mails to replay (may be empty, then another kind is drawn). */
    Mail next(List<Handled> handled) {
        serial++;
        Kind kind = kind(handled.isEmpty());
        String stranger = "stranger" + random.nextInt(1000) + "@hostile.example";
        return switch (kind) {
            case BROKEN_MIME -> new Mail(kind, stranger, brokenMime(stranger));
            case CHARSETS -> new Mail(kind, stranger, charsets(stranger));
            case HEADER_INJECTION -> new Mail(kind, stranger, injection(stranger));
            case HUGE_PART -> new Mail(kind, stranger, huge(stranger));
            case DEEP_MULTIPART -> new Mail(kind, stranger, deep(stranger));
            case FORGED_SENDER -> forgedSender(stranger);
            case FORGED_TAG -> new Mail(kind, stranger, forgedTag(stranger));
            case REPLAYED_MESSAGE_ID -> replay(handled.get(random.nextInt(handled.size())));
        };
    }

    private Kind kind(boolean nothingToReplay) {
        while (true) {
            int r = random.nextInt(1000);
            Kind k;
            if (r < 2) k = Kind.HUGE_PART;                // a few: each is larger than the server reads
            else if (r < 160) k = Kind.BROKEN_MIME;
            else if (r < 320) k = Kind.CHARSETS;
            else if (r < 480) k = Kind.HEADER_INJECTION;
            else if (r < 600) k = Kind.DEEP_MULTIPART;
            else if (r < 760) k = Kind.FORGED_SENDER;
            else if (r < 900) k = Kind.FORGED_TAG;
            else k = Kind.REPLAYED_MESSAGE_ID;
            if (k == Kind.REPLAYED_MESSAGE_ID && nothingToReplay) continue;
            if ((k == Kind.FORGED_SENDER) && seats.isEmpty()) continue;
            return k;
        }
    }

    private String messageIdLine() {
        // now and then none at all: the server then keys the mail by what its sender wrote
        return random.nextInt(10) == 0 ? "" : "Message-ID: <hostile." + serial + "." + random.nextInt(1 << 30) + "@hostile.example>\r\n";
    }

    private String head(String from, String subject) {
        return "From: " + from + "\r\nTo: " + serverAddress + "\r\nSubject: " + subject + "\r\n" + messageIdLine()
                + "Date: Wed, 25 Nov 2026 12:00:00 +0000\r\nMIME-Version: 1.0\r\n";
    }

    private byte[] brokenMime(String from) {
        String boundary = "b" + random.nextInt(1 << 20);
        String body = switch (random.nextInt(5)) {
            case 0 -> "Content-Type: multipart/mixed; boundary=\"" + boundary + "\"\r\n\r\n--wrong" + boundary
                    + "\r\nContent-Type: text/plain\r\n\r\ne4\r\n";                                   // boundary never used
            case 1 -> "Content-Type: multipart/mixed; boundary=\"" + boundary + "\"\r\n\r\n--" + boundary
                    + "\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!not base64"; // cut off
            case 2 -> "Content-Type: multipart/alternative\r\n\r\n--\r\n--\r\n";                     // no boundary parameter
            case 3 -> "Content-Type: text/plain; charset=\r\nContent-Transfer-Encoding: "
                    + ENCODINGS[random.nextInt(ENCODINGS.length)] + "\r\n\r\n=ZZ=\r\n" + junk(200);
            default -> "Content-Type: " + junk(30).replace("\r", "").replace("\n", "") + "\r\n\r\n" + junk(500);
        };
        return bytes(head(from, "Re: [Epistle] Game " + random.nextInt(100)) + body);
    }

    private byte[] charsets(String from) {
        String charset = CHARSETS[random.nextInt(CHARSETS.length)];
        String subject = "=?" + charset + "?" + (random.nextBoolean() ? "B" : "Q") + "?" + junk(20).replaceAll("[\\s?]", "_") + "?=";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] h = bytes(head(from, subject) + "Content-Type: text/plain; charset=" + charset
                + "\r\nContent-Transfer-Encoding: " + ENCODINGS[random.nextInt(ENCODINGS.length)] + "\r\n\r\n");
        out.writeBytes(h);
        byte[] body = new byte[random.nextInt(2000)];
        random.nextBytes(body);
        for (int i = 0; i < body.length; i++) {
            if (body[i] == '\n' || body[i] == '\r') body[i] = ' ';
            if (i % 70 == 69) body[i] = '\n';
        }
        out.writeBytes(body);
        out.writeBytes(bytes("\r\n"));
        return out.toByteArray();
    }

    private byte[] injection(String from) {
        String victim = "victim" + random.nextInt(100) + "@hostile.example";
        String subject = switch (random.nextInt(4)) {
            case 0 -> "=?utf-8?Q?hello=0D=0ABcc:_" + victim + "?=";
            case 1 -> "hello\nBcc: " + victim;                         // a bare LF inside the header
            case 2 -> "=?utf-8?B?" + java.util.Base64.getEncoder().encodeToString(bytes("x\r\nTo: " + victim)) + "?=";
            default -> "hi\rCc: " + victim;
        };
        String fromLine = random.nextBoolean() ? from : "\"=?utf-8?Q?Eve=0D=0AReply-To:_" + victim + "?=\" <" + from + ">";
        return bytes(head(fromLine, subject) + "Reply-To: " + victim + "\r\nContent-Type: text/plain\r\n\r\nhelp\r\n");
    }

    private byte[] huge(String from) {
        StringBuilder b = new StringBuilder(head(from, "a big one"));
        b.append("Content-Type: text/plain\r\n\r\n");
        String line = "0123456789".repeat(7) + "\r\n";
        while (b.length() < hugeBytes) b.append(line);
        return bytes(b.toString());
    }

    /**
     * Multiparts nested deeper than Epistle reads (12 levels): 13 to 80 levels, and every sixteenth mail of this kind
     * (by serial number, so the same seed draws the same kinds as before) 20 to 320. Why not all up to 320: the
     * bench's mail server parses every level of a stored mail over all the levels under it, once when the mail
     * arrives and again when Epistle moves it to Processed, so its work grows with the square of the depth; with
     * 20 to 320 for all, the deep mails were two thirds of its CPU in the hostile step and handing the 10,000 mails
     * over took three times as long (the mail server's CPU for them: 40.5 s, and 17.2 s with 13 to 80).
     */
    private byte[] deep(String from) {
        int depth = serial % 16 == 0 ? 20 + random.nextInt(300) : 13 + random.nextInt(68);
        StringBuilder b = new StringBuilder(head(from, "deep"));
        b.append("Content-Type: multipart/mixed; boundary=\"d0\"\r\n\r\n");
        for (int i = 1; i <= depth; i++) {
            b.append("--d").append(i - 1).append("\r\nContent-Type: multipart/mixed; boundary=\"d").append(i).append("\"\r\n\r\n");
        }
        b.append("--d").append(depth).append("\r\nContent-Type: text/plain\r\n\r\nresign\r\n");
        for (int i = depth; i >= 0; i--) {
            if (random.nextInt(4) != 0) b.append("--d").append(i).append("--\r\n"); // some closings left out
        }
        return bytes(b.toString());
    }

    /** A seat's secret sent from somebody else's address: a stranger's, or another seat's player's. */
    private Mail forgedSender(String stranger) {
        Seat seat = seats.get(random.nextInt(seats.size()));
        String from = stranger;
        if (random.nextBoolean()) {
            Seat other = seats.get(random.nextInt(seats.size()));
            if (!other.playerAddress().equals(seat.playerAddress())) from = other.playerAddress();
        }
        String subject = "Re: [Epistle] Game " + seat.gameId() + " [g" + seat.gameId() + "." + seat.token() + "]";
        return new Mail(Kind.FORGED_SENDER, from, bytes(head(from, subject) + "Content-Type: text/plain\r\n\r\n"
                + (random.nextBoolean() ? "resign" : "draw") + "\r\n"));
    }

    private byte[] forgedTag(String from) {
        StringBuilder token = new StringBuilder();
        String alphabet = "abcdefghijklmnopqrstuvwxyz234567";
        int length = random.nextInt(4) == 0 ? random.nextInt(40) : 26;
        for (int i = 0; i < length; i++) token.append(alphabet.charAt(random.nextInt(alphabet.length())));
        long game = 1 + random.nextInt(200);
        String subject = "Re: [Epistle] Game " + game + " [g" + game + "." + token + "]";
        String body = random.nextBoolean() ? "resign" : "move " + game + " " + token + " e4";
        return bytes(head(from, subject) + "Content-Type: text/plain\r\n\r\n" + body + "\r\n");
    }

    /** A handled mail again: the same Message-ID, sender and subject, and other words ("resign"). */
    private Mail replay(Handled h) {
        String raw = "From: " + h.from() + "\r\nTo: " + serverAddress + "\r\nSubject: " + h.subject() + "\r\nMessage-ID: "
                + h.messageId() + "\r\nMIME-Version: 1.0\r\nContent-Type: text/plain\r\n\r\n"
                + (random.nextBoolean() ? "resign" : "draw") + "\r\n";
        return new Mail(Kind.REPLAYED_MESSAGE_ID, h.from(), bytes(raw));
    }

    private String junk(int max) {
        int n = random.nextInt(max + 1);
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            int c = random.nextInt(10) == 0 ? random.nextInt(0x3000) : 32 + random.nextInt(95);
            b.append((char) c);
        }
        return b.toString();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
