package org.epistle.core.rules.position;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Square;

/**
 * The state that the physics variants add to a position, kept apart from the pieces so that FIDE
 * chess and the multi-move games carry nothing: pieces in motion (Momentum Chess), pieces
 * travelling one square a turn and sharing squares (Lene Hau Chess), and energy left on squares by
 * captures (Particle Collision Chess). Each rule that uses a part of it owns its meaning.
 */
public record Physics(Map<Square, Motion> motions, List<Traveller> travellers, Map<Square, Integer> energy) {
    public static final Physics NONE = new Physics(Map.of(), List.of(), Map.of());

    public Physics {
        motions = Map.copyOf(motions);
        travellers = List.copyOf(travellers);
        energy = Map.copyOf(energy);
    }

    /** A piece's momentum: the displacement it repeats each turn, and whether that is a capturing speed. */
    public record Motion(int dx, int dy, boolean capturing) {
    }

    /** A piece on its way: where it stands now and where it is going. Several may share a square. */
    public record Traveller(Piece piece, Square at, Square destination) {
    }

    public boolean isEmpty() {
        return motions.isEmpty() && travellers.isEmpty() && energy.isEmpty();
    }

    public Physics withMotion(Square square, Motion motion) {
        Map<Square, Motion> m = new TreeMap<>(java.util.Comparator.comparing(Square::name));
        m.putAll(motions);
        if (motion == null) {
            m.remove(square);
        } else {
            m.put(square, motion);
        }
        return new Physics(m, travellers, energy);
    }

    public Physics withTravellers(List<Traveller> moving) {
        return new Physics(motions, moving, energy);
    }

    public Physics withEnergy(Square square, int amount) {
        Map<Square, Integer> e = new TreeMap<>(java.util.Comparator.comparing(Square::name));
        e.putAll(energy);
        if (amount == 0) {
            e.remove(square);
        } else {
            e.put(square, amount);
        }
        return new Physics(motions, travellers, e);
    }
}
