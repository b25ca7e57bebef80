package org.epistle.core.rules.move;

import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.variant.Castling;
import org.epistle.core.rules.variant.Ruleset;

/** Generates the moves of the side to move on a workboard. */
public final class MoveGenerator {
    public static final int MAX_MOVES = 1024;

    private MoveGenerator() {
    }

    /**
     * Writes every pseudo-legal move (legal except that it may leave the mover's king attacked)
     * into {@code out} and returns how many there are. Castling is generated only when the king
     * is not in check and does not pass over or land on an attacked square.
     */
    public static int pseudoLegal(Workboard b, int[] out) {
        MoveTables t = b.tables;
        int[] cells = b.cells;
        int me = b.toMove.ordinal();
        int n = 0;
        for (int from = 0; from < cells.length; from++) {
            int code = cells[from];
            if (code == 0 || Ruleset.sideIndex(code) != me) {
                continue;
            }
            boolean pawn = Ruleset.typeOf(code) == 1;
            for (MoveTables.Ray ray : t.rays[code][from]) {
                if (ray.mustBeEmpty().length > 0 && !b.allEmpty(ray.mustBeEmpty())) {
                    continue;
                }
                int[] squares = ray.squares();
                for (int k = 0; k < squares.length; k++) {
                    int to = squares[k];
                    int target = cells[to];
                    if (target == 0) {
                        if ((ray.mode() & MoveTables.MOVE) != 0) {
                            n = add(b, out, n, from, to, pawn, pawn && isDoubleStep(b, from, to) ? Moves.DOUBLE_STEP : Moves.NORMAL);
                        } else if (pawn && (ray.mode() & MoveTables.CAPTURE) != 0 && b.epCount > 0 && k == 0) {
                            n = enPassant(b, out, n, from, to);
                        }
                        continue;
                    }
                    if (Ruleset.sideIndex(target) != me && (ray.mode() & MoveTables.CAPTURE) != 0) {
                        n = add(b, out, n, from, to, pawn, Moves.NORMAL);
                    }
                    break;
                }
            }
        }
        return castlings(b, out, n);
    }

    /**
     * The pseudo-legal moves of {@link #pseudoLegal} that end on {@code target}, made by a piece of kind
     * {@code type} (any kind when it is negative), and every castling, in the same order: reading one written
     * move needs no others, so a piece of another kind is passed over, a ray that does not reach the target is
     * not walked, and one that does is walked only as far as the target.
     */
    public static int pseudoLegalTo(Workboard b, int target, int type, int[] out) {
        MoveTables t = b.tables;
        int[] cells = b.cells;
        int me = b.toMove.ordinal();
        int n = 0;
        for (int from = 0; from < cells.length; from++) {
            int code = cells[from];
            if (code == 0 || Ruleset.sideIndex(code) != me || type >= 0 && Ruleset.typeOf(code) != type) {
                continue;
            }
            boolean pawn = Ruleset.typeOf(code) == 1;
            for (MoveTables.Ray ray : t.rays[code][from]) {
                int[] squares = ray.squares();
                int k = 0;
                while (k < squares.length && squares[k] != target) {
                    k++;
                }
                if (k == squares.length || ray.mustBeEmpty().length > 0 && !b.allEmpty(ray.mustBeEmpty())) {
                    continue;
                }
                boolean open = true;
                for (int j = 0; j < k && open; j++) {
                    open = cells[squares[j]] == 0;
                }
                if (!open) {
                    continue; // blocked before the target, as the full walk would stop there
                }
                int there = cells[target];
                if (there == 0) {
                    if ((ray.mode() & MoveTables.MOVE) != 0) {
                        n = add(b, out, n, from, target, pawn, pawn && isDoubleStep(b, from, target) ? Moves.DOUBLE_STEP : Moves.NORMAL);
                    } else if (pawn && (ray.mode() & MoveTables.CAPTURE) != 0 && b.epCount > 0 && k == 0) {
                        n = enPassant(b, out, n, from, target);
                    }
                } else if (Ruleset.sideIndex(there) != me && (ray.mode() & MoveTables.CAPTURE) != 0) {
                    n = add(b, out, n, from, target, pawn, Moves.NORMAL);
                }
            }
        }
        return castlings(b, out, n);
    }

