package org.epistle.core.rules.physics;

import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;

/**
 * A rule that draws something at random during the game (the random Magnetic field): it takes a
 * seed, which the server derives secretly for each game, into the starting position, so replaying
 * a game's turns draws the same again.
 */
public interface Seeded extends Rule {

    Position seeded(Position start, long seed);

    /**
     * The key of the note that keeps the seed. It is the server's secret (knowing it, a player would know
     * every draw to come), so it is never written where players can read it: not in the FEN.
     */
    String secretNote();

    /**
     * {@code read} with the secret notes {@code game} holds: a position read back from a FEN, which never carries them,
     * then draws (and describes under its diagram) what the game itself does.
     */
    static Position withSecretsOf(Position game, Position read) {
        Position p = read;
        for (Rule r : game.rules().variant().physics()) {
            if (r instanceof Seeded s) {
                String secret = game.physics().notes().get(s.secretNote());
                if (secret != null) {
                    p = p.withPhysics(p.physics().withNote(s.secretNote(), secret));
                }
            }
        }
        return p;
    }

    /** The game's starting position with the seed given to every rule that takes one. */
    static Position start(Ruleset rules, long seed) {
        Position p = Position.start(rules);
        for (Rule r : rules.variant().physics()) {
            if (r instanceof Seeded s) {
                p = s.seeded(p, seed);
            }
        }
        return p;
    }
}
