package org.epistle.core.rules.physics;

import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.piece.PieceType;

/**
 * One thing a move sets off, as a value the engine applies to the position after the move. Each
 * effect says in words what happened, for the turn's description in mails and on the web.
 */
public sealed interface Effect permits Effect.Displace, Effect.Remove, Effect.Transform, Effect.SetEnergy, Effect.Note {

    /** What happened, in a few words: "pulled the black bishop d2→d4". */
    String describe();

    /** Makes the change on the board being rearranged. */
    void applyTo(Effects.Scratch board);

    /** A piece slid along a line by a force: {@code verb} says which ("pulled", "pushed"). */
    record Displace(Piece piece, Square from, Square to, String verb) implements Effect {
        /** The verbs of the magnetic field, which records of its games count with + and -. */
        public static final String PULLED = "pulled";
        public static final String PUSHED = "pushed";

        @Override
        public String describe() {
            return verb + " " + Effects.name(piece) + " " + from + "→" + to;
        }

        @Override
        public void applyTo(Effects.Scratch board) {
            board.move(from, to);
        }
    }

    /** A piece leaves the board without being captured (a pawn turned into energy). */
    record Remove(Piece piece, Square at, String why) implements Effect {
        @Override
        public String describe() {
            return "turned " + Effects.name(piece) + " on " + at + " " + why;
        }

        @Override
        public void applyTo(Effects.Scratch board) {
            board.remove(at);
        }
    }

    /** The piece on a square becomes another kind (a pawn promoted by a field, a piece fed by energy). */
    record Transform(Piece piece, Square at, PieceType into) implements Effect {
        @Override
        public String describe() {
            return "turned " + Effects.name(piece) + " on " + at + " into a " + Effects.name(into);
        }

        @Override
        public void applyTo(Effects.Scratch board) {
            board.transform(at, new Piece(into, piece.side()));
        }
    }

    /** The energy lying on a square is now {@code amount} (0 clears it). */
    record SetEnergy(Square at, int amount) implements Effect {
        public SetEnergy {
            if (amount < 0) throw new IllegalArgumentException("energy is never negative: " + amount);
        }

        @Override
        public String describe() {
            return "left " + amount + " e.u. on " + at;
        }

        @Override
        public void applyTo(Effects.Scratch board) {
            board.energy(at, amount);
        }
    }

    /** A rule's note for the moves to come (the field announced for the opponent's next move). */
    record Note(String key, String value, String description) implements Effect {
        @Override
        public String describe() {
            return description;
        }

        @Override
        public void applyTo(Effects.Scratch board) {
            board.note(key, value);
        }
    }
}
