package org.epistle.core.rules.move;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.piece.Step;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.TwoSquareCheck;

/**
 * Every piece's moves from every square, worked out once per ruleset so that move generation is
 * array walking. Attacks are looked up backwards: from the attacked square outwards along each
 * direction some piece captures in, stopping at the first piece met.
 */
final class MoveTables {
    static final int MOVE = 1;
    static final int CAPTURE = 2;

    /** The squares a step visits from one square, nearest first; a leap visits one. */
    record Ray(int[] squares, int mode, boolean initial, int[] mustBeEmpty) {
    }

    /** Lame or initial-only capturers, checked one by one because they are rare. */
    record OddAttack(int origin, int code, int[] mustBeEmpty, boolean initial) {
    }

    private final Ruleset rules;
    private final Geometry geometry;
    /** [code][square] -> rays. */
    final Ray[][][] rays;
    /** [attacking side][direction] step vector. */
    final int[][][] attackDirections;
    /** [attacking side][direction][code] -> how far that piece captures along it; 0 if not at all. */
    final int[][][] attackRange;
    /** [attacking side][square][direction] -> squares outward from the square. */
    final int[][][][] attackRays;
    /** [attacking side][square] -> odd attacks. */
    final OddAttack[][][] oddAttacks;
    /** [attacking side] -> whether that side has any lame or initial-only capture (pins then do not tell all). */
    final boolean[] hasOddAttacks = new boolean[2];
    /** [square] -> the castling rights lost when a piece leaves or lands on it. */
    final int[] rightsMask;
    /** [checking side] -> its king's check from two squares away, or null (the King and Pawns forms, Imperatore). */
    final TwoSquareCheck[] twoSquareCheck = new TwoSquareCheck[2];

    /** The same tables as square sets, built on first use: only perft on boards of up to 64 squares reads them. */
    private volatile BitTables bits;

    BitTables bits() {
        BitTables b = bits;
        if (b == null) {
            synchronized (this) {
                if (bits == null) {
                    bits = new BitTables(this, rules);
                }
                b = bits;
            }
        }
        return b;
    }

    MoveTables(Ruleset rules) {
        this.rules = rules;
        this.geometry = rules.geometry();
        int limit = rules.codeLimit();
        int size = geometry.size();
        rays = new Ray[limit][][];
        attackDirections = new int[2][][];
        attackRange = new int[2][][];
        attackRays = new int[2][][][];
        oddAttacks = new OddAttack[2][][];
        for (int code = 1; code < limit; code++) {
            rays[code] = new Ray[size][];
            for (int sq = 0; sq < size; sq++) {
                rays[code][sq] = raysFrom(code, sq);
            }
        }
        for (Side side : Side.values()) {
            buildAttacks(side);
        }
        rightsMask = new int[size];
        for (int i = 0; i < rules.castlings().size(); i++) {
            rightsMask[rules.castling(i).kingFrom()] |= 1 << i;
            rightsMask[rules.castling(i).rookFrom()] |= 1 << i;
        }
        for (var rule : rules.variant().physics()) {
            if (rule instanceof TwoSquareCheck reach) {
                twoSquareCheck[reach.side().ordinal()] = reach;
            }
        }
    }

    /** The piece's step turned to face its side's forward direction, as a board vector. */
    static int[] boardVector(Step step, Side side) {
        return side == Side.WHITE ? new int[] {step.dx(), step.dy()} : new int[] {-step.dx(), -step.dy()};
    }

    private Ray[] raysFrom(int code, int sq) {
        PieceType type = rules.pieceOf(code);
        Side side = Ruleset.sideOf(code);
        int f0 = geometry.fileOf(sq);
        int r0 = geometry.rankOf(sq);
        List<Ray> out = new ArrayList<>();
        for (Step step : type.movement().steps()) {
            if (step.initial() && !rules.startsOn(code, sq)) {
                continue;
            }
            int[] v = boardVector(step, side);
            List<Integer> squares = new ArrayList<>();
            for (int k = 1; k <= step.range(); k++) {
                int f = f0 + v[0] * k;
                int r = r0 + v[1] * k;
                if (!geometry.contains(f, r)) {
                    break;
                }
                squares.add(geometry.index(f, r));
            }
            if (squares.isEmpty()) {
                continue;
            }
            int[] over = lameSquares(step, side, f0, r0);
            if (over == null) {
                continue;
            }
            int mode = (step.mode().moves() ? MOVE : 0) | (step.mode().captures() ? CAPTURE : 0);
            out.add(new Ray(squares.stream().mapToInt(Integer::intValue).toArray(), mode, step.initial(), over));
        }
        return out.toArray(new Ray[0]);
    }

