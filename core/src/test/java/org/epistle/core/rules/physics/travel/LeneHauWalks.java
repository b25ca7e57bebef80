package org.epistle.core.rules.physics.travel;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.position.Position;

/**
 * Lene Hau games played at random from a start, each turn a chain of random legal part-moves that the referee then
 * judges whole, for the tests that compare searches on many ordinary positions. A game stops at its first refused
 * turn or at its end; a finished position is kept with its outcome cleared, so a search still has work on it.
 */
public final class LeneHauWalks {
    private LeneHauWalks() {
    }

    /** Every position reached, game after game; the same seed gives the same positions. */
    public static List<Position> from(Position start, int games, int turns, long seed) {
        List<Position> out = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(seed);
        for (int g = 0; g < games; g++) {
            Position p = start;
            for (int t = 0; t < turns && !p.isOver(); t++) {
                List<String> written = new ArrayList<>();
                for (int i = 0; i < p.movesThisTurn(); i++) {
                    var choice = LeneHau.RULE.randomChoice(p, written, random);
                    if (choice.isEmpty()) {
                        break;
                    }
                    written.add(choice.get().written());
                }
                if (!(Referee.judge(p, written.isEmpty() ? "pass" : String.join(", ", written)) instanceof Verdict.Accepted a)) {
                    break;
                }
                p = a.position();
                out.add(p.isOver() ? p.withOutcome(null) : p);
            }
        }
        return out;
    }
}
