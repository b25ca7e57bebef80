package org.epistle.mailer;

import java.time.Duration;

/**
 * The one log line written for every handled mail, as {@code key=value} pairs a log shipper can split:
 * <pre>mail handled message-id=&lt;1@example.org&gt; sender=alice@example.org game=12 outcome=refused reason=wrong-secret millis=8</pre>
 * Only the Message-ID, the sender's address and our own codes go in: never a recipient address (it carries the
 * seat's secret), a subject or a body. A value the sender wrote loses its control characters, and is quoted
 * when it has a space, a quote or an equals sign, so one mail is always exactly one line of the same shape.
 */
public final class HandledLine {
    public static final String PREFIX = "mail handled";
    /** Longer values are cut: a Message-ID has no business being longer, and a log line stays readable. */
    private static final int MAX_VALUE = 200;

    private HandledLine() {
    }

    public static String of(String messageId, String sender, MailOutcome outcome, Duration took) {
        return PREFIX
                + " message-id=" + value(messageId)
                + " sender=" + value(sender)
                + " game=" + outcome.game().map(String::valueOf).orElse("-")
                + " outcome=" + outcome.kind().key()
                + " reason=" + value(outcome.reason())
                + " millis=" + took.toMillis();
    }

    static String value(String raw) {
        StringBuilder clean = new StringBuilder();
        raw.codePoints().filter(c -> !Character.isISOControl(c) && c != 0x2028 && c != 0x2029)
                .limit(MAX_VALUE).forEach(clean::appendCodePoint);
        String text = clean.toString().strip();
        if (text.isEmpty()) {
            return "-";
        }
        if (text.chars().anyMatch(c -> Character.isWhitespace(c) || c == '"' || c == '=' || c == '\\')) {
            return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
        }
        return text;
    }
}
