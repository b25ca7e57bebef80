package org.epistle.core.rules.reference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A deliberately simple, slow, immutable chess position for the reference generator.
 *
 * <p>Board: {@code char[64]}, {@code index = rank * 8 + file} (a1 = 0, h1 = 7, a8 = 56),
 * {@code '.'} = empty, uppercase = White, lowercase = Black, letters as in {@link RefPiece}.
 * Moves are applied by copying ({@link #play}), never undone.
 *
 * <p>Rules: FIDE rules with arbitrary leaper/slider pieces. Legality = own king not attacked
 * after the move. Castling with whatever piece stands on the corner; long castling with a
 * colorbound corner piece puts the king on the b-file and the corner piece on the c-file.
 */
public final class RefPosition {

    /** FIDE promotion choices (used by {@link #fromFen(String)}). */
    public static final List<RefPiece> FIDE_PROMOTIONS =
            List.of(RefPiece.QUEEN, RefPiece.ROOK, RefPiece.BISHOP, RefPiece.KNIGHT);

    private static final int A1 = 0, H1 = 7, A8 = 56, H8 = 63;

    private final char[] board;
    private final boolean whiteToMove;
    /** Castling rights: White king side, White queen side, Black king side, Black queen side. */
    private final boolean wk, wq, bk, bq;
    /** En-passant target square (the square skipped by the double push) or -1. */
    private final int ep;
    private final List<RefPiece> promotions;

    private RefPosition(char[] board, boolean whiteToMove, boolean wk, boolean wq, boolean bk, boolean bq,
                        int ep, List<RefPiece> promotions) {
        this.board = board;
        this.whiteToMove = whiteToMove;
        this.wk = wk;
        this.wq = wq;
        this.bk = bk;
        this.bq = bq;
        this.ep = ep;
        this.promotions = promotions;
    }

    // ------------------------------------------------------------------ construction

    /** Reads a FEN with FIDE promotions (Q, R, B, N). */
    public static RefPosition fromFen(String fen) {
        return fromFen(fen, FIDE_PROMOTIONS);
    }

    /**
     * Reads the first four FEN fields (placement, side, castling, en passant); the move
     * counters are optional and ignored. Piece letters as in {@link RefPiece}.
     */
    public static RefPosition fromFen(String fen, List<RefPiece> promotions) {
        String[] f = fen.trim().split("\\s+");
        if (f.length < 2) {
            throw new IllegalArgumentException("FEN needs at least placement and side: " + fen);
        }
        char[] b = new char[64];
        Arrays.fill(b, '.');
        String[] ranks = f[0].split("/");
        if (ranks.length != 8) {
            throw new IllegalArgumentException("FEN needs 8 ranks: " + fen);
        }
        for (int i = 0; i < 8; i++) {
            int rank = 7 - i;
            int file = 0;
            for (char c : ranks[i].toCharArray()) {
                if (c >= '1' && c <= '8') {
                    file += c - '0';
                } else {
                    RefPiece.ofLetter(c); // validates the letter
                    if (file > 7) {
                        throw new IllegalArgumentException("rank too long: " + ranks[i]);
                    }
                    b[rank * 8 + file] = c;
                    file++;
                }
            }
            if (file != 8) {
                throw new IllegalArgumentException("rank not 8 wide: " + ranks[i]);
            }
        }
        boolean white;
        switch (f[1]) {
            case "w" -> white = true;
            case "b" -> white = false;
            default -> throw new IllegalArgumentException("bad side " + f[1]);
        }
        String c = f.length > 2 ? f[2] : "-";
        if (!c.equals("-") && !c.matches("K?Q?k?q?")) {
            throw new IllegalArgumentException("bad castling field " + c);
        }
        int ep = -1;
        if (f.length > 3 && !f[3].equals("-")) {
            ep = RefMove.square(f[3]);
        }
        return new RefPosition(b, white, c.contains("K"), c.contains("Q"), c.contains("k"), c.contains("q"),
                ep, List.copyOf(promotions));
    }

    /** The start array of a white army against a black army, White to move, all castling rights. */
    public static RefPosition startPosition(String whiteArmy, String blackArmy) {
        char[] b = new char[64];
        Arrays.fill(b, '.');
        RefPiece[] w = RefArmies.backRank(whiteArmy);
        RefPiece[] k = RefArmies.backRank(blackArmy);
        for (int file = 0; file < 8; file++) {
            b[file] = w[file].letter();
            b[8 + file] = 'P';
            b[48 + file] = 'p';
            b[56 + file] = Character.toLowerCase(k[file].letter());
        }
        return new RefPosition(b, true, true, true, true, true, -1,
                RefArmies.promotions(whiteArmy, blackArmy));
    }

    // ------------------------------------------------------------------ accessors

    public boolean whiteToMove() {
        return whiteToMove;
    }

    /** The FEN letter on a square, or '.' when empty. */
    public char at(int square) {
        return board[square];
    }

    public List<RefPiece> promotions() {
        return promotions;
    }

    /** Placement, side, castling and en-passant fields in the reference letters. */
    public String fen() {
        StringBuilder s = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                char c = board[rank * 8 + file];
                if (c == '.') {
                    empty++;
                } else {
                    if (empty > 0) {
                        s.append(empty);
                        empty = 0;
                    }
                    s.append(c);
                }
            }
            if (empty > 0) {
                s.append(empty);
            }
            if (rank > 0) {
                s.append('/');
            }
        }
        s.append(whiteToMove ? " w " : " b ");
        String c = (wk ? "K" : "") + (wq ? "Q" : "") + (bk ? "k" : "") + (bq ? "q" : "");
        s.append(c.isEmpty() ? "-" : c);
        s.append(' ').append(ep < 0 ? "-" : RefMove.square(ep));
        return s.toString();
    }

    @Override
    public String toString() {
        return fen();
    }

    // ------------------------------------------------------------------ helpers

    private static boolean isWhite(char c) {
        return c >= 'A' && c <= 'Z';
    }

    private static boolean isBlack(char c) {
        return c >= 'a' && c <= 'z';
    }

    private static boolean isOwn(char c, boolean white) {
        return white ? isWhite(c) : isBlack(c);
    }

    private static boolean isEnemy(char c, boolean white) {
        return white ? isBlack(c) : isWhite(c);
    }

    private static boolean onBoard(int file, int rank) {
        return file >= 0 && file < 8 && rank >= 0 && rank < 8;
    }

    /**
     * Every square a non-pawn piece on {@code from} can move to or capture on, following its
     * step list (rotated 180 degrees for Black). Duplicates (two steps reaching the same
     * square) are reported once. Squares holding own pieces are excluded.
     */
    private boolean[] pieceTargets(int from) {
        char c = board[from];
        boolean white = isWhite(c);
        RefPiece kind = RefPiece.ofLetter(c);
        int sign = white ? 1 : -1;
        boolean[] targets = new boolean[64];
        int file0 = from % 8;
        int rank0 = from / 8;
        for (RefStep st : kind.steps()) {
            int dx = st.dx() * sign;
            int dy = st.dy() * sign;
            for (int n = 1; n <= st.maxRange(); n++) {
                int file = file0 + dx * n;
                int rank = rank0 + dy * n;
                if (!onBoard(file, rank)) {
                    break;
                }
                int to = rank * 8 + file;
                char t = board[to];
                if (isOwn(t, white)) {
                    break;
                }
                targets[to] = true;
                if (t != '.') {
                    break; // captured: a slide stops here
                }
                // leaps have maxRange 1, so the loop ends by itself
            }
        }
        return targets;
    }

    /** Whether {@code square} is attacked by any piece of the given colour. */
    public boolean isAttacked(int square, boolean byWhite) {
        for (int from = 0; from < 64; from++) {
            char c = board[from];
            if (c == '.' || isWhite(c) != byWhite) {
                continue;
            }
            RefPiece kind = RefPiece.ofLetter(c);
            if (kind == RefPiece.PAWN) {
                int dy = byWhite ? 1 : -1;
                int file = from % 8;
                int rank = from / 8 + dy;
                for (int dx = -1; dx <= 1; dx += 2) {
                    if (onBoard(file + dx, rank) && rank * 8 + file + dx == square) {
                        return true;
                    }
                }
            } else {
                // own pieces block and are never targets, so look at the step list directly
                if (reaches(from, square)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the piece on {@code from} attacks {@code square} (whatever stands there). */
    private boolean reaches(int from, int square) {
        char c = board[from];
        int sign = isWhite(c) ? 1 : -1;
        RefPiece kind = RefPiece.ofLetter(c);
        int file0 = from % 8;
        int rank0 = from / 8;
        for (RefStep st : kind.steps()) {
            int dx = st.dx() * sign;
            int dy = st.dy() * sign;
            for (int n = 1; n <= st.maxRange(); n++) {
                int file = file0 + dx * n;
                int rank = rank0 + dy * n;
                if (!onBoard(file, rank)) {
                    break;
                }
                int to = rank * 8 + file;
                if (to == square) {
                    return true;
                }
                if (board[to] != '.') {
                    break;
                }
            }
        }
        return false;
    }

    private int kingSquare(boolean white) {
        char k = white ? 'K' : 'k';
        for (int s = 0; s < 64; s++) {
            if (board[s] == k) {
                return s;
            }
        }
        throw new IllegalStateException("no " + (white ? "white" : "black") + " king in " + fen());
    }

    /** Whether the side to move is in check. */
    public boolean inCheck() {
        return isAttacked(kingSquare(whiteToMove), !whiteToMove);
    }

    // ------------------------------------------------------------------ move generation

    /** All pseudo-legal moves (own king may be left attacked; castling already checked). */
    public List<RefMove> pseudoLegalMoves() {
        List<RefMove> moves = new ArrayList<>();
        boolean white = whiteToMove;
        for (int from = 0; from < 64; from++) {
            char c = board[from];
            if (!isOwn(c, white)) {
                continue;
            }
            RefPiece kind = RefPiece.ofLetter(c);
            if (kind == RefPiece.PAWN) {
                addPawnMoves(from, moves);
            } else {
                boolean[] t = pieceTargets(from);
                for (int to = 0; to < 64; to++) {
                    if (t[to]) {
                        moves.add(RefMove.normal(from, to));
                    }
                }
            }
        }
        addCastling(moves);
        return moves;
    }

    private void addPawnMoves(int from, List<RefMove> moves) {
        boolean white = whiteToMove;
        int dy = white ? 1 : -1;
        int file = from % 8;
        int rank = from / 8;
        int startRank = white ? 1 : 6;
        int lastRank = white ? 7 : 0;
        // single push (move only)
        int r1 = rank + dy;
        if (onBoard(file, r1) && board[r1 * 8 + file] == '.') {
            addPawnMove(from, r1 * 8 + file, RefMove.Type.NORMAL, r1 == lastRank, moves);
            // double push from the pawn's 2nd rank, both squares empty
            int r2 = rank + 2 * dy;
            if (rank == startRank && board[r2 * 8 + file] == '.') {
                moves.add(new RefMove(from, r2 * 8 + file, null, RefMove.Type.DOUBLE_PUSH, -1, -1));
            }
        }
        // diagonal captures (capture only) and en passant
        for (int dx = -1; dx <= 1; dx += 2) {
            int f = file + dx;
            if (!onBoard(f, r1)) {
                continue;
            }
            int to = r1 * 8 + f;
            if (isEnemy(board[to], white)) {
                addPawnMove(from, to, RefMove.Type.NORMAL, r1 == lastRank, moves);
            } else if (to == ep && board[to] == '.') {
                int victim = rank * 8 + f;
                if (board[victim] == (white ? 'p' : 'P')) {
                    moves.add(new RefMove(from, to, null, RefMove.Type.EN_PASSANT, -1, -1));
                }
            }
        }
    }

    private void addPawnMove(int from, int to, RefMove.Type type, boolean promotes, List<RefMove> moves) {
        if (promotes) {
            for (RefPiece p : promotions) {
                moves.add(new RefMove(from, to, p, type, -1, -1));
            }
        } else {
            moves.add(new RefMove(from, to, null, type, -1, -1));
        }
    }

    private void addCastling(List<RefMove> moves) {
        boolean white = whiteToMove;
        int base = white ? 0 : 56;
        int kingSq = base + 4;
        if (board[kingSq] != (white ? 'K' : 'k')) {
            return;
        }
        boolean shortRight = white ? wk : bk;
        boolean longRight = white ? wq : bq;
        if (!shortRight && !longRight) {
            return;
        }
        boolean enemy = !white;
        if (isAttacked(kingSq, enemy)) {
            return; // no castling out of check
        }
        // short: king e->g, corner h->f; f and g empty; f and g not attacked
        if (shortRight && isCornerPiece(base + 7, white)
                && board[base + 5] == '.' && board[base + 6] == '.'
                && !isAttacked(base + 5, enemy) && !isAttacked(base + 6, enemy)) {
            moves.add(new RefMove(kingSq, base + 6, null, RefMove.Type.CASTLE, base + 7, base + 5));
        }
        // long: b, c, d empty
        if (longRight && isCornerPiece(base, white)
                && board[base + 1] == '.' && board[base + 2] == '.' && board[base + 3] == '.') {
            boolean colorbound = RefPiece.ofLetter(board[base]).colorbound();
            if (colorbound) {
                // king e->b (crossing d, c), corner a->c
                if (!isAttacked(base + 3, enemy) && !isAttacked(base + 2, enemy) && !isAttacked(base + 1, enemy)) {
                    moves.add(new RefMove(kingSq, base + 1, null, RefMove.Type.CASTLE, base, base + 2));
                }
            } else {
                // king e->c (crossing d), corner a->d
                if (!isAttacked(base + 3, enemy) && !isAttacked(base + 2, enemy)) {
                    moves.add(new RefMove(kingSq, base + 2, null, RefMove.Type.CASTLE, base, base + 3));
                }
            }
        }
    }

    /** An own piece that is neither king nor pawn. */
    private boolean isCornerPiece(int sq, boolean white) {
        char c = board[sq];
        if (!isOwn(c, white)) {
            return false;
        }
        RefPiece p = RefPiece.ofLetter(c);
        return p != RefPiece.KING && p != RefPiece.PAWN;
    }

    /** All legal moves: pseudo-legal moves after which the mover's king is not attacked. */
    public List<RefMove> legalMoves() {
        List<RefMove> legal = new ArrayList<>();
        for (RefMove m : pseudoLegalMoves()) {
            RefPosition next = play(m);
            if (!next.isAttacked(next.kingSquare(whiteToMove), !whiteToMove)) {
                legal.add(m);
            }
        }
        return legal;
    }

    // ------------------------------------------------------------------ making moves

    /** The position after a (pseudo-legal) move. This position is not changed. */
    public RefPosition play(RefMove m) {
        char[] b = board.clone();
        boolean white = whiteToMove;
        char mover = b[m.from()];
        int newEp = -1;
        switch (m.type()) {
            case CASTLE -> {
                char corner = b[m.cornerFrom()];
                b[m.from()] = '.';
                b[m.cornerFrom()] = '.';
                b[m.to()] = mover;
                b[m.cornerTo()] = corner;
            }
            case EN_PASSANT -> {
                b[m.from()] = '.';
                b[m.to()] = mover;
                b[(m.from() / 8) * 8 + m.to() % 8] = '.';
            }
            case DOUBLE_PUSH -> {
                b[m.from()] = '.';
                b[m.to()] = mover;
                newEp = (m.from() + m.to()) / 2;
            }
            case NORMAL -> {
                b[m.from()] = '.';
                if (m.promotion() != null) {
                    char l = m.promotion().letter();
                    b[m.to()] = white ? l : Character.toLowerCase(l);
                } else {
                    b[m.to()] = mover;
                }
            }
            default -> throw new IllegalStateException();
        }
        boolean nwk = wk, nwq = wq, nbk = bk, nbq = bq;
        if (mover == 'K') {
            nwk = false;
            nwq = false;
        }
        if (mover == 'k') {
            nbk = false;
            nbq = false;
        }
        for (int sq : new int[] {m.from(), m.to()}) {
            if (sq == H1) {
                nwk = false;
            }
            if (sq == A1) {
                nwq = false;
            }
            if (sq == H8) {
                nbk = false;
            }
            if (sq == A8) {
                nbq = false;
            }
        }
        return new RefPosition(b, !white, nwk, nwq, nbk, nbq, newEp, promotions);
    }

    /** Plays a move given in coordinate notation ({@link RefMove#name()}), which must be legal. */
    public RefPosition play(String moveName) {
        for (RefMove m : legalMoves()) {
            if (m.name().equals(moveName)) {
                return play(m);
            }
        }
        throw new IllegalArgumentException("no legal move " + moveName + " in " + fen());
    }
}
