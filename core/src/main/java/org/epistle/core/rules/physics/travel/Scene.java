package org.epistle.core.rules.physics.travel;

import java.util.ArrayList;
import java.util.List;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.move.MoveGenerator;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.position.Physics;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Castling;
import org.epistle.core.rules.variant.Ruleset;

/**
 * A Lene Hau board being played on: the pieces at rest, one in each square's cell, and the
 * {@link Trip}s (pieces on their way, and a second piece at rest on a square another piece of its
 * side holds). Every question the rules ask is asked of the <em>picture</em>: the board read as
 * ordinary chess, each piece counting where it stands now. Mutable, made from a position and
 * thrown away; {@link #copy()} for trying a move.
 */
final class Scene {
    /** A piece not in a cell: on its way from origin, standing on at, bound for destination; resting once at is the destination. */
    record Trip(int code, int origin, int at, int destination) {
        boolean isResting() {
            return at == destination;
        }

        Side side() {
            return Ruleset.sideOf(code);
        }
    }

    /** One move the side may order: the generator's move and which piece makes it (the one in the cell, or a resting second piece). */
    record Order(int move, int code, boolean fromCell) {
    }

    /** The generator's output, one per thread: the moves are copied out before it is used again. */
    private static final ThreadLocal<int[]> BUFFER = ThreadLocal.withInitial(() -> new int[MoveGenerator.MAX_MOVES]);

    final Ruleset rules;
    final Geometry g;
    final int[] cells;
    final List<Trip> trips;
    int rights;
    final List<int[]> chances;
    int clock;
    boolean captured;
    boolean pawnMoved;
    final boolean[] kingTaken = new boolean[2];
    /** The picture for each side, made when first asked for and forgotten whenever a piece moves. */
    private final int[][] pictures = new int[2][];
    private final Workboard[] boards = new Workboard[2];

    private Scene(Ruleset rules, int[] cells, List<Trip> trips, int rights, List<int[]> chances, int clock) {
        this.rules = rules;
        this.g = rules.geometry();
        this.cells = cells;
        this.trips = trips;
        this.rights = rights;
        this.chances = chances;
        this.clock = clock;
    }

    static Scene of(Position p) {
        Ruleset rules = p.rules();
        Geometry g = rules.geometry();
        int[] cells = new int[g.size()];
        for (int sq = 0; sq < cells.length; sq++) cells[sq] = p.code(sq);
        List<Trip> trips = new ArrayList<>();
        for (Physics.Traveller t : p.physics().travellers()) {
            int code = Ruleset.code(rules.typeIdOf(t.piece().type()).orElseThrow(), t.piece().side());
            trips.add(new Trip(code, g.index(t.origin()), g.index(t.at()), g.index(t.destination())));
        }
        return new Scene(rules, cells, trips, p.castlingRights(), new ArrayList<>(List.of(p.enPassant())), p.halfmoveClock());
    }

    Scene copy() {
        Scene s = new Scene(rules, cells.clone(), new ArrayList<>(trips), rights, new ArrayList<>(chances), clock);
        s.captured = captured;
        s.pawnMoved = pawnMoved;
        s.kingTaken[0] = kingTaken[0];
        s.kingTaken[1] = kingTaken[1];
        s.lameLeaps = lameLeaps;
        return s;
    }

    /** Whether any piece kind in play has a lame leap (Betza's n), which a piece leaving a square may free. */
    boolean hasLameLeaps() {
        if (lameLeaps == null) {
            lameLeaps = rules.types().stream().anyMatch(t -> t.movement().steps().stream().anyMatch(step -> step.lame()));
        }
        return lameLeaps;
    }

    /** Asked once a scene and handed on to its copies. */
    private Boolean lameLeaps;

    /** The travellers as the position keeps them, in a fixed order so that equal boards are equal positions. */
    List<Physics.Traveller> travellers() {
        List<Trip> sorted = new ArrayList<>(trips);
        sorted.sort(java.util.Comparator.comparingInt(Trip::at).thenComparingInt(Trip::code)
                .thenComparingInt(Trip::destination).thenComparingInt(Trip::origin));
        List<Physics.Traveller> out = new ArrayList<>(sorted.size());
        for (Trip t : sorted) {
            out.add(new Physics.Traveller(new Piece(rules.pieceOf(t.code()), t.side()), g.square(t.origin()), g.square(t.at()),
                    g.square(t.destination())));
        }
        return out;
    }

