package org.epistle.core.rules.physics.magnetism;

/** What a moved piece does to the nearest piece on one of its lines. */
public enum Action {
    /** Repels: the piece slides away until the next square is taken or the board ends. */
    R,
    /** Attracts: the piece slides towards the mover until it stands beside it. */
    A,
    /** Neither: the piece stays. */
    N;

    static Action of(char c) {
        return switch (Character.toUpperCase(c)) {
            case 'R' -> R;
            case 'A' -> A;
            case 'N' -> N;
            default -> throw new IllegalArgumentException("a field code letter is R, A or N, not " + c);
        };
    }
}
