package org.epistle.core.rules.judge;

import java.util.ArrayList;
import java.util.List;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.move.MoveGenerator;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Brick Chess's united move: two men of one brick (orthogonally adjacent, neither a king) move
 * together by the power of the first, the carrier; the second, the passenger, goes the same way
 * along a parallel line, the whole way or dropped off on a square the carrier passed. The two move
 * at once, so each may cross the square the other left; either may capture where it lands; a pawn
 * is not promoted by a united move. Played on the board as two shifts.
 */
final class UnitedMove {
    private UnitedMove() {
    }

    /** The two men's moves, as square indices. */
    record Pair(int carrierFrom, int carrierTo, int passengerFrom, int passengerTo) {
        /** The two shifts in an order in which neither man lands on the other. */
        int[] shifts() {
            int carrier = Moves.shift(carrierFrom, carrierTo);
            int passenger = Moves.shift(passengerFrom, passengerTo);
            return carrierTo == passengerFrom ? new int[] {passenger, carrier} : new int[] {carrier, passenger};
        }
    }

    /** Why the pair cannot be played on the board (the side to move's), or null. */
    static String problem(Workboard b, Pair u) {
        Ruleset rules = b.rules();
        Geometry g = rules.geometry();
        int carrier = b.cell(u.carrierFrom());
        int passenger = b.cell(u.passengerFrom());
        if (carrier == 0 || Ruleset.sideOf(carrier) != b.toMove() || passenger == 0 || Ruleset.sideOf(passenger) != b.toMove()) {
            return "both men must be yours";
        }
        if (Ruleset.typeOf(carrier) == 0 || Ruleset.typeOf(passenger) == 0) {
            return "a king takes no part in a united move";
        }
        if (Math.abs(g.fileOf(u.carrierFrom()) - g.fileOf(u.passengerFrom())) + Math.abs(g.rankOf(u.carrierFrom()) - g.rankOf(u.passengerFrom())) != 1) {
            return "the two men must stand on one brick, side by side";
        }
        int[] cells = b.cells();
        cells[u.passengerFrom()] = 0;
        Workboard without = new Workboard(rules, cells, b.toMove(), b.castlingRights(), b.enPassant(), b.halfmoveClock());
        int[] buffer = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.pseudoLegal(without, buffer);
        boolean ordinary = false;
        for (int i = 0; i < n && !ordinary; i++) {
            int m = buffer[i];
            ordinary = Moves.from(m) == u.carrierFrom() && Moves.to(m) == u.carrierTo()
                    && (Moves.kind(m) == Moves.NORMAL || Moves.kind(m) == Moves.DOUBLE_STEP);
        }
        if (!ordinary) {
            return "the " + PieceNames.of(rules.pieceOf(carrier)) + " on " + g.name(u.carrierFrom()) + " cannot move to "
                    + g.name(u.carrierTo()) + " (a united move does not promote)";
        }
        int df = g.fileOf(u.carrierTo()) - g.fileOf(u.carrierFrom());
        int dr = g.rankOf(u.carrierTo()) - g.rankOf(u.carrierFrom());
        int steps = gcd(Math.abs(df), Math.abs(dr));
        int uf = df / steps;
        int ur = dr / steps;
        boolean slides = Math.abs(uf) <= 1 && Math.abs(ur) <= 1;
        int pf = g.fileOf(u.passengerTo()) - g.fileOf(u.passengerFrom());
        int pr = g.rankOf(u.passengerTo()) - g.rankOf(u.passengerFrom());
        int k = uf != 0 ? pf / uf : pr / ur;
        if (k < 1 || k > steps || pf != k * uf || pr != k * ur || (!slides && k != steps)) {
            return "the " + PieceNames.of(rules.pieceOf(passenger)) + " on " + g.name(u.passengerFrom())
                    + " must go the carrier's way, the whole way or part of a slide";
        }
        cells[u.carrierFrom()] = 0;
        for (int j = 1; j < k; j++) {
            int sq = g.index(g.fileOf(u.passengerFrom()) + j * uf, g.rankOf(u.passengerFrom()) + j * ur);
            if (cells[sq] != 0) {
                return "the way of the " + PieceNames.of(rules.pieceOf(passenger)) + " is blocked on " + g.name(sq);
            }
        }
        for (int j = 1; slides && j < steps; j++) {
            if (g.index(g.fileOf(u.carrierFrom()) + j * uf, g.rankOf(u.carrierFrom()) + j * ur) == u.passengerTo()) {
                return "the carrier would pass through the man it dropped on " + g.name(u.passengerTo());
            }
        }
        int there = cells[u.passengerTo()];
        if (u.passengerTo() == u.carrierTo() || there != 0 && Ruleset.sideOf(there) == b.toMove()) {
            return "the " + PieceNames.of(rules.pieceOf(passenger)) + " cannot land on " + g.name(u.passengerTo());
        }
        if (there != 0 && Ruleset.typeOf(there) == 0 || b.cell(u.carrierTo()) != 0 && Ruleset.typeOf(b.cell(u.carrierTo())) == 0) {
            return "a king is not captured";
        }
        if (Ruleset.typeOf(passenger) == 1 && g.rankOf(u.passengerTo()) == rules.promotionRank(b.toMove())) {
            return "a pawn is not promoted by a united move";
        }
        return null;
    }