    /** The side's pieces on their way (not the resting ones), as they stand now. */
    List<Trip> travelling(Side side) {
        List<Trip> out = new ArrayList<>();
        for (Trip t : trips) {
            if (!t.isResting() && t.side() == side) out.add(t);
        }
        return out;
    }

    /**
     * The picture as one piece a square, for the engine's questions about {@code own}'s moves or
     * attacks: a square where a piece of {@code own} stands shows one of them (a piece at rest
     * first), so its men cannot land there and its attacks start there; any other occupied square
     * shows one of the pieces on it, for blocking.
     */
    int[] picture(Side own) {
        int[] kept = pictures[own.ordinal()];
        if (kept == null) {
            kept = pictures[own.ordinal()] = drawPicture(own);
        }
        return kept.clone();
    }

    /** The picture as {@link #picture} describes it, on an engine board with {@code own} to move; do not change it. */
    private Workboard pictureBoard(Side own) {
        Workboard kept = boards[own.ordinal()];
        if (kept == null) {
            if (pictures[own.ordinal()] == null) {
                pictures[own.ordinal()] = drawPicture(own);
            }
            kept = boards[own.ordinal()] = board(pictures[own.ordinal()], own);
        }
        return kept;
    }

    /** Every piece moved, arrived or was taken: the pictures are drawn again when next asked for. */
    private void changed() {
        pictures[0] = null;
        pictures[1] = null;
        boards[0] = null;
        boards[1] = null;
    }

    private int[] drawPicture(Side own) {
        int[] pic = cells.clone();
        for (Trip t : trips) {
            int shown = pic[t.at()];
            if (shown == 0 || (Ruleset.sideOf(shown) != own && t.side() == own)) {
                pic[t.at()] = t.code();
            }
        }
        return pic;
    }

    private Workboard board(int[] pic, Side toMove) {
        return new Workboard(rules, pic, toMove, rights, chancesFor(toMove), clock);
    }

    /** The square of a piece of {@code by} that attacks the square in the picture, or -1. */
    int attacker(int square, Side by) {
        int found = pictureBoard(by).attackerOf(square, by);
        if (found >= 0) return found;
        int[] pic = pictures[by.ordinal()];
        // a second piece of the attacking side on a square attacks too, though the picture shows the other one
        for (Trip t : trips) {
            if (t.side() == by && pic[t.at()] != t.code()) {
                found = hidden(pic, t.at(), t.code(), square, by);
                if (found >= 0) return found;
            }
        }
        return -1; // a piece at rest of the attacking side is always the one its square shows
    }

    private int hidden(int[] pic, int at, int code, int square, Side by) {
        int[] shown = pic.clone();
        shown[at] = code;
        return board(shown, by).attackerOf(square, by);
    }

    boolean attacked(int square, Side by) {
        return attacker(square, by) >= 0;
    }

    /** Where the side's king stands, at rest or travelling, or -1. */
    int king(Side side) {
        int code = rules.kingCode(side);
        for (int sq = 0; sq < cells.length; sq++) {
            if (cells[sq] == code) return sq;
        }
        for (Trip t : trips) {
            if (t.code() == code) return t.at();
        }
        return -1;
    }

    /** Check is pictorial: the king is attacked in the picture, travelling or not. */
    boolean inCheck(Side side) {
        int k = king(side);
        return k >= 0 && attacked(k, side.opponent());
    }

    /**
     * Whether the square holds an enemy on its way and no enemy at rest: the picture shows a piece to take,
     * but a traveller "cannot be captured", so no move of ours may end there.
     */
    boolean holdsOnlyATravellingEnemy(int sq, Side me) {
        Trip passing = travellerOn(sq);
        if (passing == null || passing.side() == me) {
            return false;
        }
        boolean enemyAtRest = cells[sq] != 0 && Ruleset.sideOf(cells[sq]) != me
                || trips.stream().anyMatch(t -> t.at() == sq && t.isResting() && t.side() != me);
        return !enemyAtRest;
    }

