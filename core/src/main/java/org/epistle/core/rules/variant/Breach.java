package org.epistle.core.rules.variant;

import java.util.List;
import java.util.Map;

/**
 * A turn rule's refusal of a move, as data: the reason's name (the referee's {@code Reason} of the
 * same name gives the sentence), the facts that fill it and the squares (indices) to mark.
 */
public record Breach(String reason, Map<String, String> facts, List<Integer> squares) {
    public Breach {
        facts = Map.copyOf(facts);
        squares = List.copyOf(squares);
    }

    public static Breach of(String reason, Map<String, String> facts, Integer... squares) {
        return new Breach(reason, facts, List.of(squares));
    }
}