    /** Squares a lame leap passes over, as indices; null if one is off the board. */
    private int[] lameSquares(Step step, Side side, int f0, int r0) {
        int[][] over = step.passedOver();
        int[] out = new int[over.length];
        for (int i = 0; i < over.length; i++) {
            int dx = side == Side.WHITE ? over[i][0] : -over[i][0];
            int dy = side == Side.WHITE ? over[i][1] : -over[i][1];
            if (!geometry.contains(f0 + dx, r0 + dy)) {
                return null;
            }
            out[i] = geometry.index(f0 + dx, r0 + dy);
        }
        return out;
    }

    private void buildAttacks(Side side) {
        int limit = rules.codeLimit();
        Map<String, int[]> directions = new LinkedHashMap<>();
        Map<String, int[]> ranges = new HashMap<>();
        List<int[]> odd = new ArrayList<>(); // code, step index
        for (int code = 1; code < limit; code++) {
            if (Ruleset.sideOf(code) != side) {
                continue;
            }
            List<Step> steps = rules.pieceOf(code).movement().steps();
            for (int i = 0; i < steps.size(); i++) {
                Step step = steps.get(i);
                if (!step.mode().captures()) {
                    continue;
                }
                if (step.lame() || step.initial()) {
                    odd.add(new int[] {code, i});
                    continue;
                }
                int[] v = boardVector(step, side);
                String key = v[0] + "," + v[1];
                directions.putIfAbsent(key, v);
                int[] byCode = ranges.computeIfAbsent(key, k -> new int[limit]);
                byCode[code] = Math.max(byCode[code], Math.min(step.range(), 64));
            }
        }
        int s = side.ordinal();
        int n = directions.size();
        attackDirections[s] = directions.values().toArray(new int[0][]);
        attackRange[s] = new int[n][];
        int d = 0;
        for (String key : directions.keySet()) {
            attackRange[s][d++] = ranges.get(key);
        }
        int size = geometry.size();
        attackRays[s] = new int[size][n][];
        oddAttacks[s] = new OddAttack[size][];
        for (int sq = 0; sq < size; sq++) {
            int f0 = geometry.fileOf(sq);
            int r0 = geometry.rankOf(sq);
            for (d = 0; d < n; d++) {
                int reach = 0;
                for (int r : attackRange[s][d]) {
                    reach = Math.max(reach, r);
                }
                int[] v = attackDirections[s][d];
                List<Integer> squares = new ArrayList<>();
                for (int k = 1; k <= reach; k++) {
                    int f = f0 - v[0] * k;
                    int r = r0 - v[1] * k;
                    if (!geometry.contains(f, r)) {
                        break;
                    }
                    squares.add(geometry.index(f, r));
                }
                attackRays[s][sq][d] = squares.stream().mapToInt(Integer::intValue).toArray();
            }
            List<OddAttack> odds = new ArrayList<>();
            for (int[] o : odd) {
                int code = o[0];
                Step step = rules.pieceOf(code).movement().steps().get(o[1]);
                int[] v = boardVector(step, side);
                for (int k = 1; k <= Math.min(step.range(), 16); k++) {
                    int f = f0 - v[0] * k;
                    int r = r0 - v[1] * k;
                    if (!geometry.contains(f, r)) {
                        break;
                    }
                    int origin = geometry.index(f, r);
                    int[] over = lameSquares(step, side, f, r);
                    if (over == null || (step.initial() && !rules.startsOn(code, origin))) {
                        continue;
                    }
                    if (k > 1) {
                        // a lame rider: the squares passed on the way must be empty too
                        int[] between = new int[over.length + k - 1];
                        System.arraycopy(over, 0, between, 0, over.length);
                        for (int j = 1; j < k; j++) {
                            between[over.length + j - 1] = geometry.index(f + v[0] * j, r + v[1] * j);
                        }
                        over = between;
                    }
                    odds.add(new OddAttack(origin, code, over, step.initial()));
                }
            }
            oddAttacks[s][sq] = odds.toArray(new OddAttack[0]);
            hasOddAttacks[s] |= !odds.isEmpty();
        }
    }
}
