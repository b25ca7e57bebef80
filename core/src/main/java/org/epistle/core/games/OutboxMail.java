package org.epistle.core.games;

import java.util.List;
import java.util.Map;

/**
 * A mail waiting in the outbox, written in the same transaction as the game change that caused it.
 * The mailer renders it from {@link #model} with the templates named by {@link #kind} and sends it
 * with {@link #messageId}, which never changes, so a retried mail is recognisably the same mail.
 *
 * @param model      everything the templates show, as plain values (strings, numbers, booleans,
 *                   lists and maps of them); the keys are documented in templates/README.md
 * @param inReplyTo  the game's root Message-ID, so every mail of a game is one conversation
 * @param references the References header (root first)
 */
public record OutboxMail(
        long id,
        long gameId,
        MailKind kind,
        String toName,
        String toAddress,
        String subject,
        String messageId,
        String inReplyTo,
        List<String> references,
        String replyTo,
        Map<String, Object> model,
        int attempts) {

    public OutboxMail {
        references = List.copyOf(references);
        model = Map.copyOf(model);
    }
}
