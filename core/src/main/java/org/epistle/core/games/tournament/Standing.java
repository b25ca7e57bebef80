package org.epistle.core.games.tournament;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * One line of the standings: a player's points, their tie-break figures and their place. Players
 * that no tie-break separates share a place, {@code place} to {@code placeTo}. A tie-break is
 * absent where it was not needed (direct encounter among players not level) or not applicable.
 */
public record Standing(int player, double points, Map<TieBreak, Double> tieBreaks, int place, int placeTo) {
    public Standing {
        tieBreaks = Map.copyOf(tieBreaks);
    }

    public OptionalDouble tieBreak(TieBreak tb) {
        Double v = tieBreaks.get(tb);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    public boolean isSharedPlace() {
        return placeTo > place;
    }

    /** "1", or "2-3" for a shared place. */
    public String placeLabel() {
        return isSharedPlace() ? place + "-" + placeTo : Integer.toString(place);
    }
}
