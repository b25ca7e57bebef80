package org.epistle.core.rules.variant;

import org.epistle.core.rules.physics.Rule;

/**
 * A starting array other than the armies' usual one, as a FEN (the King and Pawns Game, Monster
 * Chess, Double Trouble): the armies still say what the pieces are and how they promote.
 */
public record Setup(String fen) implements Rule {
    @Override
    public String name() {
        return "setup";
    }
}
