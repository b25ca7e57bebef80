package org.epistle.core.rules.physics;

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
}
