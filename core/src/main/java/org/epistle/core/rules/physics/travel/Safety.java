package org.epistle.core.rules.physics.travel;

import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.physics.travel.Scene.Order;
import org.epistle.core.rules.physics.travel.Scene.Trip;
import org.epistle.core.rules.variant.Ruleset;

/**
 * The king's safety in Lene Hau Chess: a move must be legal as chess on the picture, and a turn
 * must leave the king out of check, also once the opponent's travellers take their next step.
 */
final class Safety {
    private Safety() {
    }

    /**
     * Some move the side may make now: for a one-move turn, a whole turn that leaves its king safe;
     * in the middle of a Progressive turn, a move that leaves the king out of check in the picture.
     */
    static Optional<Order> firstLegal(Scene scene, Side side, int movesThisTurn) {
        List<Trip> older = scene.travelling(side);
        boolean inCheckNow = scene.inCheck(side);
        for (Order o : scene.orders(side)) {
            if (!isChessLegal(scene, o, side, inCheckNow)) {
                continue;
            }
            Scene trial = scene.copy();
            trial.play(o, side);
            if (trial.kingTaken[side.opponent().ordinal()]) {
                return Optional.of(o);
            }
            if (movesThisTurn > 1) {
                if (!trial.inCheck(side)) return Optional.of(o);
                continue;
            }
            trial.stepAll(older);
            if (trial.kingTaken[side.opponent().ordinal()] || danger(trial, side) == null) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }

    /** Part-turns the search used to look at before it answered that a turn exists (the bench's "before"); see {@link #wholeTurnWithin}. */
    static final int FORMER_BUDGET = 200;

    /** No cap: the search the referee makes goes on until it knows (see {@link #wholeTurnWithin}). */
    static final int EXACT = Integer.MAX_VALUE;

    /** The answer of a whole-turn search, with the part-turns it looked at. */
    record Answer(boolean exists, boolean cutShort, int nodes) {
    }

    /**
     * Whether the side can play a whole Progressive turn of the given length that ends with its king
     * safe: each move legal as chess and out of check in the picture, going on while a legal move
     * is left and no check has been given, and then the turn's end safe (its travellers stepped, and
     * the opponent's next steps). Exact: first the old search (200 part-turns in the generator's order,
     * which answers most questions); where it gives up, depth first again with checks and the king's
     * moves first, remembering the part-turns proved hopeless, and cutting every part-turn that
     * {@link Surroundings} proves hopeless from the king's surroundings.
     */
    static boolean wholeTurnExists(Scene scene, Side side, int moves) {
        return wholeTurnWithin(scene, side, moves, EXACT).exists();
    }

    /**
     * As {@link #wholeTurnExists}, answering yes ({@code cutShort}) once {@code budget} part-turns are
     * looked at; with {@link #FORMER_BUDGET}, as the search was before: without its table, ordering and proof.
     */
    static Answer wholeTurnWithin(Scene scene, Side side, int moves, int budget) {
        return wholeTurnWithin(scene, side, moves, budget, true);
    }

    /** As {@link #wholeTurnWithin(Scene, Side, int, int)}; {@code proves}: whether {@link Surroundings} may cut (tests compare without). */
    static Answer wholeTurnWithin(Scene scene, Side side, int moves, int budget, boolean proves) {
        Search first = new Search(side, scene.travelling(side), FORMER_BUDGET, false, false);
        boolean exists = first.completes(scene, moves, scene.inCheck(side));
        if (budget == FORMER_BUDGET || !first.cutShort) {
            // the old search's answers are exact when it was not cut short: most questions end here, as fast as before
            return new Answer(exists, first.cutShort, first.nodes);
        }
        Search s = new Search(side, scene.travelling(side), budget, true, proves);
        exists = s.completes(scene, moves, scene.inCheck(side));
        return new Answer(exists, s.cutShort, first.nodes + s.nodes);
    }

    /**
     * The rest of a turn begun before: whether {@code movesLeft} more moves (fewer if a check or the
     * lack of a legal move ends it) can end the turn safely, {@code older} being the travellers that
     * were on their way when the turn began. For tests that check the proof against the plain search.
     */
    static Answer restOfTurn(Scene scene, Side side, List<Trip> older, int movesLeft, int budget, boolean proves) {
        Search s = new Search(side, older, budget, true, proves);
        boolean exists = s.completes(scene, movesLeft, false);
        return new Answer(exists, s.cutShort, s.nodes);
    }

    /** One whole-turn search: its side, the travellers that were on their way when the turn began, and its table. */
    private static final class Search {
        private final Side side;
        private final List<Trip> older;
        private final int budget;
        private final org.epistle.core.rules.judge.ProvenKeys hopeless = new org.epistle.core.rules.judge.ProvenKeys();
        private final boolean remembers;
        private final boolean proves;
        private int nodes;
        private boolean cutShort;

        Search(Side side, List<Trip> older, int budget, boolean remembers, boolean proves) {
            this.side = side;
            this.older = older;
            this.budget = budget;
            this.remembers = remembers;
            this.proves = proves;
        }

        boolean completes(Scene scene, int movesLeft, boolean inCheckNow) {
            if (movesLeft > 0) {
                // What follows depends only on the scene and the moves left (older is fixed for the
                // search; inCheckNow is only ever true at the root, whose moves left no later call has),
                // so a scene proved hopeless with as many moves left is hopeless again.
                long key = remembers ? key(scene, movesLeft) : 0;
                if (remembers && hopeless.contains(key)) {
                    return false;
                }
                if (proves && Surroundings.hopeless(scene, side, older, movesLeft)) {
                    // no square the king can still end on is safe, whatever the rest of the turn does
                    hopeless.add(key);
                    return false;
                }
                boolean couldMove = false;
                List<Order> orders = scene.orders(side);
                Scene[] nexts = new Scene[orders.size()];
                int[] lefts = new int[orders.size()];
                for (int i = 0; i < nexts.length; i++) {
                    Order o = orders.get(i);
                    if (++nodes > budget && budget != EXACT) {
                        cutShort = true;
                        return true;
                    }
                    boolean exposes = mayExposeKing(scene, o, side, inCheckNow);
                    if (exposes && chessKingSafety(scene, o, side, false) != null) {
                        continue;
                    }
                    Scene next = scene.copy();
                    next.play(o, side);
                    if (next.kingTaken[side.opponent().ordinal()]) {
                        return true;
                    }
                    if (exposes && next.inCheck(side)) { // the piece's first step, like its destination, only blocks
                        continue;
                    }
                    couldMove = true;
                    int left = next.inCheck(side.opponent()) ? 0 : movesLeft - 1; // a check ends the turn
                    if (!remembers) { // the search as it was: depth first in the generator's order
                        if (completes(next, left, false)) {
                            return true;
                        }
                        continue;
                    }
                    nexts[i] = next;
                    lefts[i] = left;
                }
                // Checks first (a check ends the turn, so its end is looked at at once), then the king's
                // moves (a king in danger at the end usually has to move), then the rest: only the order
                // changes, every move is still tried, so the answer is the same.
                for (int pass = 0; pass < 3 && remembers; pass++) {
                    for (int i = 0; i < nexts.length; i++) {
                        if (nexts[i] == null || pass != (lefts[i] == 0 && movesLeft > 1 ? 0
                                : Ruleset.typeOf(orders.get(i).code()) == 0 ? 1 : 2)) {
                            continue;
                        }
                        Scene next = nexts[i];
                        nexts[i] = null;
                        if (completes(next, lefts[i], false)) {
                            return true;
                        }
                    }
                }
                if (couldMove) {
                    if (remembers) {
                        hopeless.add(key);
                    }
                    return false; // the turn must go on, and no way on ends safely
                }
            }
            Scene end = scene.copy();
            end.stepAll(older);
            return end.kingTaken[side.opponent().ordinal()] || (remembers ? isSafe(end, side) : danger(end, side) == null);
        }

        private long key(Scene scene, int movesLeft) {
            long k = 0xcbf29ce484222325L;
            for (int c : scene.cells) {
                k = (k ^ c) * 0x100000001b3L;
            }
            for (Trip t : scene.trips) {
                k = (k ^ t.code()) * 0x100000001b3L;
                k = (k ^ t.at()) * 0x100000001b3L;
                // A piece that set out during this turn stays where its first step put it until the turn
                // ends (only the travellers of earlier turns step on then): where it came from and where
                // it goes change nothing in the rest of the turn, so part-turns that differ only there meet.
                if (t.isResting() || t.side() != side || older.contains(t)) {
                    k = (k ^ t.origin()) * 0x100000001b3L;
                    k = (k ^ t.destination()) * 0x100000001b3L;
                } else {
                    k = (k ^ 0x9e3779b9) * 0x100000001b3L;
                }
            }
            k = (k ^ 0x5bd1e995) * 0x100000001b3L;
            for (int[] chance : scene.chances) {
                for (int x : chance) {
                    k = (k ^ x) * 0x100000001b3L;
                }
                k = (k ^ 0x2545F491) * 0x100000001b3L;
            }
            k = (k ^ scene.rights) * 0x100000001b3L;
            return (k ^ movesLeft) * 0x100000001b3L;
        }
    }

    /** Whether the order is a legal chess move on the picture as far as the king goes; {@code inCheckNow}: the king is attacked now. */
    static boolean isChessLegal(Scene scene, Order o, Side me, boolean inCheckNow) {
        return !mayExposeKing(scene, o, me, inCheckNow) || chessKingSafety(scene, o, me, false) == null;
    }

    /**
     * Whether the order could leave the king attacked, read as chess or after the piece's first step:
     * a piece that lands (or stands on its first square) only blocks, and one that arrives takes what
     * rests there and stands in its place, so only leaving a square on a line through the king can
     * open an attack, unless the king is attacked already, moves itself, castles, an en-passant
     * capture empties a second square, or some piece's leap is lame (a piece leaving a square may
     * free it).
     */
    static boolean mayExposeKing(Scene scene, Order o, Side me, boolean inCheckNow) {
        int m = o.move();
        int kind = Moves.kind(m);
        if (inCheckNow || kind == Moves.CASTLING || kind == Moves.EN_PASSANT || Ruleset.typeOf(o.code()) == 0 || scene.hasLameLeaps()) {
            return true;
        }
        int king = scene.king(me);
        if (king < 0) {
            return false;
        }
        Geometry g = scene.g;
        int dx = g.fileOf(Moves.from(m)) - g.fileOf(king);
        int dy = g.rankOf(Moves.from(m)) - g.rankOf(king);
        return dx == 0 || dy == 0 || Math.abs(dx) == Math.abs(dy);
    }

    /**
     * Why the order is no legal chess move on the picture, or null: read as chess, with the piece on
     * its destination at once, it may not leave the king attacked. (That the king is safe once the
     * piece has taken only its first step is asked separately, of the turn's end.)
     */
    static Illegality.Builder chessKingSafety(Scene scene, Order o, Side me, boolean wasInCheck) {
        Scene asChess = scene.asChessMove(o, me);
        int king = asChess.king(me);
        int attacker = king < 0 ? -1 : asChess.attacker(king, me.opponent());
        if (attacker < 0) {
            return null;
        }
        return inCheck(wasInCheck ? Reason.STILL_IN_CHECK : Reason.LEAVES_KING_IN_CHECK, asChess, wasInCheck ? scene.king(me) : king,
                attacker, me.opponent());
    }

    /**
     * Why the side's king is not safe at the end of its turn, or null: in check in the picture; or,
     * once the opponent's travellers step on (before the opponent could be answered), taken by an
     * arrival or in check. "If you are in check but it is your opponent's turn, you have lost."
     */
    static Illegality.Builder danger(Scene scene, Side me) {
        Side opponent = me.opponent();
        int king = scene.king(me);
        if (king < 0) {
            return null;
        }
        int attacker = scene.attacker(king, opponent);
        if (attacker >= 0) {
            return inCheck(Reason.TURN_ENDS_IN_CHECK, scene, king, attacker, opponent);
        }
        Scene next = scene.copy();
        List<Trip> coming = next.travelling(opponent);
        if (coming.isEmpty()) {
            return null;
        }
        next.stepAll(coming);
        Geometry g = scene.g;
        if (next.kingTaken[me.ordinal()]) {
            Trip arriving = coming.stream().filter(t -> t.destination() == king).findFirst().orElseThrow();
            return Illegality.of(Reason.KING_WHERE_TRAVELLER_ARRIVES).fact("king", g.square(king))
                    .fact("traveller", PieceNames.of(scene.rules, arriving.code())).fact("at", g.square(arriving.at()))
                    .mark(g.square(king), g.square(arriving.at()));
        }
        int kingNext = next.king(me);
        int attackerNext = next.attacker(kingNext, opponent);
        if (attackerNext >= 0) {
            return inCheck(Reason.CHECK_AFTER_NEXT_STEP, next, kingNext, attackerNext, opponent).fact("opponent", opponent.label());
        }
        return null;
    }

    /** Whether {@link #danger} finds nothing, without writing out why: the search asks it at every end of a turn. */
    static boolean isSafe(Scene scene, Side me) {
        Side opponent = me.opponent();
        int king = scene.king(me);
        if (king < 0) {
            return true;
        }
        if (scene.attacker(king, opponent) >= 0) {
            return false;
        }
        if (scene.travelling(opponent).isEmpty()) {
            return true;
        }
        Scene next = scene.copy();
        next.stepAll(next.travelling(opponent));
        return !next.kingTaken[me.ordinal()] && next.attacker(next.king(me), opponent) < 0;
    }

    static Illegality.Builder inCheck(Reason reason, Scene scene, int king, int attacker, Side by) {
        int code = scene.piecesOn(attacker).stream().filter(c -> Ruleset.sideOf(c) == by).findFirst().orElse(0);
        Geometry g = scene.g;
        return Illegality.of(reason).fact("king", g.square(king))
                .fact("attacker", code == 0 ? "an enemy piece" : PieceNames.of(scene.rules, code)).fact("at", g.square(attacker))
                .mark(g.square(king), g.square(attacker));
    }
}