    /** Legal moves only: those after which the mover's king is not attacked. */
    public static int legal(Workboard b, int[] out) {
        int[] pseudo = new int[MAX_MOVES];
        int count = pseudoLegal(b, pseudo);
        return filterLegal(b, pseudo, count, out, new int[b.cells.length]);
    }

    /**
     * Keeps the legal moves of a pseudo-legal list. Most moves are proved legal without playing
     * them: when the king is not in check, only a king move, an en-passant capture or a move of a
     * pinned piece can expose it, and a pinned piece stays legal along its pin line. The rest are
     * played and tested. {@code pinScratch} is a board-sized work array.
     */
    public static int filterLegal(Workboard b, int[] pseudo, int count, int[] out, int[] pinScratch) {
        Side me = b.toMove;
        int king = b.kings[me.ordinal()];
        int n = 0;
        if (king < 0) {
            System.arraycopy(pseudo, 0, out, 0, count);
            return count;
        }
        int opp = me.opponent().ordinal();
        // a king that checks from two squares away is no pin: a capture between the kings can open its way
        boolean shortcut = !b.tables.hasOddAttacks[opp] && !b.facesTwoSquareCheck(me) && !b.isAttacked(king, me.opponent());
        int[][] rays = b.tables.attackRays[opp][king];
        int[][] range = b.tables.attackRange[opp];
        // pinScratch[square] = 1 + ray index of the pin through it, or 0; cleared again below
        int pins = 0;
        int[] pinned = new int[8];
        if (shortcut) {
            for (int d = 0; d < rays.length; d++) {
                int[] ray = rays[d];
                int k1 = 0;
                while (k1 < ray.length && b.cells[ray[k1]] == 0) k1++;
                if (k1 == ray.length || Ruleset.sideIndex(b.cells[ray[k1]]) != me.ordinal()) continue;
                int k2 = k1 + 1;
                while (k2 < ray.length && b.cells[ray[k2]] == 0) k2++;
                if (k2 == ray.length) continue;
                int c = b.cells[ray[k2]];
                if (Ruleset.sideIndex(c) == opp && range[d][c] > k2) {
                    pinScratch[ray[k1]] = (d + 1) | (k2 << 16);
                    if (pins == pinned.length) pinned = java.util.Arrays.copyOf(pinned, pins * 2);
                    pinned[pins++] = ray[k1];
                }
            }
        }
        for (int i = 0; i < count; i++) {
            int m = pseudo[i];
            int from = Moves.from(m);
            if (shortcut && from != king && Moves.kind(m) != Moves.EN_PASSANT) {
                int pin = pinScratch[from];
                if (pin == 0 || onPinLine(rays[(pin & 0xFFFF) - 1], pin >>> 16, Moves.to(m))) {
                    out[n++] = m;
                }
                continue;
            }
            b.make(m, false);
            if (!b.inCheck(me)) {
                out[n++] = m;
            }
            b.unmake();
        }
        for (int i = 0; i < pins; i++) pinScratch[pinned[i]] = 0;
        return n;
    }

    private static boolean onPinLine(int[] ray, int attackerIndex, int to) {
        for (int k = 0; k <= attackerIndex; k++) {
            if (ray[k] == to) return true;
        }
        return false;
    }

    private static boolean isDoubleStep(Workboard b, int from, int to) {
        int files = b.rules.geometry().files();
        return Math.abs(to - from) == 2 * files;
    }

    private static int add(Workboard b, int[] out, int n, int from, int to, boolean pawn, int kind) {
        if (pawn && b.rules.geometry().rankOf(to) == b.rules.promotionRank(b.toMove)) {
            int[] promotions = b.rules.promotions(b.toMove);
            for (int type : promotions) {
                out[n++] = Moves.encode(from, to, Moves.PROMOTION, type, 0);
            }
            if (promotions.length > 0) {
                return n;
            } // else a rule of the variant decides what becomes of the pawn: an ordinary move
        }
        out[n++] = Moves.encode(from, to, kind, 0, 0);
        return n;
    }

