package org.epistle.core.rules.physics.realm;

/**
 * One man's share of a Realm Chess turn: a chess move (alone, or in a concentration or a
 * dispersal) or, when {@code placed}, his being put on another square of his realm (a
 * rearrangement).
 *
 * @param from    board index of the square he leaves
 * @param to      board index of the square he ends on
 * @param packed  the engine's move: the chess move itself, or a plain shift for a placement
 * @param written as our records write it: {@code Nb1-c3}, {@code e7-e8=Q}, {@code Ke1=f1}
 */
public record Part(int from, int to, int packed, boolean placed, String written) {
}
