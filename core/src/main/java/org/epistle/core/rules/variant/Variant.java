package org.epistle.core.rules.variant;

import java.util.List;
import org.epistle.core.rules.board.Geometry;

/**
 * A variant as data: its board, how many moves a turn has, how check works, how a game is won,
 * how its turns are written, and the extra rules (physics) it adds to FIDE chess. The armies
 * are chosen per game, so they are not part of the variant.
 *
 * @param summary one line for {@code epistle variants}
 * @param rules   the rules in our own words, sent by mail on {@code help}
 */
public record Variant(
        String key,
        String name,
        String summary,
        String rules,
        List<String> aliases,
        Geometry geometry,
        TurnSchedule schedule,
        CheckPolicy checkPolicy,
        WinCondition winCondition,
        NotationStyle notation) {

    public Variant {
        if (!key.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("variant keys are kebab-case: " + key);
        }
        aliases = List.copyOf(aliases);
    }

    public boolean isMultiMove() {
        return !(schedule instanceof TurnSchedule.Fixed f) || f.moves() > 1;
    }
}
