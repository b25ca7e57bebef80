package org.epistle.core.rules.variant;

/**
 * One move already made in the current turn, as the turn rules need it: where the man went, what
 * kind of move it was, which man moved (its code), what it took, and whether it gave check. For a
 * castling {@code rookFrom}/{@code rookTo} say where the corner piece went, otherwise they are -1.
 */
public record TurnStep(int from, int to, int kind, int mover, int captured, int rookFrom, int rookTo, boolean gaveCheck) {
}
