package org.epistle.core.rules.reference;

import static org.epistle.core.rules.reference.RefStep.leap;
import static org.epistle.core.rules.reference.RefStep.slide;

import java.util.List;

/**
 * The piece kinds known to the reference generator, each with an EXPLICIT, hand-written
 * list of steps taken from the prose description of the piece (deliberately not derived
 * from Betza notation, so that it can cross-check a Betza parser).
 *
 * <p>All steps are written in White's orientation; Black uses them rotated by 180 degrees.
 * Every step of every non-pawn piece both moves and captures. The pawn has no step list:
 * its move-only push and capture-only diagonals are hand-coded in {@link RefPosition}.
 *
 * <p>The letter is the FEN letter used by the reference FEN reader (uppercase = White).
 * Letters of the non-FIDE pieces are private to this reference code.
 */
public enum RefPiece {

    PAWN('P', "Pawn", false /* steps hand-coded in RefPosition */),

    KING('K', "King", false,
            leap(1, 0), leap(-1, 0), leap(0, 1), leap(0, -1),
            leap(1, 1), leap(-1, 1), leap(1, -1), leap(-1, -1)),

    // ---------------------------------------------------------------- FIDE
    ROOK('R', "Rook", false,
            slide(1, 0), slide(-1, 0), slide(0, 1), slide(0, -1)),

    KNIGHT('N', "Knight", false,
            leap(1, 2), leap(-1, 2), leap(1, -2), leap(-1, -2),
            leap(2, 1), leap(-2, 1), leap(2, -1), leap(-2, -1)),

    BISHOP('B', "Bishop", true,
            slide(1, 1), slide(-1, 1), slide(1, -1), slide(-1, -1)),

    QUEEN('Q', "Queen", false,
            slide(1, 0), slide(-1, 0), slide(0, 1), slide(0, -1),
            slide(1, 1), slide(-1, 1), slide(1, -1), slide(-1, -1)),

    // ------------------------------------------------ Colorbound Clobberers
    /** Bishop rider + dabbaban leap (2,0) in 4 directions. Colorbound. */
    BEDE('D', "Bede", true,
            slide(1, 1), slide(-1, 1), slide(1, -1), slide(-1, -1),
            leap(2, 0), leap(-2, 0), leap(0, 2), leap(0, -2)),

    /** Wazir (1,0) + alfil (2,2) leaps. */
    WAFFLE('W', "Waffle", false,
            leap(1, 0), leap(-1, 0), leap(0, 1), leap(0, -1),
            leap(2, 2), leap(-2, 2), leap(2, -2), leap(-2, -2)),

    /** Ferz (1,1) + alfil (2,2) + dabbaban (2,0) leaps. Colorbound. */
    FAD('F', "FAD", true,
            leap(1, 1), leap(-1, 1), leap(1, -1), leap(-1, -1),
            leap(2, 2), leap(-2, 2), leap(2, -2), leap(-2, -2),
            leap(2, 0), leap(-2, 0), leap(0, 2), leap(0, -2)),

    /** Bishop rider + knight leap. */
    CARDINAL('A', "Cardinal", false,
            slide(1, 1), slide(-1, 1), slide(1, -1), slide(-1, -1),
            leap(1, 2), leap(-1, 2), leap(1, -2), leap(-1, -2),
            leap(2, 1), leap(-2, 1), leap(2, -1), leap(-2, -1)),

    // ----------------------------------------- Nutty Knights / Forward FIDEs
    /** Rook slides forward, left and right; single king steps backward, backward-left, backward-right. */
    CHARGING_ROOK('C', "Charging Rook", false,
            slide(0, 1), slide(-1, 0), slide(1, 0),
            leap(0, -1), leap(-1, -1), leap(1, -1)),

    /** The two narrow forward knight leaps, the two narrow backward knight leaps, ferz in all 4 diagonals. */
    FIBNIF('I', "Fibnif", false,
            leap(1, 2), leap(-1, 2), leap(1, -2), leap(-1, -2),
            leap(1, 1), leap(-1, 1), leap(1, -1), leap(-1, -1)),

