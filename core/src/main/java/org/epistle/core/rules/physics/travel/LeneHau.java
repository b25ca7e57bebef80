package org.epistle.core.rules.physics.travel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Ordinal;
import org.epistle.core.rules.judge.Material;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.physics.TurnRule;
import org.epistle.core.rules.physics.travel.Scene.Order;
import org.epistle.core.rules.physics.travel.Scene.Trip;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.position.Physics;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;

/**
 * Lene Hau Chess (Ralph Betza): nothing moves faster than one square a turn. A move is ordered
 * and judged as an ordinary chess move on the picture (the board read as chess, every piece where
 * it stands now); the piece then travels one square a turn of its owner, the first at once, and
 * cannot be stopped or captured on its way. It arrives with a crowd capture. Check is pictorial,
 * and a turn may not leave the mover's king in check, neither at once nor after the opponent's
 * travellers take their next step. A player with no legal move but with travellers passes. The
 * Progressive form gives turns of 1, 2, 3... moves; the travellers step once a turn, after its
 * last move. The readings are stated in the variants' rules summaries.
 */
public final class LeneHau implements TurnRule {
    public static final LeneHau RULE = new LeneHau();

    private LeneHau() {
    }

    @Override
    public String name() {
        return "travel";
    }

    @Override
    public boolean allowsPass() {
        return true;
    }

    @Override
    public Verdict asPlayed(Position start, List<MoveText> turn) {
        return judge(start, turn);
    }

    @Override
    public boolean isCheck(Position position, Side side) {
        return Scene.of(position).inCheck(side);
    }

    @Override
    public Verdict judge(Position start, List<MoveText> turn) {
        Side me = start.sideToMove();
        Side opponent = me.opponent();
        Ruleset rules = start.rules();
        Variant variant = rules.variant();
        int allowed = start.movesThisTurn();
        Scene scene = Scene.of(start);
        List<Trip> older = scene.travelling(me);
        List<String> written = new ArrayList<>();
        List<Move> played = new ArrayList<>();
        boolean checkGiven = false;
        boolean passed = false;
        for (int i = 0; i < turn.size(); i++) {
            MoveText text = turn.get(i);
            if (text.isPass()) {
                if (turn.size() > 1) {
                    return refuse(Illegality.of(Reason.PASS_IS_A_WHOLE_TURN).move(i, text.text()));
                }
                Optional<Order> move = Safety.firstLegal(scene, me, allowed);
                if (move.isPresent()) {
                    return refuse(Illegality.of(Reason.PASS_NOT_ALLOWED).fact("example", Orders.write(scene, move.get(), me))
                            .move(i, text.text()));
                }
                passed = true;
                written.add(MoveText.PASS);
                continue;
            }
            if (scene.kingTaken[opponent.ordinal()]) {
                return refuse(Illegality.of(Reason.KING_TAKEN_ENDS_GAME).fact("ordinal", Ordinal.of(i))
                        .fact("example", String.join(variant.notation().joiner(), written)).move(i, text.text()));
            }
            if (i >= allowed) {
                return refuse(Illegality.of(Reason.TOO_MANY_MOVES).fact("variant", variant.name())
                        .fact("allowed", plural(allowed, "move")).fact("sent", turn.size()).move(i, text.text()));
            }
            if (checkGiven) {
                return refuse(Illegality.of(Reason.CHECK_ENDS_TURN).fact("ordinal", Ordinal.of(i)).fact("nextOrdinal", Ordinal.of(i + 1))
                        .fact("variant", variant.name().replace(" Chess", ""))
                        .fact("example", String.join(variant.notation().joiner(), written)).move(i, text.text()));
            }
            Orders.Resolution r = Orders.resolve(start, scene, me, text, i);
            if (r.why() != null) {
                return new Verdict.Rejected(r.why());
            }
            // a later move of a Progressive turn never starts in check: no move may leave the king in check
            boolean wasInCheck = i == 0 && scene.inCheck(me);
            boolean exposes = Safety.mayExposeKing(scene, r.order(), me, wasInCheck);
            if (exposes && Safety.chessKingSafety(scene, r.order(), me, false) != null) {
                return refuse(Safety.chessKingSafety(scene, r.order(), me, wasInCheck).move(i, text.text()));
            }
            written.add(Orders.write(scene, r.order(), me));
            played.add(Move.of(r.order().move(), rules));
            scene.play(r.order(), me);
            if (allowed > 1 && !scene.kingTaken[opponent.ordinal()]) {
                // Progressive: every move is judged in the picture as it then stands, as in Progressive Chess
                int king = scene.king(me);
                int attacker = king < 0 || !exposes ? -1 : scene.attacker(king, opponent);
                if (attacker >= 0) {
                    Reason why = !wasInCheck ? Reason.LEAVES_KING_IN_CHECK : i == 0 ? Reason.MUST_ESCAPE_FIRST : Reason.STILL_IN_CHECK;
                    return refuse(Safety.inCheck(why, scene, king, attacker, opponent).move(i, text.text()));
                }
                checkGiven = scene.inCheck(opponent);
            }
        }
        if (!passed && written.size() < allowed && !checkGiven && !scene.kingTaken[opponent.ordinal()]) {
            Optional<Order> more = Safety.firstLegal(scene, me, allowed);
            if (more.isPresent()) {
                int missing = allowed - written.size();
                return refuse(Illegality.of(Reason.TOO_FEW_MOVES).fact("variant", variant.name())
                        .fact("allowed", plural(allowed, "move")).fact("sent", written.size()).fact("s", missing == 1 ? "" : "s")
                        .fact("forExample", ", for example " + String.join(variant.notation().joiner(), written)
                                + variant.notation().joiner() + Orders.write(scene, more.get(), me)));
            }
        }
        scene.stepAll(older);
        if (!scene.kingTaken[opponent.ordinal()]) {
            Illegality.Builder danger = Safety.danger(scene, me);
            if (danger != null) {
                int last = written.size() - 1;
                return refuse(danger.move(last, turn.get(last).text()));
            }
        }
        Position after = decide(scene.into(start).endTurn(), scene, me);
        int last = written.size() - 1;
        if (after.outcome().map(o -> o.termination() == Outcome.Termination.CHECKMATE).orElse(false)) {
            written.set(last, written.get(last) + "#");
        } else if (!after.isOver() && scene.inCheck(opponent)) {
            written.set(last, written.get(last) + "+");
        }
        return new Verdict.Accepted(after, played, String.join(variant.notation().joiner(), written));
    }

