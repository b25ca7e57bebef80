package org.epistle.core.rules.physics;

import java.util.List;
import org.epistle.core.rules.position.Position;

/**
 * One mechanic a variant adds to the moves of chess: momentum, travel, magnetism, energy. A
 * variant names its rules as data ({@code Variant.rules()}); each mechanic is one implementation,
 * and the referee asks the variant's rules what a move sets off. What a rule may do (forbid a
 * move, return effects to apply after it, take over how a turn is read) is declared by the
 * interfaces that extend this one, so a rule only implements what its mechanic needs.
 */
public interface Rule {

    /** A short name for logs and rules summaries: "magnetism", "momentum". */
    String name();

    /**
     * What this rule's state in the position means for the players, one line each, for mails and
     * pages ("white bishop d3 → b5 (diagonal, 2 squares a turn)"); empty when there is nothing to say.
     */
    default List<String> describe(Position position) {
        return List.of();
    }
}
