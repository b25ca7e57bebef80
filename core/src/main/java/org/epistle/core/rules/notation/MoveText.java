package org.epistle.core.rules.notation;

import java.util.Optional;
import org.epistle.core.rules.board.Square;

/**
 * One move as the player wrote it, read but not yet checked against a position.
 *
 * @param text        the move as written, without annotation marks
 * @param pieceLetter a role letter (K Q R B N P) or 0 when none was written
 * @param pieceBetza  a piece named by its Betza definition, "(WD)", without the parentheses
 * @param fromFile    the file named for the moving piece, or -1
 * @param fromRank    the rank named for the moving piece, or -1
 * @param to          the destination; empty only for castling
 * @param capture     written with {@code x} or {@code :}
 * @param promotion   the piece asked for, as a role letter or a Betza definition
 * @param castling    "O-O" or "O-O-O" when the move is a castling
 * @param companion   in Brick Chess, the man carried along by this move (a united move, written
 *                    {@code Ra1-a4&Nb1-b4}); empty otherwise
 * @param placement   written {@code Ke1=f1}: the man is put on the square, not moved there (a Realm Chess
 *                    rearrangement); only variants whose turn rule reads placements accept it
 * @param toFile      in an abbreviated pawn capture ({@code exd}, {@code ed}), the file taken on, whose
 *                    rank the position must supply; {@code to} is then empty. -1 otherwise
 */
public record MoveText(
        String text,
        char pieceLetter,
        Optional<String> pieceBetza,
        int fromFile,
        int fromRank,
        Optional<Square> to,
        boolean capture,
        Optional<String> promotion,
        Optional<String> castling,
        Optional<MoveText> companion,
        boolean placement,
        int toFile) {

    /** What a player writes to let a turn go by (Lene Hau Chess, when nothing may move). */
    public static final String PASS = "pass";

    /** A turn with no move at all, written {@code pass}. */
    public static MoveText pass() {
        return new MoveText(PASS, (char) 0, Optional.empty(), -1, -1, Optional.empty(), false, Optional.empty(), Optional.empty());
    }

    /** Whether this is the word {@code pass} rather than a move. */
    public boolean isPass() {
        return to.isEmpty() && castling.isEmpty() && toFile < 0 && text.equals(PASS);
    }

    /** A move of one man. */
    public MoveText(String text, char pieceLetter, Optional<String> pieceBetza, int fromFile, int fromRank, Optional<Square> to,
                    boolean capture, Optional<String> promotion, Optional<String> castling) {
        this(text, pieceLetter, pieceBetza, fromFile, fromRank, to, capture, promotion, castling, Optional.empty(), false, -1);
    }

    /** An abbreviated pawn capture that names two files and no rank: {@code exd}, {@code ed}, {@code exd=Q}. */
    public static MoveText fileCapture(String text, int fromFile, int toFile, Optional<String> promotion) {
        return new MoveText(text, (char) 0, Optional.empty(), fromFile, -1, Optional.empty(), true, promotion, Optional.empty(),
                Optional.empty(), false, toFile);
    }

    /** Whether the destination's rank is left out, for the position to supply ({@code exd}). */
    public boolean isFileCapture() {
        return to.isEmpty() && toFile >= 0;
    }

    /** This move with its destination made whole: the one square the abbreviation can mean. */
    public MoveText completedTo(Square square) {
        return new MoveText(text, pieceLetter, pieceBetza, fromFile, fromRank, Optional.of(square), capture, promotion, castling,
                companion, placement, -1);
    }

    /** This move with a man carried along (a united move). */
    public MoveText carrying(MoveText passenger, String whole) {
        return new MoveText(whole, pieceLetter, pieceBetza, fromFile, fromRank, to, capture, promotion, castling, Optional.of(passenger),
                false, -1);
    }

    /** The man put on a square rather than moved there: {@code Ke1=f1}. */
    public MoveText asPlacement() {
        return new MoveText(text, pieceLetter, pieceBetza, fromFile, fromRank, to, false, Optional.empty(), castling, companion, true, -1);
    }

    public boolean isCastling() {
        return castling.isPresent();
    }

    public boolean isKingside() {
        return castling.map(c -> c.equals("O-O")).orElse(false);
    }

    public boolean namesPiece() {
        return pieceLetter != 0 || pieceBetza.isPresent();
    }

    /** Both the file and the rank of the moving piece are written: long algebraic. */
    public Optional<Square> from() {
        return fromFile >= 0 && fromRank >= 0 ? Optional.of(new Square(fromFile, fromRank)) : Optional.empty();
    }

    /** A piece moved to its own square: in Momentum Chess, the order to stop it. */
    public boolean isStop() {
        return from().isPresent() && from().equals(to);
    }

    @Override
    public String toString() {
        return text;
    }
}
