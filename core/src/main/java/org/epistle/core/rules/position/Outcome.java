package org.epistle.core.rules.position;

import org.epistle.core.rules.board.Side;

/** How a game ended. */
public record Outcome(Result result, Termination termination) {

    public enum Result {
        WHITE_WINS("1-0"), BLACK_WINS("0-1"), DRAW("1/2-1/2");

        private final String notation;

        Result(String notation) {
            this.notation = notation;
        }

        public String notation() {
            return notation;
        }

        public static Result winner(Side side) {
            return side == Side.WHITE ? WHITE_WINS : BLACK_WINS;
        }
    }

    public enum Termination {
        CHECKMATE("checkmate"),
        KING_CAPTURED("capture of the king"),
        STALEMATE("stalemate"),
        THREEFOLD_REPETITION("threefold repetition"),
        FIFTY_MOVES("fifty-move rule"),
        INSUFFICIENT_MATERIAL("insufficient material"),
        /** A multi-move game in which a player who cannot play a whole turn loses (Triplets). */
        NO_COMPLETE_TURN("unable to complete a turn"),
        /** Claimed by a player after the turns the variant names passed without a capture or a pawn move (Italian Progressive). */
        QUIET_TURNS_CLAIMED("claim after turns without a capture or a pawn move");

        private final String text;

        Termination(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }
}
