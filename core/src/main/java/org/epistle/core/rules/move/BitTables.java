package org.epistle.core.rules.move;

import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.variant.Castling;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.TwoSquareCheck;

/**
 * The move tables of a ruleset as 64-bit square sets, for boards of at most 64 squares. They are read off
 * {@link MoveTables} (which reads them off the pieces' Betza definitions), so both generators follow the
 * same rays: a leap is one square, a rider's ray is cut at its first occupied square by a bit scan, and the
 * lame and initial-only steps keep their squares that must be empty as a mask.
 *
 * <p>Flat arrays indexed by {@code code * 64 + square} keep the inner loops to one array read per table.
 */
final class BitTables {
    static final int MODE_MOVE = MoveTables.MOVE;
    static final int MODE_CAPTURE = MoveTables.CAPTURE;
    static final int INCREASING = 4;

    final MoveTables tables;
    final Ruleset rules;
    final int codeLimit;
    /** Whether the fast generator gives the same moves as the mailbox one on this ruleset's boards. */
    final boolean usable;

    /** [code * 64 + square] -> leap targets by mode: to empty squares only, onto enemies only, either. */
    final long[] leapMove;
    final long[] leapCapture;
    final long[] leapBoth;
    /** [code * 64 + square] -> the range [rayStart, rayStart + 1) of that piece's riders and lame leaps in the ray arrays. */
    final int[] rayStart;
    final long[] rayMask;
    /**
     * [(code * 64 + square) * 4 + line] -> the squares of the piece's plain riders (both modes, nothing to leap
     * over) along a rank, file, diagonal or anti-diagonal, as one set per line: they are cut by the line's
     * attack set, worked out at once for both ways; {@link #lineUse} says which lines the piece has.
     */
    final long[] lineRay;
    final int[] lineUse;
    static final int RANK = 0;
    static final int FILE = 1;
    static final int DIAGONAL = 2;
    static final int ANTI_DIAGONAL = 3;
    /** [square * 4 + line] -> the line through the square, the square left out. */
    static final long[] LINE = new long[256];
    /** [square * 64 + other] -> how many king steps apart the two squares are. */
    static final byte[] STEPS = new byte[64 * 64];
    /** [file * 256 + men on the rank] -> the squares of the rank a rider on that file reaches, the first man met included. */
    static final long[] RANK_REACH = new long[8 * 256];

