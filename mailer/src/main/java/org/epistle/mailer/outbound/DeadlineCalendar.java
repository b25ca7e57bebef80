package org.epistle.mailer.outbound;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;

/**
 * A turn's deadline as an iCalendar object (RFC 5545) with one event, for a calendar to import: it ends at the
 * deadline and starts half an hour before, so that it shows as a slot, not a point. Times are written in UTC
 * ({@code 20261204T110000Z}), which every calendar converts to its owner's zone; text is escaped and lines
 * are folded at 75 octets without splitting a UTF-8 character.
 *
 * @param uid one per game, turn and side, so a calendar replaces the event when the same deadline is sent again
 * @param organizer the server's own address: RFC 5546 requires an ORGANIZER in a published (METHOD:PUBLISH) event
 */
public record DeadlineCalendar(String uid, String organizer, Instant deadline, Instant stamp, String summary, String description,
                               String url) {
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    static final Duration SLOT = Duration.ofMinutes(30);

    public DeadlineCalendar {
        Objects.requireNonNull(uid, "uid");
        Objects.requireNonNull(organizer, "organizer");
        Objects.requireNonNull(deadline, "deadline");
        Objects.requireNonNull(stamp, "stamp");
        Objects.requireNonNull(summary, "summary");
        description = description == null ? "" : description;
        url = url == null ? "" : url;
    }

    /** The whole object, lines ending in CRLF. */
    public String write() {
        StringBuilder out = new StringBuilder();
        line(out, "BEGIN:VCALENDAR");
        line(out, "VERSION:2.0");
        line(out, "PRODID:-//Epistle//Correspondence clock//EN");
        line(out, "METHOD:PUBLISH");
        line(out, "BEGIN:VEVENT");
        line(out, "UID:" + text(uid));
        line(out, "DTSTAMP:" + UTC.format(stamp));
        line(out, "ORGANIZER;CN=Epistle:mailto:" + organizer.replaceAll("[\\r\\n]", ""));
        line(out, "DTSTART:" + UTC.format(deadline.minus(SLOT)));
        line(out, "DTEND:" + UTC.format(deadline));
        line(out, "SUMMARY:" + text(summary));
        if (!description.isEmpty()) {
            line(out, "DESCRIPTION:" + text(description));
        }
        if (!url.isEmpty()) {
            line(out, "URL:" + url.replaceAll("[\\r\\n]", ""));
        }
        line(out, "TRANSP:TRANSPARENT"); // a deadline does not make its owner busy
        line(out, "END:VEVENT");
        line(out, "END:VCALENDAR");
        return out.toString();
    }

    public byte[] bytes() {
        return write().getBytes(StandardCharsets.UTF_8);
    }

    /** RFC 5545 3.3.11: backslash, semicolon and comma escaped, a line break as \n. */
    static String text(String s) {
        return s.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\r\n", "\\n").replace("\n", "\\n")
                .replace("\r", "\\n");
    }

    /** RFC 5545 3.1: a content line of more than 75 octets goes on in lines that start with a space. */
    private static void line(StringBuilder out, String content) {
        byte[] utf8 = content.getBytes(StandardCharsets.UTF_8);
        int limit = 75;
        int start = 0;
        while (utf8.length - start > limit) {
            int end = start + limit;
            while ((utf8[end] & 0xC0) == 0x80) { // never cut inside a character
                end--;
            }
            out.append(new String(utf8, start, end - start, StandardCharsets.UTF_8)).append("\r\n ");
            start = end;
            limit = 74; // the leading space counts
        }
        out.append(new String(utf8, start, utf8.length - start, StandardCharsets.UTF_8)).append("\r\n");
    }
}