    /** A move the side to move may order next: the piece's square, its destination, and the move as the records write it. */
    public record Choice(Square from, Square to, String written) {
    }

    /**
     * The moves the side to move may make after the moves already written in this turn (none for
     * the first): for a one-move turn those that leave its king safe; in a Progressive turn those
     * that leave it out of check in the picture. For move pickers and benchmarks.
     */
    public List<Choice> choices(Position start, List<String> written) {
        return choices(start, written, null, Integer.MAX_VALUE);
    }

    /** One of the moves {@link #choices} lists, picked at random, or empty when there is none: trying orders until one is legal. */
    public Optional<Choice> randomChoice(Position start, List<String> written, java.util.random.RandomGenerator random) {
        return choices(start, written, random, 1).stream().findFirst();
    }

    private List<Choice> choices(Position start, List<String> written, java.util.random.RandomGenerator random, int wanted) {
        Side me = start.sideToMove();
        Scene scene = Scene.of(start);
        for (int i = 0; i < written.size(); i++) {
            Orders.Resolution r = Orders.resolve(start, scene, me, org.epistle.core.rules.notation.MoveReader.move(written.get(i)), i);
            if (r.why() != null) {
                return List.of();
            }
            scene.play(r.order(), me);
        }
        int allowed = start.movesThisTurn();
        List<Trip> older = scene.travelling(me);
        Geometry g = scene.g;
        List<Choice> out = new ArrayList<>();
        List<Order> orders = scene.orders(me);
        if (random != null) {
            for (int i = orders.size() - 1; i > 0; i--) {
                java.util.Collections.swap(orders, i, random.nextInt(i + 1));
            }
        }
        boolean inCheckNow = scene.inCheck(me);
        for (Order o : orders) {
            if (out.size() >= wanted) {
                break;
            }
            if (!Safety.isChessLegal(scene, o, me, inCheckNow)) {
                continue;
            }
            Scene trial = scene.copy();
            trial.play(o, me);
            boolean legal;
            if (trial.kingTaken[me.opponent().ordinal()]) {
                legal = true;
            } else if (allowed > 1) {
                legal = !trial.inCheck(me);
            } else {
                trial.stepAll(older);
                legal = trial.kingTaken[me.opponent().ordinal()] || Safety.danger(trial, me) == null;
            }
            if (legal) {
                int m = o.move();
                int to = Moves.kind(m) == Moves.CASTLING ? scene.rules.castling(Moves.castling(m)).kingTo() : Moves.to(m);
                out.add(new Choice(g.square(Moves.from(m)), g.square(to), Orders.write(scene, o, me)));
            }
        }
        return out;
    }

    /** What the end-of-game search found: whether a whole turn exists, whether it gave up first, and the part-turns it looked at. */
    public record SearchAnswer(boolean exists, boolean cutShort, int nodes) {
    }