    /** Every united move the side to move could make (ignoring whether it leaves the king attacked). */
    static List<Pair> all(Workboard b) {
        List<Pair> out = new ArrayList<>();
        Geometry g = b.rules().geometry();
        int[] buffer = new int[MoveGenerator.MAX_MOVES];
        for (int from = 0; from < g.size(); from++) {
            int c = b.cell(from);
            if (c == 0 || Ruleset.sideOf(c) != b.toMove() || Ruleset.typeOf(c) == 0) {
                continue;
            }
            for (int passenger : neighbours(g, from)) {
                int p = b.cell(passenger);
                if (p == 0 || Ruleset.sideOf(p) != b.toMove() || Ruleset.typeOf(p) == 0) {
                    continue;
                }
                int[] cells = b.cells();
                cells[passenger] = 0;
                Workboard without = new Workboard(b.rules(), cells, b.toMove(), b.castlingRights(), b.enPassant(), b.halfmoveClock());
                int n = MoveGenerator.pseudoLegal(without, buffer);
                for (int i = 0; i < n; i++) {
                    int m = buffer[i];
                    if (Moves.from(m) != from || Moves.kind(m) != Moves.NORMAL && Moves.kind(m) != Moves.DOUBLE_STEP) {
                        continue;
                    }
                    int df = g.fileOf(Moves.to(m)) - g.fileOf(from);
                    int dr = g.rankOf(Moves.to(m)) - g.rankOf(from);
                    int steps = gcd(Math.abs(df), Math.abs(dr));
                    boolean slides = Math.abs(df / steps) <= 1 && Math.abs(dr / steps) <= 1;
                    for (int k = slides ? 1 : steps; k <= steps; k++) {
                        int file = g.fileOf(passenger) + k * (df / steps);
                        int rank = g.rankOf(passenger) + k * (dr / steps);
                        if (file < 0 || rank < 0 || file >= g.files() || rank >= g.ranks()) {
                            break;
                        }
                        Pair pair = new Pair(from, Moves.to(m), passenger, g.index(file, rank));
                        if (problem(b, pair) == null) {
                            out.add(pair);
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The united move as the records would write it: both men in long algebraic, joined by {@code &}. */
    static String written(Position start, Pair u) {
        return half(start, u.carrierFrom(), u.carrierTo(), u.passengerFrom()) + "&"
                + half(start, u.passengerFrom(), u.passengerTo(), u.carrierFrom());
    }

    private static String half(Position start, int from, int to, int partner) {
        Geometry g = start.geometry();
        var piece = start.piece(from);
        boolean capture = to != partner && start.code(to) != 0;
        String letter = piece.type().isPawn() ? ""
                : org.epistle.core.rules.notation.SanWriter.token(start.rules(), piece.type(), piece.side());
        return letter + g.name(from) + (capture ? "x" : "-") + g.name(to);
    }

    /** The pair a written united move names, or null when its squares are not on the board. */
    static Pair of(Position p, MoveText text) {
        MoveText passenger = text.companion().orElseThrow();
        Geometry g = p.geometry();
        Square cf = text.from().orElseThrow();
        Square ct = text.to().orElseThrow();
        Square pf = passenger.from().orElseThrow();
        Square pt = passenger.to().orElseThrow();
        if (!g.contains(cf) || !g.contains(ct) || !g.contains(pf) || !g.contains(pt)) {
            return null;
        }
        return new Pair(g.index(cf), g.index(ct), g.index(pf), g.index(pt));
    }

    private static List<Integer> neighbours(Geometry g, int sq) {
        List<Integer> out = new ArrayList<>(4);
        int f = g.fileOf(sq);
        int r = g.rankOf(sq);
        if (f > 0) out.add(g.index(f - 1, r));
        if (f + 1 < g.files()) out.add(g.index(f + 1, r));
        if (r > 0) out.add(g.index(f, r - 1));
        if (r + 1 < g.ranks()) out.add(g.index(f, r + 1));
        return out;
    }

    private static int gcd(int a, int c) {
        return c == 0 ? Math.max(a, 1) : gcd(c, a % c);
    }
}
