package org.epistle.core.games;

import java.util.List;
import java.util.Map;

/** A mail about to go into the outbox; {@code gameId} is 0 and {@code inReplyTo} null for a mail about no game. */
record Letter(
        long gameId,
        MailKind kind,
        String toName,
        String toAddress,
        String subject,
        String messageId,
        String inReplyTo,
        List<String> references,
        String replyTo,
        Map<String, Object> model) {

    Letter {
        references = List.copyOf(references);
        model = Map.copyOf(model);
    }
}
