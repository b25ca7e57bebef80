package org.epistle.web.svg;

import java.util.Optional;

/**
 * One thing drawn on the board: the squares, the tint of the last turn, the pieces, the marks of a
 * rejection, the coordinates; and for the physics variants, energy on squares, pieces in motion
 * and travellers. A new mechanic is drawn by a new layer, added with {@link BoardSvg#with}; the
 * layers already there do not change.
 */
public interface Layer {

    /** Where a layer lies in the stack: layers are drawn in this order, and in the order added within one stage. */
    enum Stage {
        /** The squares themselves. */
        BOARD,
        /** Tints of whole squares (the last turn). */
        TINT,
        /** Things lying on squares under the pieces (energy). */
        FIELD,
        PIECES,
        /** Things over the pieces (arrows of pieces in motion, travellers). */
        MOTION,
        /** Frames of the squares an explanation is about. */
        MARKS,
        /** Coordinates around the board. */
        LABELS
    }

    Stage stage();

    void draw(SvgWriter out, Frame frame);

    /** What this layer shows, in one plain sentence for the text alternative, or empty when it shows nothing worth saying. */
    default Optional<String> describe() {
        return Optional.empty();
    }
}
