package org.epistle.core.rules.move;

import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.variant.Castling;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Perft on square sets, for the boards where it counts what the mailbox generator counts: at most 64
 * squares, one move a turn, both kings on the board, at most the one en-passant chance the last move left.
 * It follows {@link MoveGenerator} and {@link Workboard} rule for rule; where a shortcut would have to
 * know more than the tables tell (a check, a lame or initial-only capturer, castling, en passant) it
 * makes the move and looks at its own king, as they do.
 *
 * <p>At the last ply, when the king is not in check, the legal moves are counted without being written:
 * each man's targets as a set (cut to its pin line when pinned), a king's targets one by one.
 */
final class BitPerft {
    private static final int MAX_PLY = 128;
    private static final Side[] SIDES = Side.values();

    private final BitTables t;
    private final int[] cells = new int[64];
    private final long[] pieces;
    private final long[] occupied = new long[2];
    private final int[] kings = new int[2];
    private int toMove;
    private long castlingRights;
    /** The square passed over by the last double step, or -1; the side to move is the one that may take. */
    private int epTarget = -1;
    private int epPawn = -1;

    /** One move list a ply, made when the count first goes that deep. */
    private final int[][] moveLists = new int[MAX_PLY][];
    private final int[] scratch = new int[MoveGenerator.MAX_MOVES];
    private final long[] pinLine = new long[64];
    private final int[] undoMove = new int[MAX_PLY];
    private final int[] undoCaptured = new int[MAX_PLY];
    private final int[] undoCapturedAt = new int[MAX_PLY];
    private final long[] undoRights = new long[MAX_PLY];
    private final int[] undoEpTarget = new int[MAX_PLY];
    private final int[] undoEpPawn = new int[MAX_PLY];
    private int ply;

    private BitPerft(BitTables t, Workboard b) {
        this.t = t;
        this.pieces = new long[t.codeLimit];
        for (int sq = 0; sq < b.cells.length; sq++) {
            if (b.cells[sq] != 0) {
                put(sq, b.cells[sq]);
            }
        }
        kings[0] = b.kings[0];
        kings[1] = b.kings[1];
        toMove = b.toMove.ordinal();
        castlingRights = b.castlingRights;
        if (b.epCount == 1) {
            epTarget = b.epTarget[0];
            epPawn = b.epPawn[0];
        }
    }

    /** The fast counter for this board, or null where only the mailbox generator counts it right. */
    static BitPerft of(Workboard b) {
        BitTables t = b.tables.bits();
        if (!t.usable || b.epCount > 1 || b.epCount == 1 && b.epTaker[0] != b.toMove.ordinal()) {
            return null;
        }
        int kingsOnBoard = 0;
        for (int c : b.cells) {
            kingsOnBoard += c != 0 && Ruleset.typeOf(c) == 0 ? 1 : 0;
        }
        if (kingsOnBoard != 2 || b.kings[0] < 0 || b.kings[1] < 0 || b.inCheck(b.toMove.opponent())) {
            return null; // a king may be taken: the mailbox generator knows what follows
        }
        return new BitPerft(t, b);
    }

    long count(int depth, boolean bulk) {
        if (depth == 0) {
            return 1;
        }
        if (depth == 1 && bulk) {
            return countLegal();
        }
        int[] moves = moves();
        int n = legal(moves);
        if (depth == 1) {
            for (int i = 0; i < n; i++) {
                make(moves[i]); // every leaf made, as the slow count asks
                unmake();
            }
            return n;
        }
        long nodes = 0;
        for (int i = 0; i < n; i++) {
            make(moves[i]);
            nodes += count(depth - 1, bulk);
            unmake();
        }
        return nodes;
    }

    private int[] moves() {
        int[] list = moveLists[ply];
        if (list == null) {
            list = new int[MoveGenerator.MAX_MOVES];
            moveLists[ply] = list;
        }
        return list;
    }

    private void put(int sq, int code) {
        cells[sq] = code;
        pieces[code] |= 1L << sq;
        occupied[Ruleset.sideIndex(code)] |= 1L << sq;
    }

    private void lift(int sq, int code) {
        cells[sq] = 0;
        pieces[code] &= ~(1L << sq);
        occupied[Ruleset.sideIndex(code)] &= ~(1L << sq);
    }

