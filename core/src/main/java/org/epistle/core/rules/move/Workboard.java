package org.epistle.core.rules.move;

import java.util.Arrays;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.variant.Castling;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.TwoSquareCheck;

/**
 * The engine's mutable board: pieces, castling rights, en-passant chances and the move clock,
 * with make and unmake for search. Values outside the engine are {@code Position}s; a workboard
 * is made from one, searched, and thrown away.
 *
 * <p>En-passant chances are kept as a list because a Marseillais turn can leave two; each
 * names the square passed over, the pawn that may be taken and the side that may take it. A
 * chance lasts until the end of the taker's next turn.
 */
public final class Workboard {
    static final int MAX_EP = 8;

    final Ruleset rules;
    final MoveTables tables;
    final int[] cells;
    final int[] kings = {-1, -1};
    Side toMove;
    int castlingRights;
    final int[] epTarget = new int[MAX_EP];
    final int[] epPawn = new int[MAX_EP];
    final int[] epTaker = new int[MAX_EP];
    int epCount;
    int halfmoveClock;

    /** Made on the first move: many boards only answer questions (attacks, the moves there are) and never make one. */
    private int[] undo = new int[0];
    private int undoTop;

    public Workboard(Ruleset rules, int[] cells, Side toMove, int castlingRights, int[][] enPassant, int halfmoveClock) {
        this.rules = rules;
        this.tables = Tables.of(rules);
        this.cells = cells.clone();
        this.toMove = toMove;
        this.castlingRights = castlingRights;
        for (int[] ep : enPassant) {
            epTarget[epCount] = ep[0];
            epPawn[epCount] = ep[1];
            epTaker[epCount] = ep[2];
            epCount++;
        }
        this.halfmoveClock = halfmoveClock;
        for (int sq = 0; sq < cells.length; sq++) {
            int c = cells[sq];
            if (c != 0 && Ruleset.typeOf(c) == 0) {
                kings[Ruleset.sideIndex(c)] = sq;
            }
        }
    }

    public Ruleset rules() {
        return rules;
    }

    /**
     * Hands the move to {@code side} without a move being made: for searches that ask what the other
     * side could do next from this very board (Momentum Chess's check). Hand it back when done.
     */
    public void passTo(Side side) {
        toMove = side;
    }

    public Side toMove() {
        return toMove;
    }

    public int cell(int square) {
        return cells[square];
    }

    public int[] cells() {
        return cells.clone();
    }

    public int castlingRights() {
        return castlingRights;
    }

    public int halfmoveClock() {
        return halfmoveClock;
    }

    public int kingSquare(Side side) {
        return kings[side.ordinal()];
    }

    /** The live en-passant chances as {target, pawn, taker side} triples. */
    public int[][] enPassant() {
        int[][] out = new int[epCount][];
        for (int i = 0; i < epCount; i++) {
            out[i] = new int[] {epTarget[i], epPawn[i], epTaker[i]};
        }
        return out;
    }

    public boolean isAttacked(int square, Side by) {
        int s = by.ordinal();
        int[][] rays = tables.attackRays[s][square];
        int[][] range = tables.attackRange[s];
        for (int d = 0; d < rays.length; d++) {
            int[] ray = rays[d];
            for (int k = 0; k < ray.length; k++) {
                int c = cells[ray[k]];
                if (c != 0) {
                    if (range[d][c] > k) {
                        return true;
                    }
                    break;
                }
            }
        }
        for (MoveTables.OddAttack odd : tables.oddAttacks[s][square]) {
            if (cells[odd.origin()] == odd.code() && allEmpty(odd.mustBeEmpty())) {
                return true;
            }
        }
        return false;
    }

    /** The square of some piece of {@code by} that attacks the square, or -1. */
    public int attackerOf(int square, Side by) {
        int s = by.ordinal();
        int[][] rays = tables.attackRays[s][square];
        int[][] range = tables.attackRange[s];
        for (int d = 0; d < rays.length; d++) {
            int[] ray = rays[d];
            for (int k = 0; k < ray.length; k++) {
                int c = cells[ray[k]];
                if (c != 0) {
                    if (range[d][c] > k) {
                        return ray[k];
                    }
                    break;
                }
            }
        }
        for (MoveTables.OddAttack odd : tables.oddAttacks[s][square]) {
            if (cells[odd.origin()] == odd.code() && allEmpty(odd.mustBeEmpty())) {
                return odd.origin();
            }
        }
        return -1;
    }