    private static int enPassant(Workboard b, int[] out, int n, int from, int to) {
        int me = b.toMove.ordinal();
        for (int i = 0; i < b.epCount; i++) {
            if (b.epTarget[i] == to && b.epTaker[i] == me) {
                int pawn = b.epPawn[i];
                int victim = b.cells[pawn];
                if (victim != 0 && Ruleset.typeOf(victim) == 1 && Ruleset.sideIndex(victim) != me) {
                    out[n++] = Moves.encode(from, to, Moves.EN_PASSANT, 0, 0);
                }
                return n;
            }
        }
        return n;
    }

    private static int castlings(Workboard b, int[] out, int n) {
        if (b.castlingRights == 0) {
            return n;
        }
        Side me = b.toMove;
        int count = b.rules.castlings().size();
        boolean checked = false;
        for (int i = 0; i < count; i++) {
            if ((b.castlingRights & 1 << i) == 0) {
                continue;
            }
            Castling c = b.rules.castling(i);
            if (c.side() != me || !castlingIsOpen(b, c)) {
                continue;
            }
            if (!checked) {
                if (b.inCheck(me)) {
                    return n;
                }
                checked = true;
            }
            if (!kingPathIsSafe(b, c)) {
                continue;
            }
            out[n++] = Moves.encode(c.kingFrom(), c.kingTo(), Moves.CASTLING, 0, i);
        }
        return n;
    }

    /** King and corner piece in place, and every square either of them crosses or lands on empty. */
    static boolean castlingIsOpen(Workboard b, Castling c) {
        int king = b.cells[c.kingFrom()];
        int rook = b.cells[c.rookFrom()];
        if (king != b.rules.kingCode(c.side()) || rook != b.rules.cornerCode(c.side())) {
            return false;
        }
        int lo = Math.min(Math.min(c.kingFrom(), c.kingTo()), Math.min(c.rookFrom(), c.rookTo()));
        int hi = Math.max(Math.max(c.kingFrom(), c.kingTo()), Math.max(c.rookFrom(), c.rookTo()));
        for (int sq = lo; sq <= hi; sq++) {
            if (sq != c.kingFrom() && sq != c.rookFrom() && b.cells[sq] != 0) {
                return false;
            }
        }
        return true;
    }

    /** The first square the king crosses or lands on that the opponent attacks, or -1. */
    static int firstAttackedOnKingPath(Workboard b, Castling c) {
        int step = c.kingTo() > c.kingFrom() ? 1 : -1;
        for (int sq = c.kingFrom() + step; ; sq += step) {
            if (b.checkerOf(sq, c.side().opponent()) >= 0) {
                return sq;
            }
            if (sq == c.kingTo()) {
                return -1;
            }
        }
    }

    private static boolean kingPathIsSafe(Workboard b, Castling c) {
        return firstAttackedOnKingPath(b, c) < 0;
    }

    /** No step of the piece leads there with the right mode (moving or capturing). */
    public static final int UNREACHABLE = -2;
    /** The way is clear. */
    public static final int CLEAR = -1;

    /**
     * Whether the piece on {@code from} could reach {@code to} on this board, ignoring check:
     * {@link #CLEAR}, {@link #UNREACHABLE}, or the square of the first piece in the way.
     */
    public static int obstacle(Workboard b, int from, int to) {
        int need = b.cells[to] != 0 ? MoveTables.CAPTURE : MoveTables.MOVE;
        int blocker = UNREACHABLE;
        for (MoveTables.Ray ray : b.tables.rays[b.cells[from]][from]) {
            if ((ray.mode() & need) == 0) {
                continue;
            }
            int[] squares = ray.squares();
            int k = 0;
            while (k < squares.length && squares[k] != to) {
                k++;
            }
            if (k == squares.length) {
                continue;
            }
            int first = firstOccupied(b, ray.mustBeEmpty(), squares, k);
            if (first < 0) {
                return CLEAR;
            }
            blocker = first;
        }
        return blocker;
    }

    private static int firstOccupied(Workboard b, int[] passedOver, int[] squares, int before) {
        for (int sq : passedOver) {
            if (b.cells[sq] != 0) {
                return sq;
            }
        }
        for (int j = 0; j < before; j++) {
            if (b.cells[squares[j]] != 0) {
                return squares[j];
            }
        }
        return -1;
    }
}