    /**
     * The end-of-game search the referee makes after each turn, on its own: whether the side to move
     * has a move at all and, in the Progressive form, a whole turn that ends with its king safe.
     * {@code budget}: {@link #EXACT} for the search the referee makes, {@link #FORMER_BUDGET} for
     * the search as it was before (without its table, move ordering and proof), for the bench.
     */
    public static SearchAnswer wholeTurn(Position p, int budget) {
        Scene scene = Scene.of(p);
        Side next = p.sideToMove();
        int moves = p.movesThisTurn();
        if (Safety.firstLegal(scene, next, moves).isEmpty()) {
            return new SearchAnswer(false, false, 0);
        }
        if (moves <= 1) {
            return new SearchAnswer(true, false, 0);
        }
        Safety.Answer a = Safety.wholeTurnWithin(scene, next, moves, budget);
        return new SearchAnswer(a.exists(), a.cutShort(), a.nodes());
    }

    /** The part-turns the Progressive form's search used to look at before it gave up. */
    public static final int FORMER_BUDGET = Safety.FORMER_BUDGET;
    /** The Progressive form's search as the referee makes it: exact, never cut short (see Safety and Surroundings). */
    public static final int EXACT = Safety.EXACT;

    /**
     * How the game stands for the player to move next: a king taken by an arrival loses; no legal
     * move is mate when in check, stalemate without travellers, and otherwise a forced pass (lost
     * when even the pass leaves the king in check after the travellers' steps). In the Progressive
     * form a player whose every turn ends with the king in check has lost too (an exact search).
     */
    private static Position decide(Position p, Scene scene, Side mover) {
        Side next = mover.opponent();
        if (scene.kingTaken[next.ordinal()]) {
            return p.withOutcome(new Outcome(Outcome.Result.winner(mover), Outcome.Termination.KING_CAPTURED));
        }
        int moves = p.movesThisTurn();
        if (Safety.firstLegal(scene, next, moves).isPresent()) {
            if (moves > 1 && !Safety.wholeTurnExists(scene, next, moves)) {
                // every Progressive turn it can start ends with its king in check: on the opponent's turn, which loses
                return p.withOutcome(new Outcome(Outcome.Result.winner(mover),
                        scene.inCheck(next) ? Outcome.Termination.CHECKMATE : Outcome.Termination.NO_COMPLETE_TURN));
            }
        } else {
            if (scene.inCheck(next)) {
                return p.withOutcome(new Outcome(Outcome.Result.winner(mover), Outcome.Termination.CHECKMATE));
            }
            List<Trip> travelling = scene.travelling(next);
            if (travelling.isEmpty()) {
                return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.STALEMATE));
            }
            Scene pass = scene.copy();
            pass.stepAll(travelling);
            if (Safety.danger(pass, next) != null) {
                return p.withOutcome(new Outcome(Outcome.Result.winner(mover), Outcome.Termination.NO_COMPLETE_TURN));
            }
        }
        if (p.repetitions() >= 3) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.THREEFOLD_REPETITION));
        }
        if (p.halfmoveClock() >= 100 * Math.max(1, p.movesThisTurn())) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.FIFTY_MOVES));
        }
        if (scene.trips.isEmpty() && Material.isInsufficient(p)) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.INSUFFICIENT_MATERIAL));
        }
        return p;
    }

    /**
     * The travellers, each with where it stands, where it goes next and when it arrives, and every
     * square that holds more than one piece: "white rook g3 → g7 (next g4, arrives in 4 turns)".
     */
    @Override
    public Report describe(Position position) {
        if (position.physics().travellers().isEmpty()) {
            return Report.NONE;
        }
        Scene scene = Scene.of(position);
        Geometry g = scene.g;
        List<String> lines = new ArrayList<>();
        for (Physics.Traveller t : position.physics().travellers()) {
            if (t.isResting()) {
                continue;
            }
            int at = g.index(t.at());
            int destination = g.index(t.destination());
            int turns = Path.turns(g, at, destination);
            String next = turns > 1 ? "next " + g.name(Path.next(g, g.index(t.origin()), at, destination)) + ", " : "";
            lines.add(t.piece().side().key() + " " + PieceNames.of(t.piece().type()) + " " + t.at().name() + " → "
                    + t.destination().name() + " (" + next + "arrives " + (turns == 1 ? "next turn" : "in " + turns + " turns") + ")");
        }
        for (int sq = 0; sq < g.size(); sq++) {
            List<Integer> here = scene.piecesOn(sq);
            if (here.size() > 1) {
                List<String> names = new ArrayList<>();
                for (int code : here) {
                    Trip moving = null;
                    for (Trip t : scene.trips) {
                        if (t.at() == sq && t.code() == code && !t.isResting()) moving = t;
                    }
                    names.add(PieceNames.of(scene.rules, code).substring(4) + (moving == null ? " at rest" : " travelling"));
                }
                lines.add("on " + g.name(sq) + " together: " + String.join(" and ", names));
            }
        }
        return new Report("Travelling", lines);
    }

    private static Verdict refuse(Illegality.Builder b) {
        return new Verdict.Rejected(b.build());
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }
}
