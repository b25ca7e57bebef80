package org.epistle.web.pages;

import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.TurnSearch;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.position.Position;

/**
 * A turn the referee accepts in a position, written as a player would write it, for tests that play
 * every variant: the first of a few usual openings that is accepted, else a turn the end-of-game
 * search finds, written move by move in SAN with the variant's joiner. Empty when the search was cut
 * short or found nothing, so the caller can say why it skips a variant.
 */
final class LegalTurn {
    private LegalTurn() {
    }

    static Optional<String> in(Position position, List<String> usualFirst) {
        for (String candidate : usualFirst) {
            if (Referee.judge(position, candidate) instanceof Verdict.Accepted) {
                return Optional.of(candidate);
            }
        }
        TurnSearch.Result found = TurnSearch.run(position, 1L);
        if (!found.found() || found.cutShort()) {
            return Optional.empty();
        }
        StringBuilder written = new StringBuilder();
        Position p = position;
        for (int packed : found.turn()) {
            Move m = Move.of(packed, p.rules());
            written.append(written.length() == 0 ? "" : position.rules().variant().notation().joiner()).append(SanWriter.write(p, m));
            p = p.play(m);
        }
        return Referee.judge(position, written.toString()) instanceof Verdict.Accepted ? Optional.of(written.toString()) : Optional.empty();
    }
}
