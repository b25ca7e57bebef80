package org.epistle.core.rules.physics.travel;

import java.util.List;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.piece.Step;
import org.epistle.core.rules.physics.travel.Scene.Trip;
import org.epistle.core.rules.variant.Ruleset;

/**
 * A proof from the king's surroundings that no end of a Progressive Lene Hau part-turn leaves the
 * king safe, whatever the moves still to come in the turn. It rests on what the rest of the turn
 * cannot change:
 * <ul>
 * <li>the opponent's men do not move during our turn; his travellers can be neither taken nor
 * stopped, and step on only after our turn (to squares known now);</li>
 * <li>an opponent's man at rest can be taken this turn only by a move that arrives at once (one
 * square: every longer move only sets out), by one of our earlier travellers arriving at the turn's
 * end, or en passant; a man of ours gets one square nearer per move at the most;</li>
 * <li>our travellers stay where they are until the turn ends (those of earlier turns then take one
 * step), so our king can never step onto their squares;</li>
 * <li>a leap, or a rider's first square, cannot be blocked: only taking the attacker ends it.</li>
 * </ul>
 * From these it finds every square the king could end the turn on, and for each a danger no
 * remaining move can lift: an opponent's traveller arriving there, or an attack, at the turn's end
 * or after the opponent's next steps, from a man that stays, over squares that stay empty. When every
 * square is doomed so, the part-turn is hopeless. Everything here over-estimates what our men can
 * do (it ignores what stands in their way, and lets a pawn that could promote walk like a king), so
 * the answer "hopeless" is always true; "not proved" just leaves the question to the search.
 */
final class Surroundings {
    private Surroundings() {
    }

    private static final int FAR = Integer.MAX_VALUE / 2;

