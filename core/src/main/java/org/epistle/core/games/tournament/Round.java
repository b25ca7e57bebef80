package org.epistle.core.games.tournament;

import java.util.List;
import java.util.stream.Collectors;

/** A round of a round robin: its number (from 1) and its boards in the order of the table. */
public record Round(int number, List<Pairing> pairings) {
    public Round {
        if (number < 1) {
            throw new IllegalArgumentException("rounds are numbered from 1");
        }
        pairings = List.copyOf(pairings);
    }

    /** The line {@code epistle tournament berger} prints: {@code round 2: 4-3 1-2}. */
    public String line() {
        return "round " + number + ": " + pairings.stream().map(Pairing::toString).collect(Collectors.joining(" "));
    }
}