    static {
        for (int sq = 0; sq < 64; sq++) {
            int f = sq & 7;
            int r = sq >>> 3;
            for (int other = 0; other < 64; other++) {
                int of = other & 7;
                int or = other >>> 3;
                if (other == sq) {
                    continue;
                }
                long bit = 1L << other;
                if (or == r) LINE[sq * 4 + RANK] |= bit;
                if (of == f) LINE[sq * 4 + FILE] |= bit;
                if (of - f == or - r) LINE[sq * 4 + DIAGONAL] |= bit;
                if (of - f == r - or) LINE[sq * 4 + ANTI_DIAGONAL] |= bit;
            }
        }
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                STEPS[a * 64 + b] = (byte) Math.max(Math.abs((a & 7) - (b & 7)), Math.abs((a >>> 3) - (b >>> 3)));
            }
        }
        for (int f = 0; f < 8; f++) {
            for (int men = 0; men < 256; men++) {
                long reach = 0;
                for (int x = f + 1; x < 8; x++) {
                    reach |= 1L << x;
                    if ((men & 1 << x) != 0) break;
                }
                for (int x = f - 1; x >= 0; x--) {
                    reach |= 1L << x;
                    if ((men & 1 << x) != 0) break;
                }
                RANK_REACH[f * 256 + men] = reach;
            }
        }
    }

    /** The squares a rider on {@code sq} reaches along the line, both ways, the first man met each way included. */
    static long lineReach(int sq, int line, long occ) {
        if (line == RANK) {
            int shift = sq & ~7;
            return RANK_REACH[(sq & 7) * 256 + (int) (occ >>> shift & 0xFF)] << shift;
        }
        // hyperbola quintessence: one man a rank on these lines, so reversing the bytes turns the line around
        long mask = LINE[sq * 4 + line];
        long o = occ & mask;
        long s = 1L << sq;
        long forward = o - 2 * s;
        long backward = Long.reverseBytes(Long.reverseBytes(o) - 2 * Long.reverseBytes(s));
        return (forward ^ backward) & mask;
    }
    final long[] rayMustBeEmpty;
    final int[] rayFlags;

    /** [attacking side] -> its riding directions: [square * dirs + d] -> squares outward, and flags. */
    final int[] riderDirs = new int[2];
    final long[][] riderRay = new long[2][];
    final boolean[][] riderIncreasing = new boolean[2][];
    final int[][] riderDelta = new int[2][];
    /** [attacking side][d * codeLimit + code] -> how far that piece captures along direction d. */
    final int[][] riderRange = new int[2][];
    /**
     * The same attacks sorted for {@link BitPerft#attacked}: [attacking side] -> the codes that capture by a
     * single step, and [code * 64 + square] -> the squares they capture it from; [attacking side][line] -> the
     * codes that ride a whole line both ways; [attacking side] -> the remaining riding directions (one-way or
     * limited riders, longer steps) with their ranges, [d * codeLimit + code], laid out as {@link #riderRay}.
     */
    final int[][] stepCapturers = new int[2][];
    final long[] stepCapturedFrom;
    final int[][][] lineRiders = new int[2][4][];
    final int[] otherDirs = new int[2];
    final long[][] otherRay = new long[2][];
    final boolean[][] otherIncreasing = new boolean[2][];
    final int[][] otherDelta = new int[2][];
    /** [attacking side][d] -> whether that direction is a single step, whose distances {@link #STEPS} holds. */
    final boolean[][] otherUnit = new boolean[2][];
    /** [side][target] -> the squares from which that side's pawn could take en passant onto the target. */
    final long[][] enPassantFrom = new long[2][64];
    final int[][] otherRange = new int[2][];
    /** [attacking side][square] -> lame or initial-only capturers: origin, code, squares that must be empty. */
    final int[][][] oddOrigin = new int[2][][];
    final int[][][] oddCode = new int[2][][];
    final long[][][] oddMustBeEmpty = new long[2][][];
    final boolean[] hasOddAttacks = new boolean[2];

    /**
     * [side] -> whether that side's pawns move as FIDE pawns do (one step forward, two from the squares in
     * {@link #doubleStepFrom}, a capture diagonally forward), checked square by square against the tables,
     * so that all of them can be moved at once by shifting their set.
     */
    final boolean[] fidePawns = new boolean[2];
    final long[] doubleStepFrom = new long[2];
    /** [side] -> the side's pawn code. */
    final int[] pawnCode = new int[2];
    /** [side] -> the promotion rank as a square set, and the kinds a pawn may become. */
    final long[] promotionRank = new long[2];
    final int[][] promotions = new int[2][];
    final long[] rightsMask = new long[64];
    final Castling[] castlings;
    /** [castling] -> the squares that must be empty (all between the four squares, but the king's and the rook's). */
    final long[] castlingEmpty;
    final int[] castlingSide;
    /** [side] -> the codes of its king and of its corner piece, the two that castle. */
    final int[] kingCode = new int[2];
    final int[] cornerCode = new int[2];

    BitTables(MoveTables tables, Ruleset rules) {
        this.tables = tables;
        this.rules = rules;
        Geometry g = rules.geometry();
        this.codeLimit = rules.codeLimit();
        int size = g.size();
        boolean fits = size <= 64 && g.files() == 8;
        for (var rule : rules.variant().physics()) {
            if (rule instanceof TwoSquareCheck) {
                fits = false; // a king's check from two squares away is left to the mailbox generator
            }
        }
        leapMove = new long[codeLimit * 64];
        lineRay = new long[codeLimit * 64 * 4];
        lineUse = new int[codeLimit * 64];
        leapCapture = new long[codeLimit * 64];
        leapBoth = new long[codeLimit * 64];
        stepCapturedFrom = new long[codeLimit * 64];
        rayStart = new int[codeLimit * 64 + 1];
        castlings = rules.castlings().toArray(new Castling[0]);
        castlingEmpty = new long[castlings.length];
        castlingSide = new int[castlings.length];
        for (int i = 0; i < castlings.length; i++) {
            castlingSide[i] = castlings[i].side().ordinal();
        }
        for (Side side : Side.values()) {
            kingCode[side.ordinal()] = rules.kingCode(side);
            cornerCode[side.ordinal()] = rules.cornerCode(side);
        }
        if (!fits) {
            usable = false;
            rayMask = new long[0];
            rayMustBeEmpty = new long[0];
            rayFlags = new int[0];
            return;
        }
        int rays = 0;
        for (int code = 1; code < codeLimit; code++) {
            for (int sq = 0; sq < size; sq++) {
                for (MoveTables.Ray ray : tables.rays[code][sq]) {
                    if (ray.squares().length > 1 || ray.mustBeEmpty().length > 0) {
                        rays++;
                    }
                }
            }
        }
        rayMask = new long[rays];
        rayMustBeEmpty = new long[rays];
        rayFlags = new int[rays];
        boolean distinct = true;
        int r = 0;
        for (int code = 1; code < codeLimit; code++) {
            for (int sq = 0; sq < 64; sq++) {
                int at = code * 64 + sq;
                rayStart[at] = r;
                if (sq >= size) {
                    continue;
                }
                long seen = 0;
                for (MoveTables.Ray ray : tables.rays[code][sq]) {
                    long mask = setOf(ray.squares());
                    // two rays to one square give the mailbox generator two moves; counting sets would give one
                    distinct &= (seen & mask) == 0;
                    seen |= mask;
                    int mode = ray.mode();
                    if (ray.squares().length == 1 && ray.mustBeEmpty().length == 0) {
                        if (mode == MODE_MOVE) {
                            leapMove[at] |= mask;
                        } else if (mode == MODE_CAPTURE) {
                            leapCapture[at] |= mask;
                        } else {
                            leapBoth[at] |= mask;
                        }
                        continue;
                    }
                    int line = ray.squares().length > 1 ? lineOf(g, ray.squares()) : -1;
                    if (line >= 0 && mode == (MODE_MOVE | MODE_CAPTURE) && ray.mustBeEmpty().length == 0) {
                        lineRay[at * 4 + line] |= mask;
                        lineUse[at] |= 1 << line;
                        continue;
                    }
                    rayMask[r] = mask;
                    rayMustBeEmpty[r] = setOf(ray.mustBeEmpty());
                    boolean increasing = ray.squares().length < 2 || ray.squares()[1] > ray.squares()[0];
                    rayFlags[r] = mode | (increasing ? INCREASING : 0);
                    r++;
                }
            }
        }
        rayStart[codeLimit * 64] = r;
        for (Side side : Side.values()) {
            buildAttacks(side.ordinal(), size);
            promotionRank[side.ordinal()] = 0xFFL << (8 * rules.promotionRank(side));
            promotions[side.ordinal()] = rules.promotions(side);
        }
        for (int sq = 0; sq < size; sq++) {
            rightsMask[sq] = tables.rightsMask[sq];
        }
        for (int i = 0; i < castlings.length; i++) {
            Castling c = castlings[i];
            int lo = Math.min(Math.min(c.kingFrom(), c.kingTo()), Math.min(c.rookFrom(), c.rookTo()));
            int hi = Math.max(Math.max(c.kingFrom(), c.kingTo()), Math.max(c.rookFrom(), c.rookTo()));
            long empty = 0;
            for (int sq = lo; sq <= hi; sq++) {
                if (sq != c.kingFrom() && sq != c.rookFrom()) {
                    empty |= 1L << sq;
                }
            }
            castlingEmpty[i] = empty;
        }
        for (Side side : Side.values()) {
            checkPawns(side.ordinal(), size);
        }
        usable = distinct;
    }

    private void buildAttacks(int s, int size) {
        // riding directions: those along which some piece captures farther than one step
        int[][] directions = tables.attackDirections[s];
        int[][] range = tables.attackRange[s];
        int[] riding = new int[directions.length];
        int dirs = 0;
        for (int d = 0; d < directions.length; d++) {
            int reach = 0;
            for (int x : range[d]) {
                reach = Math.max(reach, x);
            }
            if (reach > 1) {
                riding[dirs++] = d;
            }
        }
        riderDirs[s] = dirs;
        riderRay[s] = new long[64 * Math.max(dirs, 1)];
        riderIncreasing[s] = new boolean[dirs];
        riderDelta[s] = new int[dirs];
        riderRange[s] = new int[dirs * codeLimit];
        for (int i = 0; i < dirs; i++) {
            int d = riding[i];
            int[] v = directions[d];
            int outward = -(v[0] + 8 * v[1]); // attack rays run from the attacked square against the step
            riderIncreasing[s][i] = outward > 0;
            riderDelta[s][i] = Math.abs(outward);
            for (int code = 0; code < codeLimit; code++) {
                riderRange[s][i * codeLimit + code] = range[d][code];
            }
            for (int sq = 0; sq < size; sq++) {
                riderRay[s][sq * dirs + i] = setOf(tables.attackRays[s][sq][d]);
            }
        }
        sortAttacks(s, size);
        oddOrigin[s] = new int[64][];
        oddCode[s] = new int[64][];
        oddMustBeEmpty[s] = new long[64][];
        for (int sq = 0; sq < 64; sq++) {
            MoveTables.OddAttack[] odd = sq < size ? tables.oddAttacks[s][sq] : new MoveTables.OddAttack[0];
            oddOrigin[s][sq] = new int[odd.length];
            oddCode[s][sq] = new int[odd.length];
            oddMustBeEmpty[s][sq] = new long[odd.length];
            for (int i = 0; i < odd.length; i++) {
                oddOrigin[s][sq][i] = odd[i].origin();
                oddCode[s][sq][i] = odd[i].code();
                oddMustBeEmpty[s][sq][i] = setOf(odd[i].mustBeEmpty());
            }
        }
        hasOddAttacks[s] = tables.hasOddAttacks[s];
    }

    private void checkPawns(int s, int size) {
        int pawn = rules.pawnCode(Side.values()[s]);
        pawnCode[s] = pawn;
        for (int sq = 0; sq < size; sq++) {
            for (MoveTables.Ray ray : tables.rays[pawn][sq]) {
                if (ray.mode() == MODE_CAPTURE) {
                    enPassantFrom[s][ray.squares()[0]] |= 1L << sq;
                }
            }
        }
        int forward = s == 0 ? 8 : -8;
        boolean fide = size == 64;
        for (int sq = 0; sq < 64 && fide; sq++) {
            int at = pawn * 64 + sq;
            int file = sq & 7;
            long step = onBoard(sq + forward);
            long captures = (file > 0 ? onBoard(sq + forward - 1) : 0) | (file < 7 ? onBoard(sq + forward + 1) : 0);
            fide = leapMove[at] == step && leapCapture[at] == captures && leapBoth[at] == 0 && lineUse[at] == 0;
            int rays = rayStart[at + 1] - rayStart[at];
            if (rays == 1) {
                int r = rayStart[at];
                fide &= rayMask[r] == onBoard(sq + 2 * forward) && rayMustBeEmpty[r] == step && step != 0
                        && (rayFlags[r] & 3) == MODE_MOVE;
                doubleStepFrom[s] |= 1L << sq;
            } else {
                fide &= rays == 0;
            }
        }
        fidePawns[s] = fide;
    }

    private static long onBoard(int sq) {
        return sq >= 0 && sq < 64 ? 1L << sq : 0;
    }

    private void sortAttacks(int s, int size) {
        int[][] directions = tables.attackDirections[s];
        int[][] range = tables.attackRange[s];
        int n = directions.length;
        boolean[] steps = new boolean[codeLimit];
        java.util.List<java.util.List<Integer>> riders = new java.util.ArrayList<>();
        for (int line = 0; line < 4; line++) {
            riders.add(new java.util.ArrayList<>());
        }
        int[][] rest = new int[n][codeLimit];
        boolean[] hasRest = new boolean[n];
        for (int d = 0; d < n; d++) {
            int[] v = directions[d];
            int line = Math.abs(v[0]) > 1 || Math.abs(v[1]) > 1 ? -1
                    : v[1] == 0 ? RANK : v[0] == 0 ? FILE : v[0] == v[1] ? DIAGONAL : ANTI_DIAGONAL;
            int back = -1;
            for (int e = 0; e < n; e++) {
                if (directions[e][0] == -v[0] && directions[e][1] == -v[1]) {
                    back = e;
                }
            }
            for (int code = 1; code < codeLimit; code++) {
                int reach = range[d][code];
                if (reach == 0) {
                    continue;
                }
                if (reach == 1) {
                    steps[code] = true;
                    for (int sq = 0; sq < size; sq++) {
                        int[] ray = tables.attackRays[s][sq][d];
                        if (ray.length > 0) {
                            stepCapturedFrom[code * 64 + sq] |= 1L << ray[0];
                        }
                    }
                } else if (line >= 0 && reach >= 7 && back >= 0 && range[back][code] >= 7) {
                    if (!riders.get(line).contains(code)) {
                        riders.get(line).add(code);
                    }
                } else {
                    rest[d][code] = reach;
                    hasRest[d] = true;
                }
            }
        }
        int count = 0;
        int[] codes = new int[codeLimit];
        for (int code = 1; code < codeLimit; code++) {
            if (steps[code]) {
                codes[count++] = code;
            }
        }
        stepCapturers[s] = java.util.Arrays.copyOf(codes, count);
        for (int line = 0; line < 4; line++) {
            lineRiders[s][line] = riders.get(line).stream().mapToInt(Integer::intValue).toArray();
        }
        int dirs = 0;
        for (int d = 0; d < n; d++) {
            dirs += hasRest[d] ? 1 : 0;
        }
        otherDirs[s] = dirs;
        otherRay[s] = new long[64 * Math.max(dirs, 1)];
        otherIncreasing[s] = new boolean[dirs];
        otherDelta[s] = new int[dirs];
        otherUnit[s] = new boolean[dirs];
        otherRange[s] = new int[dirs * codeLimit];
        int i = 0;
        for (int d = 0; d < n; d++) {
            if (!hasRest[d]) {
                continue;
            }
            int[] v = directions[d];
            int outward = -(v[0] + 8 * v[1]);
            otherIncreasing[s][i] = outward > 0;
            otherDelta[s][i] = Math.abs(outward);
            otherUnit[s][i] = Math.abs(v[0]) <= 1 && Math.abs(v[1]) <= 1;
            System.arraycopy(rest[d], 0, otherRange[s], i * codeLimit, codeLimit);
            for (int sq = 0; sq < size; sq++) {
                otherRay[s][sq * dirs + i] = setOf(tables.attackRays[s][sq][d]);
            }
            i++;
        }
    }

    /** The line a ray of single steps runs along, or -1 for longer steps. */
    private static int lineOf(Geometry g, int[] squares) {
        int dx = g.fileOf(squares[1]) - g.fileOf(squares[0]);
        int dy = g.rankOf(squares[1]) - g.rankOf(squares[0]);
        if (Math.abs(dx) > 1 || Math.abs(dy) > 1) {
            return -1;
        }
        return dy == 0 ? RANK : dx == 0 ? FILE : dx == dy ? DIAGONAL : ANTI_DIAGONAL;
    }

    private static long setOf(int[] squares) {
        long set = 0;
        for (int sq : squares) {
            set |= 1L << sq;
        }
        return set;
    }
}
