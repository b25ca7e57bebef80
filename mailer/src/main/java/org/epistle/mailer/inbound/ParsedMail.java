package org.epistle.mailer.inbound;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A received message, read from its raw bytes. Every string here is free of CR and LF except
 * {@code text}, whose line breaks are normalised to {@code \n}.
 *
 * @param key            what identifies the message for exactly-once processing: the Message-ID
 *                       (angle brackets kept) or {@code sha256:<hex of the raw bytes>} when it has none
 * @param messageId      the Message-ID header, if present and usable
 * @param from           the first address of the From header, if one could be read
 * @param recipients     the addresses in To, Cc, Delivered-To and X-Original-To, in that order, without
 *                       duplicates; the plus-address token the server handed out is in here
 * @param subject        the decoded subject, {@code ""} when there is none; subject commands are the caller's
 * @param text           the text/plain part, else the HTML part converted to text (quotes as {@code >} lines);
 *                       {@code ""} for a mail that is too large or has no text
 * @param commandLines   {@code ReplyText.commandLines(text)}: what the sender wrote above the quote and signature
 * @param inReplyTo      the first message id in In-Reply-To
 * @param classification what kind of mail this is, and why
 * @param size           the number of raw bytes
 */
public record ParsedMail(String key, Optional<String> messageId, Optional<Address> from, List<String> recipients,
                         String subject, String text, List<String> commandLines, Optional<String> inReplyTo,
                         Classification classification, long size) {

    public ParsedMail {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(from, "from");
        recipients = List.copyOf(recipients);
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(text, "text");
        commandLines = List.copyOf(commandLines);
        Objects.requireNonNull(inReplyTo, "inReplyTo");
        Objects.requireNonNull(classification, "classification");
    }
}