    /**
     * The square of a man of {@code by} that would check a king of the other side standing on the
     * square, or -1: an attacker, or in a variant whose king checks from two squares away, that king.
     */
    public int checkerOf(int square, Side by) {
        int attacker = attackerOf(square, by);
        if (attacker >= 0) {
            return attacker;
        }
        TwoSquareCheck reach = tables.twoSquareCheck[by.ordinal()];
        int king = kings[by.ordinal()];
        if (reach != null && king >= 0 && reach.checks(rules.geometry(), king, square, sq -> cells[sq])) {
            return king;
        }
        return -1;
    }

    /** Whether the opponent of {@code side} has a king that checks from two squares away. */
    boolean facesTwoSquareCheck(Side side) {
        return tables.twoSquareCheck[side.opponent().ordinal()] != null;
    }

    boolean allEmpty(int[] squares) {
        for (int sq : squares) {
            if (cells[sq] != 0) {
                return false;
            }
        }
        return true;
    }

    public boolean inCheck(Side side) {
        int k = kings[side.ordinal()];
        return k >= 0 && checkerOf(k, side.opponent()) >= 0;
    }

    /**
     * Plays a move for the side to move. When {@code endsTurn} the other side is to move next and
     * the en-passant chances the mover had are gone.
     */
    public void make(int move, boolean endsTurn) {
        int from = Moves.from(move);
        int to = Moves.to(move);
        int kind = Moves.kind(move);
        int piece = cells[from];
        int side = Ruleset.sideIndex(piece);
        ensureUndo();
        int base = undoTop;
        undo[undoTop++] = move;
        undo[undoTop++] = castlingRights;
        undo[undoTop++] = halfmoveClock;
        undo[undoTop++] = toMove.ordinal();
        undo[undoTop++] = epCount;
        for (int i = 0; i < epCount; i++) {
            undo[undoTop++] = epTarget[i];
            undo[undoTop++] = epPawn[i];
            undo[undoTop++] = epTaker[i];
        }
        int captured;
        int capturedAt;
        if (kind == Moves.CASTLING) {
            Castling c = rules.castling(Moves.castling(move));
            int rook = cells[c.rookFrom()];
            cells[c.kingFrom()] = 0;
            cells[c.rookFrom()] = 0;
            cells[c.kingTo()] = piece;
            cells[c.rookTo()] = rook;
            kings[side] = c.kingTo();
            captured = 0;
            capturedAt = -1;
        } else {
            if (kind == Moves.EN_PASSANT) {
                capturedAt = epPawnFor(to);
            } else {
                capturedAt = to;
            }
            captured = cells[capturedAt];
            cells[capturedAt] = 0;
            cells[from] = 0;
            cells[to] = kind == Moves.PROMOTION ? Ruleset.code(Moves.promotion(move), toMove) : piece;
            if (Ruleset.typeOf(piece) == 0) {
                kings[side] = to;
            }
            if (captured != 0 && Ruleset.typeOf(captured) == 0) {
                kings[Ruleset.sideIndex(captured)] = -1;
            }
        }
        undo[undoTop++] = captured;
        undo[undoTop++] = capturedAt;
        undo[undoTop++] = base;
        halfmoveClock = captured != 0 || Ruleset.typeOf(piece) == 1 ? 0 : halfmoveClock + 1;
        castlingRights &= ~(tables.rightsMask[from] | tables.rightsMask[to]);
        // chances on pawns that have since moved or been taken die with them
        dropEnPassant(from, capturedAt, endsTurn ? side : -1);
        if (kind == Moves.DOUBLE_STEP) {
            addEnPassant(from, to, side);
        }
        if (endsTurn) {
            toMove = toMove.opponent();
        }
    }