    /** Whether a man of side {@code by} attacks the square, the board's men standing on {@code occ}. */
    private boolean attacked(int sq, int by, long occ) {
        for (int code : t.stepCapturers[by]) {
            if ((t.stepCapturedFrom[code * 64 + sq] & pieces[code]) != 0) {
                return true;
            }
        }
        int[][] lineRiders = t.lineRiders[by];
        for (int line = 0; line < 4; line++) {
            long riders = 0;
            for (int code : lineRiders[line]) {
                riders |= pieces[code];
            }
            if (riders != 0 && (BitTables.lineReach(sq, line, occ) & riders) != 0) {
                return true;
            }
        }
        int dirs = t.otherDirs[by];
        long[] rays = t.otherRay[by];
        int[] range = t.otherRange[by];
        int base = sq * dirs;
        for (int d = 0; d < dirs; d++) {
            long hit = rays[base + d] & occ;
            if (hit == 0) {
                continue;
            }
            int first = t.otherIncreasing[by][d] ? Long.numberOfTrailingZeros(hit) : 63 - Long.numberOfLeadingZeros(hit);
            int reach = range[d * t.codeLimit + cells[first]];
            if (reach > 7 || reach > 0 && reach >= (t.otherUnit[by][d] ? BitTables.STEPS[sq * 64 + first] : Math.abs(first - sq) / t.otherDelta[by][d])) {
                return true;
            }
        }
        if (t.hasOddAttacks[by]) {
            int[] origin = t.oddOrigin[by][sq];
            int[] code = t.oddCode[by][sq];
            long[] empty = t.oddMustBeEmpty[by][sq];
            for (int i = 0; i < origin.length; i++) {
                if (cells[origin[i]] == code[i] && (occ & 1L << origin[i]) != 0 && (occ & empty[i]) == 0) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean inCheck(int side) {
        return attacked(kings[side], 1 - side, occupied[0] | occupied[1]);
    }

    /** The squares the man on {@code from} may go to or capture on, ignoring check (castling and en passant apart). */
    private long targets(int code, int from, long occ, long own) {
        int at = code * 64 + from;
        long empty = ~occ;
        long enemy = occ & ~own;
        long to = t.leapMove[at] & empty | t.leapCapture[at] & enemy | t.leapBoth[at] & ~own;
        int lines = t.lineUse[at];
        if (lines != 0) {
            long reach = 0;
            for (int line = 0; line < 4; line++) {
                if ((lines & 1 << line) != 0) {
                    reach |= BitTables.lineReach(from, line, occ) & t.lineRay[at * 4 + line];
                }
            }
            to |= reach & ~own;
        }
        for (int r = t.rayStart[at], end = t.rayStart[at + 1]; r < end; r++) {
            if ((t.rayMustBeEmpty[r] & occ) != 0) {
                continue;
            }
            long ray = t.rayMask[r];
            long hit = ray & occ;
            int flags = t.rayFlags[r];
            if (hit != 0) {
                ray &= (flags & BitTables.INCREASING) != 0 ? (hit & -hit) * 2 - 1 : -Long.highestOneBit(hit);
            }
            int mode = flags & 3;
            to |= ray & (mode == BitTables.MODE_MOVE ? empty : mode == BitTables.MODE_CAPTURE ? enemy : ~own);
        }
        return to;
    }

    /**
     * Marks the men of {@code side} pinned to their king by a rider and returns them; {@link #pinLine} then
     * holds, for each, the squares from the king to the pinner (the pinner's included).
     */
    private long pins(int side) {
        int by = 1 - side;
        int king = kings[side];
        long occ = occupied[0] | occupied[1];
        long own = occupied[side];
        int dirs = t.riderDirs[by];
        long[] rays = t.riderRay[by];
        int[] range = t.riderRange[by];
        long pinned = 0;
        for (int d = 0; d < dirs; d++) {
            long ray = rays[king * dirs + d];
            long hit = ray & occ;
            if (Long.bitCount(hit) < 2) {
                continue;
            }
            boolean increasing = t.riderIncreasing[by][d];
            int first = increasing ? Long.numberOfTrailingZeros(hit) : 63 - Long.numberOfLeadingZeros(hit);
            if ((own & 1L << first) == 0) {
                continue;
            }
            hit &= ~(1L << first);
            int second = increasing ? Long.numberOfTrailingZeros(hit) : 63 - Long.numberOfLeadingZeros(hit);
            int code = cells[second];
            if (Ruleset.sideIndex(code) != by || range[d * t.codeLimit + code] <= Math.abs(second - king) / t.riderDelta[by][d] - 1) {
                continue;
            }
            pinned |= 1L << first;
            long bit = 1L << second;
            pinLine[first] = ray & (increasing ? bit * 2 - 1 : -bit);
        }
        return pinned;
    }

    /** How many legal moves the side to move has. */
    private int countLegal() {
        int me = toMove;
        int opp = 1 - me;
        if (t.hasOddAttacks[opp] || inCheck(me)) {
            return legalByMaking(moves());
        }
        long occ = occupied[0] | occupied[1];
        long own = occupied[me];
        long pinned = pins(me);
        int king = kings[me];
        int pawn = Ruleset.code(1, SIDES[me]);
        int promotionKinds = t.promotions[me].length;
        long promotionRank = promotionKinds > 0 ? t.promotionRank[me] : 0;
        int n = 0;
        long men = own & ~(1L << king);
        if (t.fidePawns[me]) {
            long free = pieces[pawn] & ~pinned;
            men &= ~free;
            n += pawnMoves(me, free, occ, promotionRank, promotionKinds);
        }
        while (men != 0) {
            int from = Long.numberOfTrailingZeros(men);
            men &= men - 1;
            int code = cells[from];
            long to = targets(code, from, occ, own);
            if ((pinned & 1L << from) != 0) {
                to &= pinLine[from];
            }
            if (code == pawn && (to & promotionRank) != 0) {
                n += Long.bitCount(to & ~promotionRank) + Long.bitCount(to & promotionRank) * promotionKinds;
            } else {
                n += Long.bitCount(to);
            }
        }
        long kingTo = targets(cells[king], king, occ, own);
        long without = occ & ~(1L << king);
        while (kingTo != 0) {
            int to = Long.numberOfTrailingZeros(kingTo);
            kingTo &= kingTo - 1;
            if (!attacked(to, opp, without)) {
                n++;
            }
        }
        int[] special = scratch;
        int s = castlings(special, enPassant(special, 0, occ), me);
        for (int i = 0; i < s; i++) {
            n += isLegal(special[i]) ? 1 : 0;
        }
        return n;
    }

    /** How many moves the side's pawns on {@code pawns} have (none of them pinned), each shift of the set counted on its own. */
    private int pawnMoves(int me, long pawns, long occ, long promotionRank, int promotionKinds) {
        long empty = ~occ;
        long enemy = occupied[1 - me];
        long single;
        long twice;
        long left;
        long right;
        if (me == 0) {
            single = pawns << 8 & empty;
            twice = (pawns & t.doubleStepFrom[0]) << 8 & empty;
            twice = twice << 8 & empty;
            left = (pawns & ~FILE_A) << 7 & enemy;
            right = (pawns & ~FILE_H) << 9 & enemy;
        } else {
            single = pawns >>> 8 & empty;
            twice = (pawns & t.doubleStepFrom[1]) >>> 8 & empty;
            twice = twice >>> 8 & empty;
            left = (pawns & ~FILE_A) >>> 9 & enemy;
            right = (pawns & ~FILE_H) >>> 7 & enemy;
        }
        if (((single | twice | left | right) & promotionRank) == 0) {
            return Long.bitCount(single) + Long.bitCount(twice) + Long.bitCount(left) + Long.bitCount(right);
        }
        long rest = ~promotionRank;
        return Long.bitCount(single & rest) + Long.bitCount(twice & rest) + Long.bitCount(left & rest) + Long.bitCount(right & rest)
                + (Long.bitCount(single & promotionRank) + Long.bitCount(twice & promotionRank) + Long.bitCount(left & promotionRank)
                + Long.bitCount(right & promotionRank)) * promotionKinds;
    }

    private static final long FILE_A = 0x0101010101010101L;
    private static final long FILE_H = FILE_A << 7;

    private int legalByMaking(int[] out) {
        int n = pseudoLegal(out);
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (isLegal(out[i])) {
                out[kept++] = out[i];
            }
        }
        return kept;
    }

    private boolean isLegal(int move) {
        int me = toMove;
        make(move);
        boolean legal = !inCheck(me);
        unmake();
        return legal;
    }

    /** The legal moves of the side to move, written into {@code out}. */
    private int legal(int[] out) {
        int me = toMove;
        int opp = 1 - me;
        if (t.hasOddAttacks[opp] || inCheck(me)) {
            return legalByMaking(out);
        }
        long occ = occupied[0] | occupied[1];
        long own = occupied[me];
        long pinned = pins(me);
        int king = kings[me];
        long without = occ & ~(1L << king);
        int n = 0;
        long men = own;
        while (men != 0) {
            int from = Long.numberOfTrailingZeros(men);
            men &= men - 1;
            int code = cells[from];
            long to = targets(code, from, occ, own);
            if (from == king) {
                long safe = 0;
                for (long k = to; k != 0; k &= k - 1) {
                    int sq = Long.numberOfTrailingZeros(k);
                    if (!attacked(sq, opp, without)) {
                        safe |= 1L << sq;
                    }
                }
                to = safe;
            } else if ((pinned & 1L << from) != 0) {
                to &= pinLine[from];
            }
            n = write(out, n, code, from, to, occ);
        }
        int s = castlings(scratch, enPassant(scratch, 0, occ), me);
        for (int i = 0; i < s; i++) {
            if (isLegal(scratch[i])) {
                out[n++] = scratch[i];
            }
        }
        return n;
    }

    /** Every pseudo-legal move, as {@link MoveGenerator#pseudoLegal} has them (in another order). */
    private int pseudoLegal(int[] out) {
        long occ = occupied[0] | occupied[1];
        long own = occupied[toMove];
        int n = 0;
        for (long men = own; men != 0; men &= men - 1) {
            int from = Long.numberOfTrailingZeros(men);
            int code = cells[from];
            n = write(out, n, code, from, targets(code, from, occ, own), occ);
        }
        return castlings(out, enPassant(out, n, occ), toMove);
    }

    private int write(int[] out, int n, int code, int from, long to, long occ) {
        if (Ruleset.typeOf(code) != 1) {
            for (; to != 0; to &= to - 1) {
                out[n++] = Moves.encode(from, Long.numberOfTrailingZeros(to), Moves.NORMAL, 0, 0);
            }
            return n;
        }
        int[] kinds = t.promotions[toMove];
        long promotionRank = kinds.length > 0 ? t.promotionRank[toMove] : 0;
        for (; to != 0; to &= to - 1) {
            int sq = Long.numberOfTrailingZeros(to);
            if ((promotionRank & 1L << sq) != 0) {
                for (int kind : kinds) {
                    out[n++] = Moves.encode(from, sq, Moves.PROMOTION, kind, 0);
                }
            } else {
                boolean doubleStep = (occ & 1L << sq) == 0 && Math.abs(sq - from) == 16;
                out[n++] = Moves.encode(from, sq, doubleStep ? Moves.DOUBLE_STEP : Moves.NORMAL, 0, 0);
            }
        }
        return n;
    }

    /** The en-passant captures onto the chance's square, by a pawn's capture-only first step as the generator has them. */
    private int enPassant(int[] out, int n, long occ) {
        if (epTarget < 0 || (occ & 1L << epTarget) != 0) {
            return n;
        }
        int victim = cells[epPawn];
        if (victim == 0 || Ruleset.typeOf(victim) != 1 || Ruleset.sideIndex(victim) == toMove) {
            return n;
        }
        int pawn = Ruleset.code(1, SIDES[toMove]);
        for (long men = pieces[pawn] & t.enPassantFrom[toMove][epTarget]; men != 0; men &= men - 1) {
            int from = Long.numberOfTrailingZeros(men);
            for (MoveTables.Ray ray : t.tables.rays[pawn][from]) {
                if (ray.squares()[0] == epTarget && ray.mode() == MoveTables.CAPTURE && allEmpty(ray.mustBeEmpty())) {
                    out[n++] = Moves.encode(from, epTarget, Moves.EN_PASSANT, 0, 0);
                }
            }
        }
        return n;
    }

    private boolean allEmpty(int[] squares) {
        for (int sq : squares) {
            if (cells[sq] != 0) {
                return false;
            }
        }
        return true;
    }

    /** Castlings as {@link MoveGenerator} has them: rights, men in place, the way empty, no check on the king's path. */
    private int castlings(int[] out, int n, int me) {
        if (castlingRights == 0) {
            return n;
        }
        long occ = occupied[0] | occupied[1];
        boolean checked = false;
        for (int i = 0; i < t.castlings.length; i++) {
            if ((castlingRights & 1L << i) == 0) {
                continue;
            }
            Castling c = t.castlings[i];
            if (t.castlingSide[i] != me || cells[c.kingFrom()] != t.kingCode[me]
                    || cells[c.rookFrom()] != t.cornerCode[me] || (occ & t.castlingEmpty[i]) != 0) {
                continue;
            }
            if (!checked) {
                if (inCheck(me)) {
                    return n;
                }
                checked = true;
            }
            int step = c.kingTo() > c.kingFrom() ? 1 : -1;
            boolean safe = true;
            for (int sq = c.kingFrom() + step; safe; sq += step) {
                safe = !attacked(sq, 1 - me, occ);
                if (sq == c.kingTo()) {
                    break;
                }
            }
            if (safe) {
                out[n++] = Moves.encode(c.kingFrom(), c.kingTo(), Moves.CASTLING, 0, i);
            }
        }
        return n;
    }

    private void make(int move) {
        int from = Moves.from(move);
        int to = Moves.to(move);
        int kind = Moves.kind(move);
        int piece = cells[from];
        int me = toMove;
        undoMove[ply] = move;
        undoRights[ply] = castlingRights;
        undoEpTarget[ply] = epTarget;
        undoEpPawn[ply] = epPawn;
        int captured = 0;
        int capturedAt = -1;
        if (kind == Moves.CASTLING) {
            Castling c = t.castlings[Moves.castling(move)];
            int rook = cells[c.rookFrom()];
            lift(c.kingFrom(), piece);
            lift(c.rookFrom(), rook);
            put(c.kingTo(), piece);
            put(c.rookTo(), rook);
            kings[me] = c.kingTo();
        } else {
            capturedAt = kind == Moves.EN_PASSANT ? epPawn : to;
            captured = cells[capturedAt];
            if (captured != 0) {
                lift(capturedAt, captured);
            }
            lift(from, piece);
            put(to, kind == Moves.PROMOTION ? Ruleset.code(Moves.promotion(move), SIDES[me]) : piece);
            if (Ruleset.typeOf(piece) == 0) {
                kings[me] = to;
            }
        }
        undoCaptured[ply] = captured;
        undoCapturedAt[ply] = capturedAt;
        castlingRights &= ~(t.rightsMask[from] | t.rightsMask[to]);
        if (kind == Moves.DOUBLE_STEP) {
            epTarget = (from + to) / 2;
            epPawn = to;
        } else {
            epTarget = -1;
            epPawn = -1;
        }
        toMove = 1 - me;
        ply++;
    }

    private void unmake() {
        ply--;
        int move = undoMove[ply];
        castlingRights = undoRights[ply];
        epTarget = undoEpTarget[ply];
        epPawn = undoEpPawn[ply];
        int me = 1 - toMove;
        toMove = me;
        int from = Moves.from(move);
        int to = Moves.to(move);
        int kind = Moves.kind(move);
        if (kind == Moves.CASTLING) {
            Castling c = t.castlings[Moves.castling(move)];
            int king = cells[c.kingTo()];
            int rook = cells[c.rookTo()];
            lift(c.kingTo(), king);
            lift(c.rookTo(), rook);
            put(c.kingFrom(), king);
            put(c.rookFrom(), rook);
            kings[me] = c.kingFrom();
            return;
        }
        int piece = cells[to];
        lift(to, piece);
        if (kind == Moves.PROMOTION) {
            piece = t.rules.pawnCode(SIDES[me]);
        }
        put(from, piece);
        int captured = undoCaptured[ply];
        if (captured != 0) {
            put(undoCapturedAt[ply], captured);
        }
        if (Ruleset.typeOf(piece) == 0) {
            kings[me] = from;
        }
    }
}
