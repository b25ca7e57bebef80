package org.epistle.core.rules.physics;

/**
 * A rule whose note in {@code Physics.notes} (under the rule's {@link #name()}) must agree with the
 * rest of a position read from a FEN: Quest-Chess's state of the turn in progress (whose turn, how
 * many moves played, which men moved, what answer is awaited), written {@code note:quest=turn=w,played=3,...}.
 * Reading a FEN asks the rule to check its note, so a contradictory FEN is refused with a reason.
 */
public interface NotedInFen extends Rule {

    /**
     * Checks a note read from a FEN whose side to move is {@code toMove}.
     *
     * @throws IllegalArgumentException with a sentence saying what is wrong, when the note cannot be this rule's
     */
    void checkNote(String note, org.epistle.core.rules.board.Side toMove);
}