    /**
     * Makes several moves at once for the side to move, each as it stood on the board before any of
     * them (a Realm Chess turn): every man is lifted first, then all are set down, so men may swap
     * squares. None of them captures; the caller has made sure the squares they go to are free at
     * the end. Castling rights of the squares left or reached are lost, en-passant chances on pawns
     * that moved are gone and each double step leaves one. The move clock restarts when
     * {@code restartsClock}. Not undone by {@link #unmake()}: make it on a board of its own.
     */
    public void makeTogether(int[] moves, boolean restartsClock) {
        int side = toMove.ordinal();
        int[] men = new int[moves.length];
        for (int i = 0; i < moves.length; i++) {
            men[i] = cells[Moves.from(moves[i])];
            cells[Moves.from(moves[i])] = 0;
        }
        for (int i = 0; i < moves.length; i++) {
            int from = Moves.from(moves[i]);
            int to = Moves.to(moves[i]);
            cells[to] = Moves.kind(moves[i]) == Moves.PROMOTION ? Ruleset.code(Moves.promotion(moves[i]), toMove) : men[i];
            if (Ruleset.typeOf(men[i]) == 0) {
                kings[side] = to;
            }
            castlingRights &= ~(tables.rightsMask[from] | tables.rightsMask[to]);
        }
        for (int m : moves) {
            dropEnPassant(Moves.from(m), -1, -1);
        }
        for (int m : moves) {
            if (Moves.kind(m) == Moves.DOUBLE_STEP) {
                addEnPassant(Moves.from(m), Moves.to(m), side);
            }
        }
        halfmoveClock = restartsClock ? 0 : halfmoveClock + 1;
    }

    /**
     * Drops the en-passant chances on a pawn that stood on {@code pawn} or {@code alsoPawn} (it has moved or
     * been taken) and, unless {@code taker} is -1, every chance that side had and let pass.
     */
    private void dropEnPassant(int pawn, int alsoPawn, int taker) {
        int n = 0;
        for (int i = 0; i < epCount; i++) {
            if (epPawn[i] != pawn && epPawn[i] != alsoPawn && epTaker[i] != taker) {
                epTarget[n] = epTarget[i];
                epPawn[n] = epPawn[i];
                epTaker[n] = epTaker[i];
                n++;
            }
        }
        epCount = n;
    }

    /** The chance a double step from {@code from} to {@code to} gives the other side, while there is room for one. */
    private void addEnPassant(int from, int to, int side) {
        if (epCount < MAX_EP) {
            epTarget[epCount] = (from + to) / 2;
            epPawn[epCount] = to;
            epTaker[epCount] = 1 - side;
            epCount++;
        }
    }

    public void unmake() {
        int base = undo[--undoTop];
        int capturedAt = undo[--undoTop];
        int captured = undo[--undoTop];
        int p = base;
        int move = undo[p++];
        castlingRights = undo[p++];
        halfmoveClock = undo[p++];
        toMove = Side.values()[undo[p++]];
        epCount = undo[p++];
        for (int i = 0; i < epCount; i++) {
            epTarget[i] = undo[p++];
            epPawn[i] = undo[p++];
            epTaker[i] = undo[p++];
        }
        undoTop = base;
        int from = Moves.from(move);
        int to = Moves.to(move);
        int kind = Moves.kind(move);
        if (kind == Moves.CASTLING) {
            Castling c = rules.castling(Moves.castling(move));
            int king = cells[c.kingTo()];
            int rook = cells[c.rookTo()];
            cells[c.kingTo()] = 0;
            cells[c.rookTo()] = 0;
            cells[c.kingFrom()] = king;
            cells[c.rookFrom()] = rook;
            kings[Ruleset.sideIndex(king)] = c.kingFrom();
            return;
        }
        int piece = cells[to];
        if (kind == Moves.PROMOTION) {
            piece = rules.pawnCode(Ruleset.sideOf(piece));
        }
        cells[to] = 0;
        cells[from] = piece;
        cells[capturedAt] = captured;
        if (Ruleset.typeOf(piece) == 0) {
            kings[Ruleset.sideIndex(piece)] = from;
        }
        if (captured != 0 && Ruleset.typeOf(captured) == 0) {
            kings[Ruleset.sideIndex(captured)] = capturedAt;
        }
    }

    int epPawnFor(int target) {
        for (int i = 0; i < epCount; i++) {
            if (epTarget[i] == target && epTaker[i] == toMove.ordinal()) {
                return epPawn[i];
            }
        }
        throw new IllegalStateException("no en-passant chance on square " + target);
    }

    /**
     * Room for one more move's undo record (at most {@value #UNDO_RECORD} ints). A board is made for each legality check
     * and answers at most a few moves deep, so it starts with room for a few and doubles when a search goes deeper: a
     * first stack of 1,024 ints was a quarter of everything a game page allocated while its turns were replayed.
     */
    private void ensureUndo() {
        if (undoTop + UNDO_RECORD > undo.length) {
            undo = Arrays.copyOf(undo, Math.max(4 * UNDO_RECORD, undo.length * 2));
        }
    }

    /** The largest undo record of one move: five fields, three per en-passant chance, and the capture's three. */
    private static final int UNDO_RECORD = 5 + 3 * MAX_EP + 3;
}