    /** Whether every end of the turn that {@code me} can still reach with {@code movesLeft} moves leaves its king in danger. */
    static boolean hopeless(Scene scene, Side me, List<Trip> older, int movesLeft) {
        Ruleset rules = scene.rules;
        Geometry g = scene.g;
        int n = g.size();
        Side them = me.opponent();
        int kingCode = rules.kingCode(me);
        int kingAt = -1;
        boolean kingAtRest = false;
        Trip kingTrip = null;
        for (int sq = 0; sq < n && kingAt < 0; sq++) {
            if (scene.cells[sq] == kingCode) {
                kingAt = sq;
                kingAtRest = true;
            }
        }
        for (Trip t : scene.trips) {
            if (kingAt < 0 && t.code() == kingCode) {
                kingAt = t.at();
                kingAtRest = t.isResting();
                kingTrip = t;
            }
        }
        if (kingAt < 0) {
            return false;
        }
        if (kingAtRest && (hasCastlingRights(scene, me) || !stepsOneSquare(rules, kingCode))) {
            // castling sets the king travelling (a traveller is not taken by an arrival), and a king that
            // leaps would do the same: such positions are left to the search
            return false;
        }

        // where our men at rest can stand by the end of the turn, and what they can take
        int[] takeIn = new int[n]; // fewest moves before one of our men can arrive (at once) on the square
        java.util.Arrays.fill(takeIn, FAR);
        boolean[] mayOccupy = new boolean[n];
        // a move that only captures needs a man of his at rest there (none appears during our turn), or an en-passant chance
        boolean[] prey = new boolean[n];
        for (int sq = 0; sq < n; sq++) {
            prey[sq] = scene.cells[sq] != 0 && Ruleset.sideOf(scene.cells[sq]) == them;
        }
        for (Trip t : scene.trips) {
            prey[t.at()] |= t.isResting() && t.side() == them;
        }
        for (int[] chance : scene.chances) {
            prey[chance[0]] |= chance[2] == me.ordinal();
        }
        for (int sq = 0; sq < n; sq++) {
            if (scene.cells[sq] != 0 && Ruleset.sideOf(scene.cells[sq]) == me) {
                reach(scene, scene.cells[sq], sq, me, movesLeft, prey, takeIn, mayOccupy);
            }
        }
        for (Trip t : scene.trips) {
            if (t.isResting() && t.side() == me) {
                reach(scene, t.code(), t.at(), me, movesLeft, prey, takeIn, mayOccupy);
            }
        }
        boolean[] takenAtEnd = new boolean[n]; // squares an earlier traveller of ours arrives on, or an en-passant victim stands on
        boolean[] steppedOnAtEnd = new boolean[n];
        for (Trip t : older) {
            int next = Path.next(g, t.origin(), t.at(), t.destination());
            steppedOnAtEnd[next] = true;
            takenAtEnd[next] |= next == t.destination();
        }
        for (int[] chance : scene.chances) {
            if (chance[2] == me.ordinal()) {
                takenAtEnd[chance[1]] = true;
            }
        }
        // Taking his king wins the turn. A move takes it only by arriving at once, from a square it
        // attacks from, so his king would be in check before that move; but a move that gives check ends
        // the turn. So unless he is in check now (only ever at the turn's start), only one of our earlier
        // travellers arriving at the turn's end can take it.
        int theirKing = scene.king(them);
        if (scene.inCheck(them) || theirKing >= 0 && takenAtEnd[theirKing]) {
            return false;
        }
        boolean[] theirsStay = new boolean[n]; // an opponent's man at rest that no move of ours can take this turn
        for (int sq = 0; sq < n; sq++) {
            int c = scene.cells[sq];
            theirsStay[sq] = c != 0 && Ruleset.sideOf(c) == them && takeIn[sq] > movesLeft && !takenAtEnd[sq];
        }

        // the squares the king may end on
        boolean[] region = new boolean[n];
        boolean endsAtRest;
        if (!kingAtRest) {
            // a travelling king takes no orders: the earlier ones step on once at the turn's end
            boolean earlier = older.contains(kingTrip);
            int end = earlier ? Path.next(g, kingTrip.origin(), kingTrip.at(), kingTrip.destination()) : kingTrip.at();
            region[end] = true;
            endsAtRest = earlier && end == kingTrip.destination();
        } else {
            endsAtRest = true;
            boolean[] closed = closedToTheKing(scene, me, them, theirsStay);
            int[] dist = new int[n];
            java.util.Arrays.fill(dist, FAR);
            int[] queue = new int[n];
            int head = 0;
            int tail = 0;
            dist[kingAt] = 0;
            queue[tail++] = kingAt;
            while (head < tail) {
                int sq = queue[head++];
                region[sq] = true;
                if (dist[sq] == movesLeft) {
                    continue;
                }
                int x = g.fileOf(sq);
                int y = g.rankOf(sq);
                for (int dx = -1; dx <= 1; dx++) {
                    for (int dy = -1; dy <= 1; dy++) {
                        if ((dx != 0 || dy != 0) && g.contains(x + dx, y + dy)) {
                            int to = g.index(x + dx, y + dy);
                            if (!closed[to] && dist[to] == FAR) {
                                dist[to] = dist[sq] + 1;
                                queue[tail++] = to;
                            }
                        }
                    }
                }
            }
        }

        boolean[] arrivals = new boolean[n];
        for (Trip t : scene.trips) {
            if (t.side() == them && !t.isResting() && Path.next(g, t.origin(), t.at(), t.destination()) == t.destination()) {
                arrivals[t.destination()] = true;
            }
        }
        Picture atEnd = new Picture(scene, me, older, mayOccupy, steppedOnAtEnd, false);
        Picture afterTheirSteps = new Picture(scene, me, older, mayOccupy, steppedOnAtEnd, true);
        for (int s = 0; s < n; s++) {
            if (region[s] && !(endsAtRest && arrivals[s]) && !attackedForSure(scene, them, theirsStay, atEnd, s)
                    && !attackedForSure(scene, them, theirsStay, afterTheirSteps, s)) {
                return false; // a square where the king might yet end safely
            }
        }
        return true;
    }

