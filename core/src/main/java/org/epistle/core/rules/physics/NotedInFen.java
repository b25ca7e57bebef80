package org.epistle.core.rules.physics;

/**
 * A rule whose note in {@code Physics.notes} (under the rule's {@link #name()}) is public and part of
 * the position a FEN describes: Quest-Chess's state of the turn in progress (whose turn, how many
 * moves played, which men moved, what answer is awaited). The FEN writes it as a field of its own,
 * {@code quest:turn=w,played=3,...}, after the six FIDE fields; notes of other rules (a secret random
 * seed) stay out of the FEN.
 */
public interface NotedInFen extends Rule {

    /**
     * Checks a note read from a FEN whose side to move is {@code toMove}.
     *
     * @throws IllegalArgumentException with a sentence saying what is wrong, when the note cannot be this rule's
     */
    void checkNote(String note, org.epistle.core.rules.board.Side toMove);
}