    /** Every move the side may order in the picture: only pieces at rest take orders, and none onto a lone enemy traveller. */
    List<Order> orders(Side me) {
        return orders(me, -1);
    }

    /**
     * The orders that end on {@code target} and every castling (all orders when it is -1): reading one written move
     * needs no others, and leaving them out early spares building them.
     */
    List<Order> orders(Side me, int target) {
        return orders(me, target, -1);
    }

    /** {@link #orders(Side, int)} made by pieces of one kind ({@link Ruleset#typeOf}), or of any kind when {@code type} is negative. */
    List<Order> orders(Side me, int target, int type) {
        Workboard shown = pictureBoard(me);
        int[] pic = pictures[me.ordinal()];
        List<Order> out = new ArrayList<>();
        int[] buffer = BUFFER.get();
        // one written move is read by its target square: only the moves that reach it are generated
        int n = target >= 0 ? MoveGenerator.pseudoLegalTo(shown, target, type, buffer) : MoveGenerator.pseudoLegal(shown, buffer);
        boolean[] loneEnemies = loneTravellingEnemies(me);
        for (int i = 0; i < n; i++) {
            int m = buffer[i];
            int from = Moves.from(m);
            boolean castling = Moves.kind(m) == Moves.CASTLING;
            if (!castling && (loneEnemies[Moves.to(m)] || target >= 0 && Moves.to(m) != target)) {
                continue;
            }
            if (Moves.kind(m) == Moves.CASTLING) {
                if (castlingAllowed(Moves.castling(m), me)) out.add(new Order(m, cells[from], true));
            } else if (cells[from] != 0 && cells[from] == pic[from]) {
                out.add(new Order(m, cells[from], true));
            }
        }
        for (Trip t : trips) {
            if (t.isResting() && t.side() == me && cells[t.at()] != t.code() && (type < 0 || Ruleset.typeOf(t.code()) == type)) {
                int[] second = pic.clone();
                second[t.at()] = t.code();
                Workboard shownWithIt = board(second, me);
                n = target >= 0 ? MoveGenerator.pseudoLegalTo(shownWithIt, target, type, buffer) : MoveGenerator.pseudoLegal(shownWithIt, buffer);
                for (int i = 0; i < n; i++) {
                    if (Moves.from(buffer[i]) == t.at() && Moves.kind(buffer[i]) != Moves.CASTLING
                            && !loneEnemies[Moves.to(buffer[i])] && (target < 0 || Moves.to(buffer[i]) == target)) {
                        out.add(new Order(buffer[i], t.code(), false));
                    }
                }
            }
        }
        return out;
    }

    /** {@link #holdsOnlyATravellingEnemy} for every square at once, asked once per generation rather than once per move. */
    private boolean[] loneTravellingEnemies(Side me) {
        boolean[] lone = new boolean[cells.length];
        for (Trip t : trips) {
            if (!t.isResting() && t.side() != me) {
                lone[t.at()] = holdsOnlyATravellingEnemy(t.at(), me);
            }
        }
        return lone;
    }

    /** Castling needs king and rook at rest on their squares, and the king neither in nor passing through check. */
    private boolean castlingAllowed(int index, Side me) {
        Castling c = rules.castling(index);
        if (cells[c.kingFrom()] != rules.kingCode(me) || cells[c.rookFrom()] != rules.cornerCode(me)) return false;
        int step = Integer.signum(c.kingTo() - c.kingFrom());
        for (int sq = c.kingFrom(); ; sq += step) {
            if (attacked(sq, me.opponent())) return false;
            if (sq == c.kingTo()) return true;
        }
    }

    /**
     * The en-passant chances the side may take: all an engine board needs, and never more than the
     * other side's eight pawns could give (the chances of both sides together can be more).
     */
    int[][] chancesFor(Side taker) {
        return chances.stream().filter(e -> e[2] == taker.ordinal()).toArray(int[][]::new);
    }

