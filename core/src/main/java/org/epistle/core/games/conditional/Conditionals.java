package org.epistle.core.games.conditional;

import java.util.ArrayList;
import java.util.List;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.position.Position;

/**
 * Judges a conditional line when it is queued, in the positions it would lead to: each expected turn of
 * the opponent must be legal where it would be played, and each reply legal after it. The line is kept
 * in the referee's canonical notation, so {@code Ng1-f3} queued and {@code Nf3} played are the same turn.
 * Pure: no storage, no clock.
 */
public final class Conditionals {
    private Conditionals() {
    }

    /** The verdict on a line. */
    public sealed interface Judgement {
        /** Every pair is legal where it would be met; the line in canonical notation. */
        record Queued(ConditionalLine line) implements Judgement {
        }

        /**
         * A pair that cannot be queued: which pair (1-based) and which part, why, and what to do instead.
         *
         * @param reason a code for the templates: {@code conditional-not-now}, {@code conditional-illegal-expected},
         *               {@code conditional-illegal-reply}, {@code conditional-game-over}
         */
        record Refused(String reason, String notAccepted, String explanation, String hint) implements Judgement {
        }
    }

    /**
     * Judges the pairs a player of side {@code player} wrote, from the position now.
     * A line can only be queued while the opponent is to move: it answers the opponent's next turn.
     */
    public static Judgement judge(Position now, Side player, List<ConditionalLine.Pair> written) {
        if (now.outcome().isPresent()) {
            return new Judgement.Refused("conditional-game-over", "", "The game is over, so there is nothing to answer.", "");
        }
        if (now.sideToMove() == player) {
            return new Judgement.Refused("conditional-not-now", "",
                    "It is your turn now; a conditional line answers your opponent's next turn.",
                    "Play your turn first, then send the line in your next mail.");
        }
        Position p = now;
        List<ConditionalLine.Pair> canonical = new ArrayList<>();
        for (int i = 0; i < written.size(); i++) {
            ConditionalLine.Pair pair = written.get(i);
            String which = written.size() == 1 ? "" : " (pair " + (i + 1) + ")";
            if (p.sideToMove() != player.opponent()) {
                return new Judgement.Refused("conditional-illegal-expected", pair.text(),
                        "After the turns before it" + which + " it would not be " + player.opponent().label() + "'s turn.", "");
            }
            Verdict expected = Referee.judge(p, pair.expected());
            if (expected instanceof Verdict.Rejected r) {
                return new Judgement.Refused("conditional-illegal-expected", pair.expected(),
                        "The turn you expect" + which + ", " + pair.expected() + ", could not be played by "
                                + player.opponent().label() + " there: " + sentence(r.why()), "Check the turn and send the line again.");
            }
            Verdict.Accepted their = (Verdict.Accepted) expected;
            if (their.position().outcome().isPresent() || their.position().sideToMove() != player) {
                return new Judgement.Refused("conditional-illegal-reply", pair.reply(),
                        "After " + their.notation() + which + " you would have no turn to reply with "
                                + (their.position().outcome().isPresent() ? "(the game would be over)." : "."), "");
            }
            Verdict reply = Referee.judge(their.position(), pair.reply());
            if (reply instanceof Verdict.Rejected r) {
                return new Judgement.Refused("conditional-illegal-reply", pair.reply(),
                        "Your reply" + which + " " + pair.reply() + " would not be legal after " + their.notation() + ": "
                                + sentence(r.why()), "Check the reply and send the line again.");
            }
            Verdict.Accepted mine = (Verdict.Accepted) reply;
            canonical.add(new ConditionalLine.Pair(their.notation(), mine.notation()));
            p = mine.position();
            if (p.outcome().isPresent() && i < written.size() - 1) {
                return new Judgement.Refused("conditional-illegal-expected", written.get(i + 1).text(),
                        "After your reply " + mine.notation() + which + " the game would be over, so nothing follows it.",
                        "Leave out the pairs after it.");
            }
        }
        return new Judgement.Queued(new ConditionalLine(canonical));
    }

    private static String sentence(Illegality why) {
        String s = why.explanation().strip();
        return s.isEmpty() ? "the rules forbid it." : s;
    }
}
