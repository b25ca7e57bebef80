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
     * What this rule's state in the position means for the players, for mails, pages and text
     * diagrams ("Pieces in motion:" then "white bishop d3 → b5 (diagonal, 2 squares a turn)").
     */
    default Report describe(Position position) {
        return Report.NONE;
    }

    /**
     * Whether the rule reads what the turns before did (the position's turn log), so a position must
     * carry the log along (its FEN writes it).
     */
    default boolean readsTurnLog() {
        return false;
    }

    /** A heading and one line per item; {@link #NONE} when there is nothing to say. */
    record Report(String heading, List<String> lines) {
        public static final Report NONE = new Report("", List.of());

        public Report {
            lines = List.copyOf(lines);
        }

        public boolean isEmpty() {
            return lines.isEmpty();
        }
    }
}
