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

        if (kingAtRest && !mightBeAttacked(scene, them, kingAt)) {
            return false; // the king may stay where it is, and nothing of his could attack it there: the usual case, found cheaply
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
        // The king may take on its way, but never stands between an attacker and itself: its own walk
        // does not block (it ends on the square looked at, and the square it leaves is then empty).
        boolean[] kingsWalk = new boolean[n];
        // No move of ours may end where our travellers stand (they stay till the turn ends), nor where only
        // a traveller of his stands (it cannot be taken, and it does not move on during our turn).
        boolean[] barred = new boolean[n];
        for (Trip t : scene.trips) {
            barred[t.at()] |= !t.isResting() && (t.side() == me || !prey[t.at()]);
        }
        for (int sq = 0; sq < n; sq++) {
            if (scene.cells[sq] != 0 && Ruleset.sideOf(scene.cells[sq]) == me) {
                reach(scene, scene.cells[sq], sq, me, movesLeft, prey, barred, takeIn, scene.cells[sq] == kingCode ? kingsWalk : mayOccupy);
            }
        }
        for (Trip t : scene.trips) {
            if (t.isResting() && t.side() == me) {
                reach(scene, t.code(), t.at(), me, movesLeft, prey, barred, takeIn, t.code() == kingCode ? kingsWalk : mayOccupy);
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
        int kingLeaves = kingAtRest ? kingAt : -1;
        Picture atEnd = new Picture(scene, me, older, mayOccupy, steppedOnAtEnd, kingLeaves, false);
        Picture afterTheirSteps = new Picture(scene, me, older, mayOccupy, steppedOnAtEnd, kingLeaves, true);
        for (int s = 0; s < n; s++) {
            if (region[s] && !(endsAtRest && arrivals[s]) && !attackedForSure(scene, them, theirsStay, atEnd, s)
                    && !attackedForSure(scene, them, theirsStay, afterTheirSteps, s)) {
                return false; // a square where the king might yet end safely
            }
        }
        return true;
    }

    /**
     * Whether some man of his could attack the square at the turn's end or after his next steps, were
     * the board empty (and an arrival on it counts): a necessary condition of every danger the proof finds.
     */
    private static boolean mightBeAttacked(Scene scene, Side them, int target) {
        Geometry g = scene.g;
        for (int sq = 0; sq < scene.cells.length; sq++) {
            if (scene.cells[sq] != 0 && Ruleset.sideOf(scene.cells[sq]) == them && reachesOnEmptyBoard(scene, scene.cells[sq], sq, them, target)) {
                return true;
            }
        }
        for (Trip t : scene.trips) {
            if (t.side() == them && (reachesOnEmptyBoard(scene, t.code(), t.at(), them, target)
                    || !t.isResting() && reachesOnEmptyBoard(scene, t.code(), Path.next(g, t.origin(), t.at(), t.destination()), them, target)
                    || !t.isResting() && t.destination() == target)) {
                return true;
            }
        }
        return false;
    }

    private static boolean reachesOnEmptyBoard(Scene scene, int code, int at, Side them, int target) {
        Geometry g = scene.g;
        int ex = g.fileOf(target) - g.fileOf(at);
        int ey = g.rankOf(target) - g.rankOf(at);
        if (ex == 0 && ey == 0) {
            return false;
        }
        for (Step st : scene.rules.pieceOf(code).movement().steps()) {
            int dx = them == Side.WHITE ? st.dx() : -st.dx();
            int dy = them == Side.WHITE ? st.dy() : -st.dy();
            // the target lies j steps along: j the same on both axes, between 1 and the range
            int j = dx != 0 ? ex / dx : ey / dy;
            if (j >= 1 && j <= st.range() && j * dx == ex && j * dy == ey) {
                return true;
            }
        }
        return false;
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
     * moves that leave it at rest, free to move again), never onto a square it can never arrive on
     * ({@code barred}), and may end with any move's first step. A pawn that reaches its last rank may
     * become anything, so from there it walks and sets out like a king. What else stands in its way is
     * ignored, so this says too much, never too little. {@code takeIn}: the fewest moves to arrive on a
     * square (to take what rests there).
     */
    private static void reach(Scene scene, int code, int from, Side me, int movesLeft, boolean[] prey, boolean[] barred, int[] takeIn,
                              boolean[] mayOccupy) {
        Geometry g = scene.g;
        int n = g.size();
        Kinds kinds = Kinds.of(scene.rules);
        int[][][] steps = {kinds.units[code], KING_STEPS};
        int[][][] firsts = {kinds.firsts[code], KING_STEPS};
        boolean promotes = Ruleset.typeOf(code) == 1 && scene.rules.promotions(me).length > 0;
        int lastRank = scene.rules.promotionRank(me);
        int[] dist = new int[2 * n]; // a square, and n more for a promoted pawn
        java.util.Arrays.fill(dist, FAR);
        int[] queue = new int[2 * n];
        int head = 0;
        int tail = 0;
        dist[from] = 0;
        queue[tail++] = from;
        while (head < tail) {
            int state = queue[head++];
            int sq = state % n;
            int form = state / n;
            int d = dist[state];
            takeIn[sq] = Math.min(takeIn[sq], d == 0 ? FAR : d);
            mayOccupy[sq] = true;
            int x = g.fileOf(sq);
            int y = g.rankOf(sq);
            if (d < movesLeft) {
                // the next move's first step: where a move of this piece sets out to (a capture only onto a man of his)
                for (int[] f : firsts[form]) {
                    if (g.contains(x + f[0], y + f[1]) && (f[2] == 0 || g.contains(x + f[3], y + f[4]) && prey[g.index(x + f[3], y + f[4])])) {
                        mayOccupy[g.index(x + f[0], y + f[1])] = true;
                    }
                }
                for (int[] st : steps[form]) {
                    if (g.contains(x + st[0], y + st[1])) {
                        int to = g.index(x + st[0], y + st[1]);
                        int next = to + (form == 1 || promotes && g.rankOf(to) == lastRank ? n : 0);
                        if (dist[next] == FAR && !barred[to] && (st[2] == 0 || prey[to])) {
                            dist[next] = d + 1;
                            queue[tail++] = next;
                        }
                    }
                }
            }
        }
    }

    /** Each piece code's one-square moves and where its moves set out to, worked out once per rules (per thread: the last rules asked for). */
    private static final class Kinds {
        private static final ThreadLocal<Kinds> LAST = new ThreadLocal<>();
        final Ruleset rules;
        final int[][][] units;
        final int[][][] firsts;

        private Kinds(Ruleset rules) {
            this.rules = rules;
            units = new int[rules.codeLimit()][][];
            firsts = new int[rules.codeLimit()][][];
            for (int code = 0; code < units.length; code++) {
                if (code != 0 && Ruleset.typeOf(code) < rules.typeCount()) {
                    units[code] = unitSteps(rules, code, Ruleset.sideOf(code));
                    firsts[code] = firstSteps(rules, code, Ruleset.sideOf(code));
                }
            }
        }

        static Kinds of(Ruleset rules) {
            Kinds kept = LAST.get();
            if (kept == null || kept.rules != rules) {
                kept = new Kinds(rules);
                LAST.set(kept);
            }
            return kept;
        }
    }

    private static final int[][] KING_STEPS = {{-1, -1, 0}, {-1, 0, 0}, {-1, 1, 0}, {0, -1, 0}, {0, 1, 0}, {1, -1, 0}, {1, 0, 0}, {1, 1, 0}};

    /**
     * Where the piece's moves set out to: for each move, its first step ({@link Path#next}) and, for a
     * move that only captures, where it goes (x, y, captures only, to x, to y), on the board's frame.
     * A rider's moves all set out along its step. Leaps too long to place on the sketch board set out
     * anywhere, which says too much, never too little.
     */
    private static int[][] firstSteps(Ruleset rules, int code, Side side) {
        Geometry sketch = new Geometry(16, 16);
        int centre = sketch.index(8, 8);
        java.util.List<int[]> out = new java.util.ArrayList<>();
        for (Step st : rules.pieceOf(code).movement().steps()) {
            int dx = side == Side.WHITE ? st.dx() : -st.dx();
            int dy = side == Side.WHITE ? st.dy() : -st.dy();
            if (Math.abs(dx) > 7 || Math.abs(dy) > 7) {
                return KING_STEPS;
            }
            boolean capturesOnly = st.mode() == Step.Mode.CAPTURE && st.isLeap();
            for (int j = 1; j <= Math.min(st.range(), 7) && Math.abs(j * dx) <= 7 && Math.abs(j * dy) <= 7; j++) {
                int first = Path.next(sketch, centre, centre, sketch.index(8 + j * dx, 8 + j * dy));
                out.add(new int[] {sketch.fileOf(first) - 8, sketch.rankOf(first) - 8, capturesOnly ? 1 : 0, dx, dy});
            }
        }
        return out.toArray(int[][]::new);
    }

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

        Picture(Scene scene, Side me, List<Trip> older, boolean[] mayOccupy, boolean[] steppedOnAtEnd, int kingLeaves,
                boolean afterTheirSteps) {
            this.afterTheirSteps = afterTheirSteps;
            Geometry g = scene.g;
            int n = g.size();
            surelyEmpty = new boolean[n];
            for (int sq = 0; sq < n; sq++) {
                // the king's square is empty once it has left, and only matters as a square between when it has
                surelyEmpty[sq] = (scene.cells[sq] == 0 || sq == kingLeaves) && !mayOccupy[sq] && !steppedOnAtEnd[sq];
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
