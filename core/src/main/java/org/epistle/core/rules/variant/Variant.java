package org.epistle.core.rules.variant;

import java.util.List;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.physics.Rule;

/**
 * A variant as data: its board, how many moves a turn has, how check works, how a game is won,
 * how its turns are written, and the extra rules (physics) it adds to FIDE chess. The armies
 * are chosen per game, so they are not part of the variant.
 *
 * @param summary one line for {@code epistle variants}
 * @param rules   the rules in our own words, sent by mail on {@code help}
 * @param physics the mechanics the variant adds to the moves of chess, empty for FIDE chess and the
 *                multi-move games
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
        NotationStyle notation,
        List<Rule> physics) {

    public Variant {
        if (!key.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("variant keys are kebab-case: " + key);
        }
        aliases = List.copyOf(aliases);
        physics = List.copyOf(physics);
    }

    /** A variant that adds no physics to the moves of chess. */
    public Variant(String key, String name, String summary, String rules, List<String> aliases, Geometry geometry,
                   TurnSchedule schedule, CheckPolicy checkPolicy, WinCondition winCondition, NotationStyle notation) {
        this(key, name, summary, rules, aliases, geometry, schedule, checkPolicy, winCondition, notation, List.of());
    }

    /** The variant's rule of the given kind, if it has one. */
    public <R extends Rule> java.util.Optional<R> physics(Class<R> kind) {
        return physics.stream().filter(kind::isInstance).map(kind::cast).findFirst();
    }

    /** Whether the rules read what the turn before did (the {@link TurnLog}), so a position must carry it along. */
    public boolean remembersPlay() {
        return schedule.readsTurnLog() || physics.stream().anyMatch(Rule::readsTurnLog);
    }

    public boolean isMultiMove() {
        return !(schedule instanceof TurnSchedule.Fixed f) || f.moves() > 1;
    }
}
