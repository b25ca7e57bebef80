package org.epistle.core.rules.physics;

/**
 * Where a pawn may make its double step. In FIDE chess only from its starting square; in the
 * Magnetic family a field can carry a pawn back home or onto its first rank, and a pawn standing
 * on either of its side's first two ranks may step two squares again.
 */
public interface PawnStart extends Rule {

    /** Whether a pawn on its side's {@code nth} rank (1 = its back rank) may step two squares. */
    boolean mayDoubleStepFrom(int nth);

    /** The Magnetic family's rule: from either of the side's first two ranks. */
    record FromFirstTwoRanks() implements PawnStart {
        @Override
        public String name() {
            return "double step from the first two ranks";
        }

        @Override
        public boolean mayDoubleStepFrom(int nth) {
            return nth == 1 || nth == 2;
        }
    }
}
