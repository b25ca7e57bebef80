package org.epistle.core.rules.position;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.piece.Betza;
import org.epistle.core.rules.piece.BetzaException;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.piece.Role;
import org.epistle.core.rules.variant.Castling;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Forsyth-Edwards Notation, read and written for any army.
 *
 * <p>Army pieces are written with the letter of their role in their own side's army, as the
 * Different Armies records do: with White playing the Remarkable Rookies, {@code N} is White's
 * Woody Rook and {@code n} Black's knight-role piece. A piece outside its side's army (a pawn
 * promoted to a piece of the other army) is written by its Betza definition, in parentheses for
 * White, {@code (fhNrlbK)}, and in square brackets for Black, {@code [fhNrlbK]}. Several
 * en-passant squares (a Marseillais turn can leave two) are joined by commas. What a position holds
 * beyond chess (pieces in motion, energy, rules' notes, the multi-move turn log) follows as a seventh
 * field, see {@link FenState}; it is left out when there is nothing of the kind, so FIDE FENs are unchanged.
 */
public final class Fen {
    private Fen() {
    }

    public static Position read(Ruleset rules, String fen) {
        String[] f = fen.trim().split("\\s+");
        if (f.length < 2) {
            throw new FenException("A FEN needs at least the pieces and the side to move: \"" + fen + "\"");
        }
        Geometry g = rules.geometry();
        int[] cells = placement(rules, f[0]);
        Side side = switch (f[1]) {
            case "w" -> Side.WHITE;
            case "b" -> Side.BLACK;
            default -> throw new FenException("The side to move is 'w' or 'b', not '" + f[1] + "'.");
        };
        int rights = f.length > 2 ? castling(rules, cells, f[2]) : 0;
        List<int[]> ep = new ArrayList<>();
        if (f.length > 3 && !f[3].equals("-")) {
            for (String name : f[3].split(",")) {
                Square target = Square.parse(name).filter(g::contains)
                        .orElseThrow(() -> new FenException("'" + name + "' is not an en-passant square."));
                int t = g.index(target);
                int pawn = t + side.opponent().forward() * g.files();
                if (pawn >= 0 && pawn < g.size() && cells[pawn] == rules.pawnCode(side.opponent())) {
                    ep.add(new int[] {t, pawn, side.ordinal()});
                }
            }
        }
        int halfmove = f.length > 4 ? number(f[4], "half-move clock") : 0;
        int fullmove = f.length > 5 ? Math.max(1, number(f[5], "move number")) : 1;
        Position p = Position.of(rules, cells, side, rights, ep.toArray(new int[0][]), halfmove, fullmove);
        if (f.length > 7) {
            throw new FenException("A FEN has at most seven fields; this one has " + f.length + ".");
        }
        if (f.length == 7) {
            FenState.Read extra = FenState.read(rules, cells, f[6], side);
            p = p.withPhysics(extra.physics()).withTurnLog(extra.log());
        }
        return p;
    }

    private static int number(String s, String what) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new FenException("The " + what + " must be a number, not '" + s + "'.");
        }
    }

    private static int[] placement(Ruleset rules, String text) {
        Geometry g = rules.geometry();
        String[] ranks = text.split("/");
        if (ranks.length != g.ranks()) {
            throw new FenException("The board has " + g.ranks() + " ranks but the FEN gives " + ranks.length + ".");
        }
        int[] cells = new int[g.size()];
        for (int i = 0; i < ranks.length; i++) {
            int rank = g.ranks() - 1 - i;
            String row = ranks[i];
            int file = 0;
            int p = 0;
            while (p < row.length()) {
                char c = row.charAt(p);
                if (Character.isDigit(c)) {
                    int q = p;
                    while (q < row.length() && Character.isDigit(row.charAt(q))) q++;
                    if (q - p > 2) {
                        throw new FenException("Rank " + (rank + 1) + ": " + row.substring(p, q) + " empty squares do not fit on the board.");
                    }
                    file += Integer.parseInt(row.substring(p, q));
                    p = q;
                    continue;
                }
                int end = c == '(' ? row.indexOf(')', p) : c == '[' ? row.indexOf(']', p) : p;
                if (end < 0) {
                    throw new FenException("Rank " + (rank + 1) + ": '" + c + "' is not closed.");
                }
                int code = pieceCode(rules, row.substring(p, end + 1), "Rank " + (rank + 1) + ": ");
                p = end + 1;
                if (file >= g.files()) {
                    throw new FenException("Rank " + (rank + 1) + " has more than " + g.files() + " squares.");
                }
                cells[g.index(file, rank)] = code;
                file++;
            }
            if (file != g.files()) {
                throw new FenException("Rank " + (rank + 1) + " has " + file + " squares, not " + g.files() + ".");
            }
        }
        return cells;
    }

    /** The piece code of one FEN token: a letter of a side's army, or a Betza definition in () or []. */
    static int pieceCode(Ruleset rules, String token) {
        return pieceCode(rules, token, "");
    }

    private static int pieceCode(Ruleset rules, String token, String where) {
        char c = token.charAt(0);
        if (token.length() > 2 && (c == '(' && token.endsWith(")") || c == '[' && token.endsWith("]"))) {
            return byBetza(rules, token.substring(1, token.length() - 1), c == '(' ? Side.WHITE : Side.BLACK);
        }
        Role role = token.length() == 1 ? Role.ofLetter(c) : null;
        if (role == null) {
            throw new FenException(where + "'" + token + "' is not a piece letter.");
        }
        Side side = Character.isUpperCase(c) ? Side.WHITE : Side.BLACK;
        return Ruleset.code(rules.typeIdOfRole(side, role), side);
    }

    private static int byBetza(Ruleset rules, String betza, Side side) {
        try {
            Betza.parse(betza);
        } catch (BetzaException e) {
            throw new FenException(e.getMessage());
        }
        return Ruleset.code(rules.typeIdByBetza(betza)
                .orElseThrow(() -> new FenException("No piece of either army moves as " + betza + ".")), side);
    }

    private static int castling(Ruleset rules, int[] cells, String text) {
        if (text.equals("-")) return 0;
        int rights = 0;
        for (char c : text.toCharArray()) {
            boolean found = false;
            for (int i = 0; i < rules.castlings().size(); i++) {
                Castling k = rules.castling(i);
                if (k.fenLetter() == c) {
                    found = true;
                    if (cells[k.kingFrom()] == rules.kingCode(k.side()) && cells[k.rookFrom()] == rules.cornerCode(k.side())) {
                        rights |= 1 << i;
                    }
                }
            }
            if (!found) {
                throw new FenException("Castling rights are written with K, Q, k, q or '-', not '" + c + "'.");
            }
        }
        return rights;
    }

    public static String write(Position p) {
        Ruleset rules = p.rules();
        Geometry g = rules.geometry();
        StringBuilder sb = new StringBuilder();
        for (int rank = g.ranks() - 1; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < g.files(); file++) {
                int code = p.code(g.index(file, rank));
                if (code == 0) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                sb.append(token(rules, code));
            }
            if (empty > 0) sb.append(empty);
            if (rank > 0) sb.append('/');
        }
        sb.append(p.sideToMove() == Side.WHITE ? " w " : " b ");
        StringBuilder castle = new StringBuilder();
        for (int i = 0; i < rules.castlings().size(); i++) {
            if ((p.castlingRights() & 1 << i) != 0) castle.append(rules.castling(i).fenLetter());
        }
        sb.append(castle.length() == 0 ? "-" : castle);
        List<String> ep = new ArrayList<>();
        for (int[] e : p.enPassant()) {
            if (e[2] == p.sideToMove().ordinal()) ep.add(g.name(e[0]));
        }
        sb.append(' ').append(ep.isEmpty() ? "-" : String.join(",", ep));
        sb.append(' ').append(p.halfmoveClock()).append(' ').append(p.turnNumber());
        FenState.write(p).ifPresent(extra -> sb.append(' ').append(extra));
        return sb.toString();
    }

    /** The FEN token of one piece code. */
    public static String token(Ruleset rules, int code) {
        PieceType type = rules.pieceOf(code);
        Side side = Ruleset.sideOf(code);
        Optional<Integer> own = rules.typeIdOf(rules.army(side).piece(type.role()));
        if (own.isPresent() && own.get() == Ruleset.typeOf(code)) {
            char c = type.letter();
            return String.valueOf(side == Side.WHITE ? c : Character.toLowerCase(c));
        }
        return side == Side.WHITE ? "(" + type.betza() + ")" : "[" + type.betza() + "]";
    }
}
