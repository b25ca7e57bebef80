package org.epistle.core.rules.physics;

import org.epistle.core.rules.position.Position;

/**
 * Tells players what the last move set off ("Qd5 pulled the black bishop d2→d4"), under every
 * diagram and on the game page: a variant whose moves push, pull or transform pieces lists it.
 */
public record Aftermath() implements Rule {
    @Override
    public String name() {
        return "what the last move set off";
    }

    @Override
    public Report describe(Position position) {
        return new Report("Last move", position.physics().aftermath());
    }
}
