package org.epistle.core.rules.physics.realm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.move.MoveGenerator;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Finds a turn the side to move may play in Realm Chess, for mate and stalemate. It tries the
 * cheap kinds first: a standard move; then rearrangements, realms nearest the king first (moving
 * the king or putting a man between is how they usually get out of check); then concentrations
 * and dispersals (in Power Realm, every combination about one realm). Every turn it tries is one
 * the referee accepts: moves without capture from the board as it stands, men and squares used
 * once, pawns kept off their first and last ranks. It is exact: it looks until it knows. (Until
 * 2026 it gave up after {@link #FORMER_BUDGET} turns tried and answered "a turn exists";
 * {@link #findWithin} still does, so that the bench can count what that cut short.)
 */
public final class RealmSearch {
    /** Turns the search used to try before it gave up. */
    public static final int FORMER_BUDGET = 100_000;
    private static final int EXACT = Integer.MAX_VALUE;

    /**
     * A turn found, as its parts; {@code cutShort} (with no parts) when the search gave up before it
     * could tell.
     */
    public record Found(List<Part> parts, boolean cutShort) {
    }

    private final Position position;
    private final RealmChess rule;
    private final Geometry g;
    private final Side me;
    private final int[] cells;
    private final int king;
    private int budget = EXACT;
    private int[] quiet;
    /** The turn being built: packed moves, and which of them are placements. */
    private final int[] turn = new int[16];
    private final boolean[] placed = new boolean[16];
    private int size;
    private boolean found;
    /** Good turns to pass over before one is taken (tests use it to pick varied turns). */
    private int toSkip;

    private RealmSearch(Position position, RealmChess rule) {
        this.position = position;
        this.rule = rule;
        this.g = position.geometry();
        this.me = position.sideToMove();
        this.cells = position.workboard().cells();
        this.king = position.workboard().kingSquare(me);
    }

    /** Whether the side to move has a turn of any kind (or the search could not tell in time). */
    public static boolean hasTurn(Position position, RealmChess rule) {
        return find(position, rule).isPresent();
    }

    /** A turn the side to move may play, or empty when there is none. */
    public static Optional<Found> find(Position position, RealmChess rule) {
        return new RealmSearch(position, rule).run();
    }

    /** The search as it was: after {@code budget} turns tried it answers with a {@code cutShort} turn. */
    public static Optional<Found> findWithin(Position position, RealmChess rule, int budget) {
        RealmSearch search = new RealmSearch(position, rule);
        search.budget = budget;
        return search.run();
    }

    /**
     * A turn of several men (or a rearrangement) the side to move may play, passing over the first
     * {@code skip} good ones; empty when there are not that many within {@link #FORMER_BUDGET} turns tried.
     */
    public static Optional<List<Part>> multiPartTurn(Position position, RealmChess rule, int skip) {
        RealmSearch search = new RealmSearch(position, rule);
        search.toSkip = skip;
        search.budget = FORMER_BUDGET; // a sampler of varied turns, not a judge: it may give up
        return search.run(false).filter(f -> !f.cutShort()).map(Found::parts);
    }

    private Optional<Found> run() {
        return run(true);
    }

    private Optional<Found> run(boolean standardFirst) {
        Workboard board = position.workboard();
        int[] buffer = new int[MoveGenerator.MAX_MOVES];
        if (standardFirst && MoveGenerator.legal(board, buffer) > 0) {
            Move m = Move.of(buffer[0], position.rules());
            return Optional.of(new Found(List.of(new Part(Moves.from(m.packed()), Moves.to(m.packed()), m.packed(), false,
                    SanWriter.write(position, m))), false));
        }
        int n = MoveGenerator.pseudoLegal(board, buffer);
        List<Integer> q = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int m = buffer[i];
            int kind = Moves.kind(m);
            if (kind != Moves.CASTLING && kind != Moves.EN_PASSANT && cells[Moves.to(m)] == 0) {
                q.add(m);
            }
        }
        quiet = q.stream().mapToInt(Integer::intValue).toArray();
        List<Realm> realms = new ArrayList<>(rule.realms().all(g));
        if (king >= 0) {
            realms.sort(Comparator.comparingInt(r -> distance(r, king)));
        }
        for (Realm realm : realms) {
            if (rearrange(realm, 0) || budget <= 0) {
                return answer();
            }
        }
        for (Realm realm : realms) {
            boolean done;
            if (rule.combined()) {
                int[] any = candidates(realm, true, true);
                done = mayHelp(realm, any, sq -> true) && choose(any, 0, realm, 8);
            } else {
                int[] into = candidates(realm, true, false);
                int[] outOf = candidates(realm, false, true);
                done = (mayHelp(realm, into, sq -> realm.contains(g, sq)) && choose(into, 0, null, 4))
                        || (mayHelp(realm, outOf, sq -> !realm.contains(g, sq)) && choose(outOf, 0, null, 4));
            }
            if (done || budget <= 0) {
                return answer();
            }
        }
        return Optional.empty();
    }

    /**
     * Whether a turn about this realm could leave the king safe. Enemy men neither move nor are
     * taken in such a turn, and a man leaving his square only opens lines, so the most a turn can
     * shield the king is by filling every empty square its men may go to ({@code reach}). If even
     * that leaves the king in check where he stands, the king must be one of the men, going to a
     * square where it would not; in Power Realm he may also be put on another square of his realm.
     */
    private boolean mayHelp(Realm realm, int[] candidates, java.util.function.IntPredicate reach) {
        if (king < 0 || !hopeless(king, reach)) {
            return true;
        }
        for (int m : candidates) {
            if (Moves.from(m) == king && !hopeless(Moves.to(m), reach)) {
                return true;
            }
        }
        return rule.combined() && realm.contains(g, king);
    }

    /** Whether the king on {@code kingTo} is in check even with every empty square in reach filled by a man of his side. */
    private boolean hopeless(int kingTo, java.util.function.IntPredicate reach) {
        int[] shielded = cells.clone();
        int kingCode = shielded[king];
        shielded[king] = 0;
        shielded[kingTo] = kingCode;
        int blocker = position.rules().pawnCode(me);
        for (int sq = 0; sq < shielded.length; sq++) {
            if (shielded[sq] == 0 && reach.test(sq)) {
                shielded[sq] = blocker;
            }
        }
        return new Workboard(position.rules(), shielded, me, 0, new int[0][], 0).inCheck(me);
    }

    private Optional<Found> answer() {
        if (!found) {
            return Optional.of(new Found(List.of(), true));
        }
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            int m = turn[i];
            int from = Moves.from(m);
            int to = Moves.to(m);
            String written;
            if (placed[i]) {
                var type = position.rules().pieceOf(cells[from]);
                written = (type.isPawn() ? "" : SanWriter.token(position.rules(), type, me)) + g.name(from) + "=" + g.name(to);
            } else {
                written = SanWriter.longForm(position, Move.of(m, position.rules()));
            }
            parts.add(new Part(from, to, m, placed[i], written));
        }
        return Optional.of(new Found(parts, false));
    }

    /** Quiet moves ending in the realm ({@code into}) and/or leaving it ({@code outOf}). */
    private int[] candidates(Realm realm, boolean into, boolean outOf) {
        return java.util.Arrays.stream(quiet).filter(m -> {
            boolean endsIn = realm.contains(g, Moves.to(m));
            boolean startsIn = realm.contains(g, Moves.from(m));
            return (into && endsIn) || (outOf && startsIn && !endsIn);
        }).toArray();
    }

    /**
     * Adds the candidates from {@code k} on, each man and square once, up to {@code max} moves, and
     * tries every set: in Power Realm ({@code realm} given) with every rearrangement of the realm's
     * other men, else as it is when it has two moves or more (one move alone is a standard move).
     */
    private boolean choose(int[] candidates, int k, Realm realm, int max) {
        for (int c = k; c < candidates.length && budget > 0; c++) {
            int m = candidates[c];
            if (!free(m)) {
                continue;
            }
            push(m, false);
            boolean done = realm != null ? rearrange(realm, size) : size >= 2 && tryTurn();
            if (done || (size < max && choose(candidates, c + 1, realm, max))) {
                return true;
            }
            size--;
        }
        return false;
    }

    /** Whether the move's man and square are not yet used by the turn being built. */
    private boolean free(int m) {
        for (int i = 0; i < size; i++) {
            if (Moves.from(turn[i]) == Moves.from(m) || Moves.to(turn[i]) == Moves.to(m)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Puts the realm's men not yet in the turn on its squares in every way (each may also stay),
     * on top of the {@code fixed} moves already chosen, and tries each turn that changes something
     * and is not a standard move.
     */
    private boolean rearrange(Realm realm, int fixed) {
        int[] squares = realm.squares(g);
        List<Integer> men = new ArrayList<>();
        List<Integer> targets = new ArrayList<>();
        for (int sq : squares) {
            int c = cells[sq];
            boolean usedAsFrom = false;
            boolean usedAsTo = false;
            for (int i = 0; i < fixed; i++) {
                usedAsFrom |= Moves.from(turn[i]) == sq;
                usedAsTo |= Moves.to(turn[i]) == sq;
            }
            if (c != 0 && Ruleset.sideOf(c) == me && !usedAsFrom) {
                men.add(sq);
            }
            if (!usedAsTo && (c == 0 || Ruleset.sideOf(c) == me)) {
                targets.add(sq);
            }
        }
        return assign(men, 0, targets, new boolean[targets.size()], fixed);
    }

    private boolean assign(List<Integer> men, int i, List<Integer> targets, boolean[] taken, int fixed) {
        if (i == men.size()) {
            boolean standard = size == fixed && fixed == 1;
            boolean nothing = size == 0;
            return !standard && !nothing && tryTurn();
        }
        int from = men.get(i);
        boolean pawn = position.rules().pieceOf(cells[from]).isPawn();
        for (int t = 0; t < targets.size() && budget > 0; t++) {
            int to = targets.get(t);
            if (taken[t] || (pawn && to != from && !pawnMayStand(to))) {
                continue;
            }
            taken[t] = true;
            boolean moves = to != from;
            if (moves) {
                push(Moves.shift(from, to), true);
            }
            if (assign(men, i + 1, targets, taken, fixed)) {
                return true;
            }
            if (moves) {
                size--;
            }
            taken[t] = false;
        }
        return false;
    }

    private boolean pawnMayStand(int square) {
        int rank = g.rankOf(square);
        return rank != g.rankFor(me, 1) && rank != g.rankFor(me, g.ranks());
    }

    private void push(int move, boolean isPlacement) {
        turn[size] = move;
        placed[size] = isPlacement;
        size++;
    }

    /** Whether the turn built so far leaves the mover's king safe. */
    private boolean tryTurn() {
        budget--;
        Workboard b = position.workboard();
        b.makeTogether(java.util.Arrays.copyOf(turn, size), false);
        found = !b.inCheck(me) && changes(b);
        if (found && toSkip > 0) {
            toSkip--;
            found = false;
        }
        return found;
    }

    /** Whether the turn changed the board: men of one kind swapped by a rearrangement change nothing. */
    private boolean changes(Workboard b) {
        for (int sq = 0; sq < cells.length; sq++) {
            if (b.cell(sq) != cells[sq]) {
                return true;
            }
        }
        return false;
    }

    private int distance(Realm r, int square) {
        int df = Math.max(0, Math.max(r.file() - g.fileOf(square), g.fileOf(square) - r.file() - 1));
        int dr = Math.max(0, Math.max(r.rank() - g.rankOf(square), g.rankOf(square) - r.rank() - 1));
        return Math.max(df, dr);
    }
}