    /** Plays an order: the piece sets out and takes its first step at once (arriving at once when one step is all it needs). */
    void play(Order o, Side me) {
        changed();
        int m = o.move();
        if (Moves.kind(m) == Moves.CASTLING) {
            Castling c = rules.castling(Moves.castling(m));
            lift(c.kingFrom(), rules.kingCode(me), true);
            lift(c.rookFrom(), rules.cornerCode(me), true);
            dropRightsOf(me);
            depart(rules.kingCode(me), c.kingFrom(), c.kingTo());
            depart(rules.cornerCode(me), c.rookFrom(), c.rookTo());
            clock++;
            return;
        }
        int from = Moves.from(m);
        int to = Moves.to(m);
        lift(from, o.code(), o.fromCell());
        if (Moves.kind(m) == Moves.EN_PASSANT) {
            for (int[] e : chances) {
                if (e[0] == to && e[2] == me.ordinal()) {
                    takeAtRest(e[1], rules.pawnCode(me.opponent()));
                }
            }
        }
        chances.removeIf(e -> e[1] == from);
        for (int i = 0; i < rules.castlings().size(); i++) {
            Castling c = rules.castling(i);
            if (c.kingFrom() == from || c.rookFrom() == from) rights &= ~(1 << i);
        }
        boolean pawn = Ruleset.typeOf(o.code()) == 1;
        pawnMoved |= pawn;
        clock = pawn ? 0 : clock + 1;
        int code = Moves.kind(m) == Moves.PROMOTION ? Ruleset.code(Moves.promotion(m), me) : o.code();
        depart(code, from, to);
    }

    /**
     * The picture after the order read as a chess move: the piece (king and rook when castling) on
     * its destination at once, whatever the picture shows there of the enemy taken. A move must be
     * legal in chess on the picture, and in chess it may not leave the king attacked.
     */
    Scene asChessMove(Order o, Side me) {
        Scene s = copy();
        s.changed();
        int m = o.move();
        if (Moves.kind(m) == Moves.CASTLING) {
            Castling c = rules.castling(Moves.castling(m));
            s.lift(c.kingFrom(), rules.kingCode(me), true);
            s.lift(c.rookFrom(), rules.cornerCode(me), true);
            s.put(c.kingTo(), rules.kingCode(me));
            s.put(c.rookTo(), rules.cornerCode(me));
            return s;
        }
        int to = Moves.to(m);
        s.lift(Moves.from(m), o.code(), o.fromCell());
        if (Moves.kind(m) == Moves.EN_PASSANT) {
            for (int[] e : chances) {
                if (e[0] == to && e[2] == me.ordinal()) s.takeAtRest(e[1], rules.pawnCode(me.opponent()));
            }
        }
        if (s.cells[to] != 0 && Ruleset.sideOf(s.cells[to]) != me) {
            s.cells[to] = 0;
        }
        s.trips.removeIf(t -> t.at() == to && t.side() != me);
        s.put(to, Moves.kind(m) == Moves.PROMOTION ? Ruleset.code(Moves.promotion(m), me) : o.code());
        return s;
    }

    /** A piece comes to rest on a square: in the cell, or as a second piece. */
    private void put(int sq, int code) {
        if (cells[sq] == 0) {
            cells[sq] = code;
        } else {
            trips.add(new Trip(code, sq, sq, sq));
        }
    }

    private void dropRightsOf(Side side) {
        for (int i = 0; i < rules.castlings().size(); i++) {
            if (rules.castling(i).side() == side) rights &= ~(1 << i);
        }
    }

    /** Takes a piece off its square: out of the cell (a resting second piece moves in), or a resting second piece itself. */
    private void lift(int sq, int code, boolean fromCell) {
        if (fromCell) {
            cells[sq] = 0;
            settle(sq);
            return;
        }
        if (!removeResting(sq, code)) {
            throw new IllegalStateException("no resting " + code + " on " + g.name(sq));
        }
    }

    /** A square whose cell is empty takes in a piece resting there as a second piece. */
    private void settle(int sq) {
        for (int i = 0; i < trips.size(); i++) {
            Trip t = trips.get(i);
            if (t.isResting() && t.at() == sq) {
                trips.remove(i);
                cells[sq] = t.code();
                return;
            }
        }
    }

    private void depart(int code, int from, int to) {
        Trip t = new Trip(code, from, from, to);
        trips.add(t);
        step(t);
    }

    /** Moves every listed traveller one step on, in the order given (their arrivals touch only enemy pieces at rest). */
    void stepAll(List<Trip> travellers) {
        for (Trip t : travellers) {
            step(t);
        }
    }

