package org.epistle.web.pages;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.epistle.core.games.MailKind;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.games.Result;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;

/**
 * Why the game service refused what a player sent from the page, read from the mail it wrote to
 * that player in the same transaction (turn-rejected or refusal): the page then says exactly what
 * the mail says, with the same marked squares, and nothing is judged twice.
 */
record Refused(String reason, String notAccepted, String explanation, String hint, List<Square> marked) {

    Refused {
        marked = List.copyOf(marked);
    }

    /**
     * The refusal behind a result: the newest turn-rejected or refusal mail of the game to this side
     * whose reason and explanation the result names. Without one (which the service does not do),
     * the result's own line is shown.
     */
    static Refused of(List<OutboxMail> mailsOfGame, Side side, Result result) {
        String outcome = result.outcome();
        for (int i = mailsOfGame.size() - 1; i >= 0; i--) {
            OutboxMail mail = mailsOfGame.get(i);
            if (mail.kind() != MailKind.TURN_REJECTED && mail.kind() != MailKind.REFUSAL) {
                continue;
            }
            Map<String, Object> m = mail.model();
            String reason = text(m, "reason");
            String explanation = text(m, "explanation");
            if (side.label().equalsIgnoreCase(text(m, "recipientSide")) && !explanation.isEmpty()
                    && outcome.endsWith(reason + ": " + explanation)) {
                return new Refused(reason, text(m, "notAccepted"), explanation, text(m, "hint"), squares(m.get("marked")));
            }
        }
        int colon = outcome.indexOf(": ");
        return new Refused("", "", colon >= 0 ? outcome.substring(colon + 2) : outcome, "", List.of());
    }

    private static String text(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v == null ? "" : v.toString();
    }

    private static List<Square> squares(Object value) {
        List<Square> out = new ArrayList<>();
        if (value instanceof List<?> names) {
            for (Object n : names) {
                Square.parse(String.valueOf(n)).ifPresent(out::add);
            }
        }
        return out;
    }
}
