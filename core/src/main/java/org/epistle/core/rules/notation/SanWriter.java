package org.epistle.core.rules.notation;

import java.util.List;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.piece.Role;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Writes moves in standard algebraic notation, army pieces by their role letter (as the Different
 * Armies records do) or, for a piece from the other army, by its Betza definition in parentheses.
 */
public final class SanWriter {
    private SanWriter() {
    }

    /** SAN without a check mark, disambiguated among the legal moves of the position. */
    public static String write(Position before, Move move) {
        if (move.isCastling()) {
            return move.to().file() > move.from().file() ? "O-O" : "O-O-O";
        }
        Piece piece = before.pieceAt(move.from()).orElseThrow();
        boolean capture = before.pieceAt(move.to()).isPresent() || move.kind() == Move.Kind.EN_PASSANT;
        StringBuilder sb = new StringBuilder();
        if (piece.type().isPawn()) {
            if (capture) {
                sb.append((char) ('a' + move.from().file()));
            }
        } else {
            sb.append(token(before.rules(), piece.type(), piece.side()));
            sb.append(disambiguation(before, move, piece));
        }
        if (capture) {
            sb.append('x');
        }
        sb.append(move.to().name());
        move.promotion().ifPresent(p -> sb.append('=').append(token(before.rules(), p, piece.side())));
        return sb.toString();
    }

    /** Long algebraic with the piece letter: Nb1-d2, e7xd8=Q. */
    public static String longForm(Position before, Move move) {
        if (move.isCastling()) {
            return write(before, move);
        }
        Piece piece = before.pieceAt(move.from()).orElseThrow();
        boolean capture = before.pieceAt(move.to()).isPresent() || move.kind() == Move.Kind.EN_PASSANT;
        String letter = piece.type().isPawn() ? "" : token(before.rules(), piece.type(), piece.side());
        return letter + move.from().name() + (capture ? "x" : "-") + move.to().name()
                + move.promotion().map(p -> "=" + token(before.rules(), p, piece.side())).orElse("");
    }

    /** Long algebraic with army pieces named by Betza in parentheses, as the Momentum records write them. */
    public static String betzaForm(Position before, Move move) {
        if (move.isCastling()) {
            return write(before, move);
        }
        Piece piece = before.pieceAt(move.from()).orElseThrow();
        boolean capture = before.pieceAt(move.to()).isPresent() || move.kind() == Move.Kind.EN_PASSANT;
        return betzaLabel(piece.type()) + move.from().name() + (capture ? ":" : "-") + move.to().name()
                + move.promotion().map(p -> "=" + token(before.rules(), p, piece.side())).orElse("");
    }

    /** How the Momentum records name a piece: nothing for a pawn, K, a FIDE piece's letter, otherwise (Betza). */
    public static String betzaLabel(PieceType t) {
        return t.isPawn() ? "" : t.isRoyal() ? "K" : isFide(t) ? String.valueOf(t.letter()) : "(" + t.betza() + ")";
    }

    private static boolean isFide(PieceType t) {
        return t.betza().matches("[QRBN]");
    }

    /** The letter for a piece kind of the given side: its role letter in its own army, otherwise (Betza). */
    public static String token(Ruleset rules, PieceType type, Side side) {
        PieceType own = rules.army(side).piece(type.role());
        if (own.isSamePieceAs(type)) {
            return String.valueOf(type.role() == Role.PAWN ? "" : type.letter());
        }
        return "(" + type.betza() + ")";
    }

    private static String disambiguation(Position before, Move move, Piece piece) {
        List<Move> rivals = before.legalMoves().stream()
                .filter(m -> !m.isCastling() && m.to().equals(move.to()) && !m.from().equals(move.from()))
                .filter(m -> before.pieceAt(m.from()).map(p -> p.equals(piece)).orElse(false))
                .toList();
        if (rivals.isEmpty()) {
            return "";
        }
        boolean fileUnique = rivals.stream().noneMatch(m -> m.from().file() == move.from().file());
        if (fileUnique) {
            return String.valueOf((char) ('a' + move.from().file()));
        }
        boolean rankUnique = rivals.stream().noneMatch(m -> m.from().rank() == move.from().rank());
        if (rankUnique) {
            return Integer.toString(move.from().rank() + 1);
        }
        return move.from().name();
    }

    /** The mark after a move: "+" when it leaves the opponent in check. */
    public static String checkMark(Position after, Side mover) {
        return after.isCheck(mover.opponent()) ? "+" : "";
    }

}
