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
 * en-passant squares (a Marseillais turn can leave two) are joined by commas. Pieces in motion
 * (Momentum Chess) follow as a seventh field, {@code motion:e4:0:2,f4:1:-2:x}: the square, the
 * displacement it repeats, and {@code x} for a capturing momentum; the field is left out when
 * nothing moves, so FIDE FENs are unchanged.
 */
public final class Fen {
    private static final String MOTION = "motion:";
    private static final String TRAVEL = "travel:";

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
        java.util.Map<Square, Physics.Motion> motions = java.util.Map.of();
        List<Physics.Traveller> travellers = List.of();
        for (int i = 6; i < f.length; i++) {
            if (f[i].startsWith(TRAVEL)) {
                travellers = travellers(rules, f[i]);
            } else {
                motions = motions(g, cells, f[i]);
            }
        }
        return f.length > 6 ? p.withPhysics(new Physics(motions, travellers, java.util.Map.of())) : p;
    }

    /** Lene Hau's travellers: {@code travel:Rg3:g1>g7} (the piece, where it stands, from where to where), {@code Qh7} for a second piece at rest. */
    private static List<Physics.Traveller> travellers(Ruleset rules, String field) {
        Geometry g = rules.geometry();
        List<Physics.Traveller> out = new ArrayList<>();
        for (String entry : field.substring(TRAVEL.length()).split(",")) {
            String problem = "A traveller is written as the piece, its square and from>to (Rg3:g1>g7), or the piece and its square "
                    + "for a second piece at rest (Qh7), not '" + entry + "'.";
            if (entry.isEmpty()) {
                throw new FenException(problem);
            }
            int end = entry.charAt(0) == '(' ? entry.indexOf(')') : entry.charAt(0) == '[' ? entry.indexOf(']') : 0;
            if (end < 0) {
                throw new FenException(problem);
            }
            int code = pieceCode(rules, entry.substring(0, end + 1), problem);
            String[] parts = entry.substring(end + 1).split("[:>]");
            List<Square> squares = new ArrayList<>();
            for (String part : parts) {
                squares.add(Square.parse(part).filter(g::contains).orElseThrow(() -> new FenException(problem)));
            }
            if (squares.size() != 1 && squares.size() != 3) {
                throw new FenException(problem);
            }
            var piece = new org.epistle.core.rules.board.Piece(rules.pieceOf(code), Ruleset.sideOf(code));
            out.add(squares.size() == 1 ? new Physics.Traveller(piece, squares.get(0), squares.get(0), squares.get(0))
                    : new Physics.Traveller(piece, squares.get(1), squares.get(0), squares.get(2)));
        }
        return out;
    }

    /** A piece written as in the board field: a role letter, (Betza) for White or [Betza] for Black. */
    private static int pieceCode(Ruleset rules, String token, String problem) {
        char c = token.charAt(0);
        if (c == '(' || c == '[') {
            return byBetza(rules, token.substring(1, token.length() - 1), c == '(' ? Side.WHITE : Side.BLACK);
        }
        Role role = Role.ofLetter(c);
        if (role == null || token.length() != 1) {
            throw new FenException(problem);
        }
        Side side = Character.isUpperCase(c) ? Side.WHITE : Side.BLACK;
        return Ruleset.code(rules.typeIdOfRole(side, role), side);
    }

    private static java.util.Map<Square, Physics.Motion> motions(Geometry g, int[] cells, String field) {
        if (!field.startsWith(MOTION)) {
            throw new FenException("The seventh field lists pieces in motion and starts with '" + MOTION + "', not '" + field + "'.");
        }
        java.util.Map<Square, Physics.Motion> out = new java.util.HashMap<>();
        for (String entry : field.substring(MOTION.length()).split(",")) {
            String[] parts = entry.split(":");
            Optional<Square> square = Square.parse(parts[0]).filter(g::contains);
            if (parts.length < 3 || parts.length > 4 || square.isEmpty() || (parts.length == 4 && !parts[3].equals("x"))) {
                throw new FenException("A piece in motion is written square:dx:dy, with :x when it captures, not '" + entry + "'.");
            }
            if (cells[g.index(square.get())] == 0) {
                throw new FenException("There is no piece on " + square.get().name() + " to be in motion.");
            }
            out.put(square.get(), new Physics.Motion(number(parts[1], "displacement"), number(parts[2], "displacement"),
                    parts.length == 4));
        }
        return out;
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
                int code;
                if (c == '(' || c == '[') {
                    char close = c == '(' ? ')' : ']';
                    int end = row.indexOf(close, p);
                    if (end < 0) {
                        throw new FenException("Rank " + (rank + 1) + ": '" + c + "' is not closed.");
                    }
                    code = byBetza(rules, row.substring(p + 1, end), c == '(' ? Side.WHITE : Side.BLACK);
                    p = end + 1;
                } else {
                    Role role = Role.ofLetter(c);
                    if (role == null) {
                        throw new FenException("Rank " + (rank + 1) + ": '" + c + "' is not a piece letter.");
                    }
                    Side side = Character.isUpperCase(c) ? Side.WHITE : Side.BLACK;
                    code = Ruleset.code(rules.typeIdOfRole(side, role), side);
                    p++;
                }
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
        if (!p.physics().motions().isEmpty()) {
            List<String> moving = new ArrayList<>();
            new java.util.TreeMap<>(java.util.Map.copyOf(p.physics().motions().entrySet().stream()
                    .collect(java.util.stream.Collectors.toMap(e -> e.getKey().name(), java.util.Map.Entry::getValue))))
                    .forEach((sq, m) -> moving.add(sq + ":" + m.dx() + ":" + m.dy() + (m.capturing() ? ":x" : "")));
            sb.append(' ').append(MOTION).append(String.join(",", moving));
        }
        if (!p.physics().travellers().isEmpty()) {
            List<String> travelling = new ArrayList<>();
            for (Physics.Traveller t : p.physics().travellers()) {
                String piece = token(rules, Ruleset.code(rules.typeIdOf(t.piece().type()).orElseThrow(), t.piece().side()));
                travelling.add(piece + t.at().name() + (t.isResting() ? "" : ":" + t.origin().name() + ">" + t.destination().name()));
            }
            sb.append(' ').append(TRAVEL).append(String.join(",", travelling));
        }
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
