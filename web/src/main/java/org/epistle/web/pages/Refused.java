package org.epistle.web.pages;

import java.util.List;
import org.epistle.core.games.Result;
import org.epistle.core.rules.board.Square;

/**
 * Why the game service refused what a player sent from the page, as it says it for the page (the result carries the
 * refusal; nothing is mailed), with the squares to mark on the board.
 */
record Refused(String reason, String notAccepted, String explanation, String hint, List<Square> marked) {

    Refused {
        marked = List.copyOf(marked);
    }

    /** The refusal a result carries; without one (which the service does not do for the page), its own line. */
    static Refused of(Result result) {
        return result.refusal().map(r -> new Refused(r.reason(), r.notAccepted(), r.explanation(), r.hint(), r.marked()))
                .orElseGet(() -> {
                    String outcome = result.outcome();
                    int colon = outcome.indexOf(": ");
                    return new Refused("", "", colon >= 0 ? outcome.substring(colon + 2) : outcome, "", List.of());
                });
    }
}
