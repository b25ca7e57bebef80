package org.epistle.core.rules.physics;

import java.util.List;
import org.epistle.core.rules.judge.Illegality;

/** What an after-move rule decides about one move: the effects it sets off, or that it is not allowed. */
public sealed interface Consequence permits Consequence.Effects, Consequence.Forbidden {

    Consequence NOTHING = new Effects(List.of(), "");

    /**
     * @param suffix what the move's canonical notation gains ("=Q" for a pawn promoted by the
     *               field), or ""
     */
    record Effects(List<Effect> effects, String suffix) implements Consequence {
        public Effects {
            effects = List.copyOf(effects);
        }
    }

    /** The rule forbids the move; the builder is completed with the move's index and text. */
    record Forbidden(Illegality.Builder why) implements Consequence {
    }
}
