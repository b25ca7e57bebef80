package org.epistle.core.rules.physics;

/** The variant has no en-passant capture: a pawn's double step leaves no chance behind it. */
public record NoEnPassant() implements Rule {
    @Override
    public String name() {
        return "no en passant";
    }
}