    /** The four forward knight leaps; king steps left, right, back, back-left, back-right. */
    CHARGING_KNIGHT('G', "Charging Knight", false,
            leap(1, 2), leap(-1, 2), leap(2, 1), leap(-2, 1),
            leap(-1, 0), leap(1, 0), leap(0, -1), leap(-1, -1), leap(1, -1)),

    /** The four forward knight leaps; rook slides forward, left, right; all eight king steps. */
    COLONEL('O', "Colonel", false,
            leap(1, 2), leap(-1, 2), leap(2, 1), leap(-2, 1),
            slide(0, 1), slide(-1, 0), slide(1, 0),
            leap(1, 0), leap(-1, 0), leap(0, 1), leap(0, -1),
            leap(1, 1), leap(-1, 1), leap(1, -1), leap(-1, -1)),

    // ----------------------------------------------------- Remarkable Rookies
    /** Rook moving at most 4 squares. */
    SHORT_ROOK('S', "Short Rook", false,
            slide(1, 0, 4), slide(-1, 0, 4), slide(0, 1, 4), slide(0, -1, 4)),

    /** Wazir (1,0) + dabbaban (2,0) leaps, 4 directions each. */
    WOODY_ROOK('Y', "Woody Rook", false,
            leap(1, 0), leap(-1, 0), leap(0, 1), leap(0, -1),
            leap(2, 0), leap(-2, 0), leap(0, 2), leap(0, -2)),

    /** Threeleaper (3,0) + ferz (1,1) + dabbaban (2,0) leaps. */
    HALF_DUCK('U', "Half-Duck", false,
            leap(3, 0), leap(-3, 0), leap(0, 3), leap(0, -3),
            leap(1, 1), leap(-1, 1), leap(1, -1), leap(-1, -1),
            leap(2, 0), leap(-2, 0), leap(0, 2), leap(0, -2)),

    /** Rook rider + knight leap. */
    CHANCELLOR('M', "Chancellor", false,
            slide(1, 0), slide(-1, 0), slide(0, 1), slide(0, -1),
            leap(1, 2), leap(-1, 2), leap(1, -2), leap(-1, -2),
            leap(2, 1), leap(-2, 1), leap(2, -1), leap(-2, -1)),

    // ---------------------------------------------------------- Forward FIDEs
    /** The four forward knight leaps + bishop slides in the two backward diagonals. */
    KNISHOP('J', "Knishop", false,
            leap(1, 2), leap(-1, 2), leap(2, 1), leap(-2, 1),
            slide(1, -1), slide(-1, -1)),

    /** Bishop slides in the two forward diagonals + the four backward knight leaps. */
    BISHIGHT('T', "Bishight", false,
            slide(1, 1), slide(-1, 1),
            leap(1, -2), leap(-1, -2), leap(2, -1), leap(-2, -1)),

    /**
     * Rook slides forward, left, right; bishop slides in both forward diagonals; the four
     * backward knight leaps; king steps back, back-left, back-right.
     */
    FOREQUEEN('V', "Forequeen", false,
            slide(0, 1), slide(-1, 0), slide(1, 0),
            slide(1, 1), slide(-1, 1),
            leap(1, -2), leap(-1, -2), leap(2, -1), leap(-2, -1),
            leap(0, -1), leap(-1, -1), leap(1, -1));

    private final char letter;
    private final String displayName;
    private final boolean colorbound;
    private final List<RefStep> steps;

    RefPiece(char letter, String displayName, boolean colorbound, RefStep... steps) {
        this.letter = letter;
        this.displayName = displayName;
        this.colorbound = colorbound;
        this.steps = List.of(steps);
    }

    /** Uppercase (White) FEN letter of this kind in the reference FEN dialect. */
    public char letter() {
        return letter;
    }

    public String displayName() {
        return displayName;
    }

    /** Hand-set: true only for pieces that can never leave their square colour. */
    public boolean colorbound() {
        return colorbound;
    }

    /** White-oriented steps; empty for the pawn (hand-coded). */
    public List<RefStep> steps() {
        return steps;
    }

    /** The kind for a FEN letter of either case. */
    public static RefPiece ofLetter(char c) {
        char u = Character.toUpperCase(c);
        for (RefPiece p : values()) {
            if (p.letter == u) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown piece letter '" + c + "'");
    }
}
