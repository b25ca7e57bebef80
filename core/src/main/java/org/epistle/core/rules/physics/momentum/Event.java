package org.epistle.core.rules.physics.momentum;

import org.epistle.core.rules.board.Square;

/**
 * One thing that happened in a Momentum turn, in the order it was resolved.
 *
 * @param written how the records write it ({@code e4-e6}, {@code (HFD)e2-e2}, {@code O-O}); empty for
 *                an autostop, which records leave out
 * @param piece   the piece's name, for the mails ("bishop", "Woody Rook (WD)")
 */
public record Event(Kind kind, Square from, Square to, String written, String piece) {

    public enum Kind {
        /** A piece in motion moved on by its momentum. */
        CONTINUED,
        /** A piece in motion could not go on and stopped by itself. */
        AUTOSTOPPED,
        /** The player stopped a piece in motion (before or after it moved on). */
        STOPPED,
        /** The player set a piece moving: the turn's one action. */
        STARTED
    }

    /** How the mails tell it: "bishop c4 stopped by itself (c4 → a6 is off the board)". */
    public String describe() {
        return switch (kind) {
            case CONTINUED -> piece + " " + from.name() + " → " + to.name() + " by momentum";
            case AUTOSTOPPED -> piece + " " + from.name() + " stopped by itself";
            case STOPPED -> piece + " " + from.name() + " stopped";
            case STARTED -> piece + " " + from.name() + " → " + to.name() + " started";
        };
    }
}
