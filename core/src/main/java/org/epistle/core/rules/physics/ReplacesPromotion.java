package org.epistle.core.rules.physics;

/**
 * A pawn reaching its last rank is not promoted by the move itself: the move is an ordinary one
 * and the rule decides what becomes of the pawn (in Particle Collision Chess it turns into energy).
 */
public interface ReplacesPromotion extends Rule {
}
