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
public record Physics(Map<Square, Motion> motions, List<Traveller> travellers, Map<Square, Integer> energy,
                      Map<String, String> notes, List<String> aftermath) {
    public static final Physics NONE = new Physics(Map.of(), List.of(), Map.of(), Map.of(), List.of());

    /**
     * @param notes     small values a rule carries from move to move, by the rule's own key (the
     *                  field code a player announced for the next move); part of the position
     * @param aftermath what the last move set off, in words for diagrams and mails ("Qd5 pulled the
     *                  black bishop d2-d4"); a note about how the position was reached, so it is
     *                  not part of the position's identity (equality and repetition ignore it)
     */
    public Physics {
        motions = Map.copyOf(motions);
        travellers = List.copyOf(travellers);
        energy = Map.copyOf(energy);
        notes = Map.copyOf(notes);
        aftermath = List.copyOf(aftermath);
    }

    public Physics(Map<Square, Motion> motions, List<Traveller> travellers, Map<Square, Integer> energy) {
        this(motions, travellers, energy, Map.of(), List.of());
    }

    /** The same state with a new account of what the last move set off. */
    public Physics withAftermath(List<String> happened) {
        return new Physics(motions, travellers, energy, notes, happened);
    }

    /** The same state with a rule's note set (null removes it). */
    public Physics withNote(String key, String value) {
        Map<String, String> n = new TreeMap<>(notes);
        if (value == null) {
            n.remove(key);
        } else {
            n.put(key, value);
        }
        return new Physics(motions, travellers, energy, n, aftermath);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Physics p && p.motions.equals(motions) && p.travellers.equals(travellers) && p.energy.equals(energy)
                && p.notes.equals(notes);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(motions, travellers, energy, notes);
    }

    /** A piece's momentum: the displacement it repeats each turn, and whether that is a capturing speed. */
    public record Motion(int dx, int dy, boolean capturing) {
    }

    /**
     * A piece of Lene Hau Chess that is not the one piece at rest in its square's cell: a piece on its
     * way from {@code origin}, standing on {@code at} and bound for {@code destination}, or, once
     * {@code at} is its destination, a piece at rest on a square that another piece of its side
     * already holds (two pieces may share a square). The origin is kept because a leaper's path
     * follows the straight line from where it set out.
     */
    public record Traveller(Piece piece, Square origin, Square at, Square destination) {
        /** A piece already on its way, its origin not known: its path is taken from where it stands. */
        public Traveller(Piece piece, Square at, Square destination) {
            this(piece, at, at, destination);
        }

        /** Whether it has arrived and only shares its square. */
        public boolean isResting() {
            return at.equals(destination);
        }
    }

    public boolean isEmpty() {
        return motions.isEmpty() && travellers.isEmpty() && energy.isEmpty() && notes.isEmpty();
    }

    public Physics withMotion(Square square, Motion motion) {
        Map<Square, Motion> m = new TreeMap<>(java.util.Comparator.comparing(Square::name));
        m.putAll(motions);
        if (motion == null) {
            m.remove(square);
        } else {
            m.put(square, motion);
        }
        return new Physics(m, travellers, energy, notes, aftermath);
    }

    public Physics withTravellers(List<Traveller> moving) {
        return new Physics(motions, moving, energy, notes, aftermath);
    }

    public Physics withEnergy(Square square, int amount) {
        Map<Square, Integer> e = new TreeMap<>(java.util.Comparator.comparing(Square::name));
        e.putAll(energy);
        if (amount == 0) {
            e.remove(square);
        } else {
            e.put(square, amount);
        }
        return new Physics(motions, travellers, e, notes, aftermath);
    }
}
