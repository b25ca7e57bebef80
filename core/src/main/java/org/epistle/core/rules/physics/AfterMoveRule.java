package org.epistle.core.rules.physics;

/**
 * A rule that acts once a move is played: it looks at the position before and after the move and
 * returns the effects the engine applies (displace, remove, transform, set energy), or forbids
 * the move. Rules of one variant act in the order the variant lists them, each on the position
 * the earlier ones left.
 */
public interface AfterMoveRule extends Rule {

    Consequence after(MoveContext move);

    /**
     * Whether the rule reads a choice written after a move that is no promotion ("Rg1=Q"), so the
     * referee does not refuse the suffix as a promotion that cannot happen.
     */
    default boolean readsChoice() {
        return false;
    }
}