    private void step(Trip t) {
        changed();
        int i = trips.indexOf(t);
        trips.remove(i);
        int next = Path.next(g, t.origin(), t.at(), t.destination());
        if (next != t.destination()) {
            trips.add(i, new Trip(t.code(), t.origin(), next, t.destination()));
            return;
        }
        arrive(t);
    }

    /**
     * Arrival: a crowd capture takes every enemy piece at rest on the square (travellers pass on
     * untouched, friends stay), and the piece comes to rest, as a second piece if a friend holds
     * the cell. A pawn that arrives from its double step may be taken en passant on the next turn.
     */
    private void arrive(Trip t) {
        int sq = t.destination();
        Side side = t.side();
        if (cells[sq] != 0 && Ruleset.sideOf(cells[sq]) != side) {
            taken(sq, cells[sq]);
            cells[sq] = 0;
        }
        for (int i = trips.size() - 1; i >= 0; i--) {
            Trip other = trips.get(i);
            if (other.isResting() && other.at() == sq && other.side() != side) {
                trips.remove(i);
                taken(sq, other.code());
            }
        }
        chances.removeIf(e -> e[1] == sq && cells[sq] == 0);
        boolean alone = cells[sq] == 0;
        put(sq, t.code()); // a piece at rest has no way left: where it came from no longer matters
        // en passant against a pawn that rests alone: one beside a friend on its square is not the piece the picture shows
        if (alone && t.code() == rules.pawnCode(side) && g.fileOf(t.origin()) == g.fileOf(sq) && Path.turns(g, t.origin(), sq) == 2) {
            int passed = g.index(g.fileOf(sq), (g.rankOf(t.origin()) + g.rankOf(sq)) / 2);
            chances.add(new int[] {passed, sq, side.opponent().ordinal()});
        }
    }

    private void taken(int sq, int code) {
        captured = true;
        clock = 0;
        if (Ruleset.typeOf(code) == 0) {
            kingTaken[Ruleset.sideIndex(code)] = true;
        }
        for (int i = 0; i < rules.castlings().size(); i++) {
            Castling c = rules.castling(i);
            if (c.kingFrom() == sq || c.rookFrom() == sq) rights &= ~(1 << i);
        }
    }

    /** En passant: the pawn is taken from the square it arrived on, if it still rests there. */
    private void takeAtRest(int sq, int code) {
        if (cells[sq] == code) {
            taken(sq, code);
            cells[sq] = 0;
            settle(sq);
            return;
        }
        if (removeResting(sq, code)) {
            taken(sq, code);
        }
    }

    /** Removes a second piece of this code resting on the square; whether there was one. */
    private boolean removeResting(int sq, int code) {
        for (int i = 0; i < trips.size(); i++) {
            Trip t = trips.get(i);
            if (t.isResting() && t.at() == sq && t.code() == code) {
                trips.remove(i);
                return true;
            }
        }
        return false;
    }

    /** The castling rights that still hold: king and rook at rest on their squares. */
    int rightsLeft() {
        int r = rights;
        for (int i = 0; i < rules.castlings().size(); i++) {
            Castling c = rules.castling(i);
            if (cells[c.kingFrom()] != rules.kingCode(c.side()) || cells[c.rookFrom()] != rules.cornerCode(c.side())) {
                r &= ~(1 << i);
            }
        }
        return r;
    }

    /** The position this board stands for, at the same moment as {@code start}. */
    Position into(Position start) {
        // the mover's own chances end with its turn (a Progressive turn may have made more than a board can hold)
        return start.resettled(cells, rightsLeft(), chancesFor(start.sideToMove().opponent()), clock)
                .withPhysics(start.physics().withTravellers(travellers()));
    }

    /** All the pieces standing on a square: the one in the cell first, then the others. */
    List<Integer> piecesOn(int sq) {
        List<Integer> out = new ArrayList<>();
        if (cells[sq] != 0) out.add(cells[sq]);
        for (Trip t : trips) {
            if (t.at() == sq) out.add(t.code());
        }
        return out;
    }

    /** The trip standing on a square, travelling (not resting), or null. */
    Trip travellerOn(int sq) {
        for (Trip t : trips) {
            if (t.at() == sq && !t.isResting()) return t;
        }
        return null;
    }
}