    private static boolean hasCastlingRights(Scene scene, Side me) {
        for (int i = 0; i < scene.rules.castlings().size(); i++) {
            if (scene.rules.castling(i).side() == me && (scene.rights & (1 << i)) != 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether every move of this kind of piece goes one square (so it arrives at once and stays at rest). */
    private static boolean stepsOneSquare(Ruleset rules, int code) {
        for (Step st : rules.pieceOf(code).movement().steps()) {
            if (Math.max(Math.abs(st.dx()), Math.abs(st.dy())) != 1 || st.range() != 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * Where one of our men at rest can be by the turn's end: it walks by its one-square moves (the only
     * moves that leave it at rest, free to move again) and may end with any move's first step, which is
     * always to a neighbouring square. What stands in its way is ignored, so this says too much, never
     * too little. {@code takeIn}: the fewest moves to arrive on a square (to take what rests there).
     */
    private static void reach(Scene scene, int code, int from, Side me, int movesLeft, boolean[] prey, int[] takeIn, boolean[] mayOccupy) {
        Geometry g = scene.g;
        int n = g.size();
        int[][] steps = unitSteps(scene.rules, code, me);
        if (Ruleset.typeOf(code) == 1 && scene.rules.promotions(me).length > 0
                && Math.abs(scene.rules.promotionRank(me) - g.rankOf(from)) <= movesLeft) {
            steps = KING_STEPS; // a pawn that may promote this turn may become anything: let it walk anywhere
        }
        int[] dist = new int[n];
        java.util.Arrays.fill(dist, FAR);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        dist[from] = 0;
        queue[tail++] = from;
        while (head < tail) {
            int sq = queue[head++];
            int d = dist[sq];
            takeIn[sq] = Math.min(takeIn[sq], d == 0 ? FAR : d);
            mayOccupy[sq] = true;
            int x = g.fileOf(sq);
            int y = g.rankOf(sq);
            if (d < movesLeft) {
                // the next move's first step, to any neighbour
                for (int[] k : KING_STEPS) {
                    if (g.contains(x + k[0], y + k[1])) {
                        mayOccupy[g.index(x + k[0], y + k[1])] = true;
                    }
                }
                for (int[] st : steps) {
                    if (g.contains(x + st[0], y + st[1])) {
                        int to = g.index(x + st[0], y + st[1]);
                        if (dist[to] == FAR && (st[2] == 0 || prey[to])) {
                            dist[to] = d + 1;
                            queue[tail++] = to;
                        }
                    }
                }
            }
        }
    }

    private static final int[][] KING_STEPS = {{-1, -1, 0}, {-1, 0, 0}, {-1, 1, 0}, {0, -1, 0}, {0, 1, 0}, {1, -1, 0}, {1, 0, 0}, {1, 1, 0}};

    /** The piece's moves of one square, on the board's frame (Black's turned round), whatever they may do. */
    private static int[][] unitSteps(Ruleset rules, int code, Side side) {
        return rules.pieceOf(code).movement().steps().stream()
                .filter(st -> Math.max(Math.abs(st.dx()), Math.abs(st.dy())) == 1)
                .map(st -> new int[] {side == Side.WHITE ? st.dx() : -st.dx(), side == Side.WHITE ? st.dy() : -st.dy(),
                        st.mode() == Step.Mode.CAPTURE ? 1 : 0})
                .toArray(int[][]::new);
    }

    /**
     * The squares our king can never step onto during the turn: those of our travellers (they stay
     * till the turn ends), those where only an opponent's traveller stands (it cannot be taken), and
     * those a man of his that stays attacks by a leap or from next door (nothing can block that).
     */
    private static boolean[] closedToTheKing(Scene scene, Side me, Side them, boolean[] theirsStay) {
        Geometry g = scene.g;
        boolean[] closed = new boolean[g.size()];
        boolean[] theirsAtRest = new boolean[g.size()];
        for (int sq = 0; sq < closed.length; sq++) {
            theirsAtRest[sq] = scene.cells[sq] != 0 && Ruleset.sideOf(scene.cells[sq]) == them;
        }
        for (Trip t : scene.trips) {
            if (t.isResting() && t.side() == them) {
                theirsAtRest[t.at()] = true;
            }
        }
        for (Trip t : scene.trips) {
            if (!t.isResting() && t.side() == me) {
                closed[t.at()] = true;
            }
            if (!t.isResting() && t.side() == them) {
                closed[t.at()] |= !theirsAtRest[t.at()];
                closeUnblockable(scene, t.code(), t.at(), them, closed);
            }
        }
        for (int sq = 0; sq < closed.length; sq++) {
            if (theirsStay[sq]) {
                closeUnblockable(scene, scene.cells[sq], sq, them, closed);
            }
        }
        return closed;
    }

    private static void closeUnblockable(Scene scene, int code, int at, Side them, boolean[] closed) {
        Geometry g = scene.g;
        for (Step st : scene.rules.pieceOf(code).movement().steps()) {
            if (!st.mode().captures() || st.initial() || st.lame()) {
                continue;
            }
            int dx = them == Side.WHITE ? st.dx() : -st.dx();
            int dy = them == Side.WHITE ? st.dy() : -st.dy();
            int x = g.fileOf(at) + dx;
            int y = g.rankOf(at) + dy;
            if (g.contains(x, y)) {
                closed[g.index(x, y)] = true;
            }
        }
    }

    /**
     * The board at one of the two moments the king's safety is judged: the turn's end (our earlier
     * travellers stepped on) or after the opponent's travellers' next steps; for each square, whether
     * it is surely empty then, whatever the rest of the turn does.
     */
    private static final class Picture {
        final boolean afterTheirSteps;
        final boolean[] surelyEmpty;

        Picture(Scene scene, Side me, List<Trip> older, boolean[] mayOccupy, boolean[] steppedOnAtEnd, boolean afterTheirSteps) {
            this.afterTheirSteps = afterTheirSteps;
            Geometry g = scene.g;
            int n = g.size();
            surelyEmpty = new boolean[n];
            for (int sq = 0; sq < n; sq++) {
                surelyEmpty[sq] = scene.cells[sq] == 0 && !mayOccupy[sq] && !steppedOnAtEnd[sq];
            }
            for (Trip t : scene.trips) {
                boolean leaves = !t.isResting() && (t.side() == me ? older.contains(t) : afterTheirSteps);
                if (!leaves) {
                    surelyEmpty[t.at()] = false; // a man at rest, or a traveller still there at that moment
                }
                if (afterTheirSteps && t.side() != me && !t.isResting()) {
                    surelyEmpty[Path.next(g, t.origin(), t.at(), t.destination())] = false;
                }
            }
        }

        /** Where the opponent's traveller stands at this moment. */
        int where(Scene scene, Trip t) {
            return afterTheirSteps ? Path.next(scene.g, t.origin(), t.at(), t.destination()) : t.at();
        }
    }

    /** Whether a man of the opponent's that surely stands where it does attacks the square at that moment, over squares surely empty. */
    private static boolean attackedForSure(Scene scene, Side them, boolean[] theirsStay, Picture picture, int target) {
        for (int sq = 0; sq < theirsStay.length; sq++) {
            if (theirsStay[sq] && attacks(scene, scene.cells[sq], sq, them, picture, target)) {
                return true;
            }
        }
        for (Trip t : scene.trips) {
            if (t.side() == them && !t.isResting() && attacks(scene, t.code(), picture.where(scene, t), them, picture, target)) {
                return true;
            }
        }
        return false;
    }

    private static boolean attacks(Scene scene, int code, int at, Side them, Picture picture, int target) {
        Geometry g = scene.g;
        int tx = g.fileOf(target);
        int ty = g.rankOf(target);
        for (Step st : scene.rules.pieceOf(code).movement().steps()) {
            if (!st.mode().captures() || st.initial() || st.lame()) {
                continue; // an initial move may be gone, a lame leap may be blocked: not for sure
            }
            int dx = them == Side.WHITE ? st.dx() : -st.dx();
            int dy = them == Side.WHITE ? st.dy() : -st.dy();
            int x = g.fileOf(at);
            int y = g.rankOf(at);
            for (int j = 1; j <= st.range(); j++) {
                x += dx;
                y += dy;
                if (!g.contains(x, y)) {
                    break;
                }
                if (x == tx && y == ty) {
                    return true;
                }
                if (!picture.surelyEmpty[g.index(x, y)]) {
                    break;
                }
            }
        }
        return false;
    }
}
