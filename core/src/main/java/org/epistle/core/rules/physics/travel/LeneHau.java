package org.epistle.core.rules.physics.travel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Material;
import org.epistle.core.rules.judge.MoveResolver;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.physics.TurnRule;
import org.epistle.core.rules.physics.travel.Scene.Order;
import org.epistle.core.rules.physics.travel.Scene.Trip;
import org.epistle.core.rules.piece.Role;
import org.epistle.core.rules.position.Fen;
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
                Optional<Order> move = firstLegal(scene, me, allowed);
                if (move.isPresent()) {
                    return refuse(Illegality.of(Reason.PASS_NOT_ALLOWED).fact("example", write(scene, move.get(), me))
                            .move(i, text.text()));
                }
                passed = true;
                written.add(MoveText.PASS);
                continue;
            }
            if (scene.kingTaken[opponent.ordinal()]) {
                return refuse(Illegality.of(Reason.KING_TAKEN_ENDS_GAME).fact("ordinal", ordinal(i))
                        .fact("example", String.join(variant.notation().joiner(), written)).move(i, text.text()));
            }
            if (i >= allowed) {
                return refuse(Illegality.of(Reason.TOO_MANY_MOVES).fact("variant", variant.name())
                        .fact("allowed", plural(allowed, "move")).fact("sent", turn.size()).move(i, text.text()));
            }
            if (checkGiven) {
                return refuse(Illegality.of(Reason.CHECK_ENDS_TURN).fact("ordinal", ordinal(i)).fact("nextOrdinal", ordinal(i + 1))
                        .fact("variant", variant.name().replace(" Chess", ""))
                        .fact("example", String.join(variant.notation().joiner(), written)).move(i, text.text()));
            }
            Resolution r = resolve(start, scene, me, text, i);
            if (r.why() != null) {
                return new Verdict.Rejected(r.why());
            }
            if (chessKingSafety(scene, r.order(), me, false) != null) {
                return refuse(chessKingSafety(scene, r.order(), me, scene.inCheck(me)).move(i, text.text()));
            }
            // in a Progressive turn no move may leave the king in check, so only the first can start in check
            boolean wasInCheck = allowed > 1 && i == 0 && scene.inCheck(me);
            written.add(write(scene, r.order(), me));
            played.add(Move.of(r.order().move(), rules));
            scene.play(r.order(), me);
            if (allowed > 1 && !scene.kingTaken[opponent.ordinal()]) {
                // Progressive: every move is judged in the picture as it then stands, as in Progressive Chess
                int king = scene.king(me);
                int attacker = king < 0 ? -1 : scene.attacker(king, opponent);
                if (attacker >= 0) {
                    Reason why = !wasInCheck ? Reason.LEAVES_KING_IN_CHECK : i == 0 ? Reason.MUST_ESCAPE_FIRST : Reason.STILL_IN_CHECK;
                    return refuse(inCheck(why, scene, king, attacker, opponent).move(i, text.text()));
                }
                checkGiven = scene.inCheck(opponent);
            }
        }
        if (!passed && written.size() < allowed && !checkGiven && !scene.kingTaken[opponent.ordinal()]) {
            Optional<Order> more = firstLegal(scene, me, allowed);
            if (more.isPresent()) {
                int missing = allowed - written.size();
                return refuse(Illegality.of(Reason.TOO_FEW_MOVES).fact("variant", variant.name())
                        .fact("allowed", plural(allowed, "move")).fact("sent", written.size()).fact("s", missing == 1 ? "" : "s")
                        .fact("forExample", ", for example " + String.join(variant.notation().joiner(), written)
                                + variant.notation().joiner() + write(scene, more.get(), me)));
            }
        }
        scene.stepAll(older);
        if (!scene.kingTaken[opponent.ordinal()]) {
            Illegality.Builder danger = danger(scene, me);
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
            Resolution r = resolve(start, scene, me, org.epistle.core.rules.notation.MoveReader.move(written.get(i)), i);
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
        for (Order o : orders) {
            if (out.size() >= wanted) {
                break;
            }
            if (chessKingSafety(scene, o, me, false) != null) {
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
                legal = trial.kingTaken[me.opponent().ordinal()] || danger(trial, me) == null;
            }
            if (legal) {
                int m = o.move();
                int to = Moves.kind(m) == Moves.CASTLING ? scene.rules.castling(Moves.castling(m)).kingTo() : Moves.to(m);
                out.add(new Choice(g.square(Moves.from(m)), g.square(to), write(scene, o, me)));
            }
        }
        return out;
    }

    /** The move a text names among the side's orders, or why there is none. */
    private record Resolution(Order order, Illegality why) {
    }

    private static Resolution resolve(Position start, Scene scene, Side me, MoveText text, int index) {
        Ruleset rules = scene.rules;
        Geometry g = scene.g;
        List<Order> orders = scene.orders(me);
        List<Order> candidates = new ArrayList<>();
        if (text.isCastling()) {
            for (Order o : orders) {
                if (Moves.kind(o.move()) == Moves.CASTLING && rules.castling(Moves.castling(o.move())).kingside() == text.isKingside()) {
                    candidates.add(o);
                }
            }
        } else {
            Square toSquare = text.to().orElseThrow();
            if (!g.contains(toSquare) || text.from().filter(f -> !g.contains(f)).isPresent()) {
                return new Resolution(null, Illegality.of(Reason.UNREADABLE).fact("text", text.text())
                        .fact("problem", "that square is not on this board.").fact("example", "e2-e4").move(index, text.text()).build());
            }
            int to = g.index(toSquare);
            Optional<Integer> named = text.pieceBetza().isPresent() ? rules.typeIdByBetza(text.pieceBetza().get())
                    : text.pieceLetter() != 0 ? Optional.of(rules.typeIdOfRole(me, Role.ofLetter(text.pieceLetter())))
                    : text.from().isPresent() ? Optional.empty() : Optional.of(rules.typeIdOfRole(me, Role.PAWN));
            for (Order o : orders) {
                int m = o.move();
                int from = Moves.from(m);
                if (Moves.kind(m) == Moves.CASTLING || Moves.to(m) != to
                        || (text.fromFile() >= 0 && g.fileOf(from) != text.fromFile())
                        || (text.fromRank() >= 0 && g.rankOf(from) != text.fromRank())
                        || (named.isPresent() && Ruleset.typeOf(o.code()) != named.get())
                        || (named.isEmpty() && text.namesPiece())) {
                    continue;
                }
                candidates.add(o);
            }
            boolean promoting = candidates.stream().anyMatch(o -> Moves.kind(o.move()) == Moves.PROMOTION);
            if (promoting) {
                if (text.promotion().isEmpty()) {
                    return new Resolution(null, Illegality.of(Reason.PROMOTION_PIECE_MISSING).fact("to", toSquare)
                            .fact("example", text.text() + "=Q").fact("choices", choices(rules, me)).mark(toSquare)
                            .move(index, text.text()).build());
                }
                String asked = text.promotion().get();
                Optional<Integer> type = asked.length() == 1 && Role.ofLetter(asked.charAt(0)) != null
                        ? Optional.of(rules.typeIdOfRole(me, Role.ofLetter(asked.charAt(0)))) : rules.typeIdByBetza(asked);
                candidates.removeIf(o -> Moves.kind(o.move()) == Moves.PROMOTION
                        && (type.isEmpty() || Moves.promotion(o.move()) != type.get()));
                if (candidates.isEmpty()) {
                    return new Resolution(null, Illegality.of(Reason.NOT_A_PROMOTION_PIECE).fact("named", asked)
                            .fact("choices", choices(rules, me)).move(index, text.text()).build());
                }
            } else if (text.promotion().isPresent() && !candidates.isEmpty()) {
                return new Resolution(null, Illegality.of(Reason.PROMOTION_NOT_POSSIBLE).fact("named", text.promotion().get())
                        .move(index, text.text()).build());
            }
        }
        List<Integer> distinct = candidates.stream().map(Order::move).distinct().toList();
        if (distinct.size() > 1) {
            List<String> names = candidates.stream().map(o -> write(scene, o, me)).distinct().toList();
            return new Resolution(null, Illegality.of(Reason.AMBIGUOUS).fact("text", text.text())
                    .fact("candidates", String.join(", ", names)).fact("example", names.get(0)).move(index, text.text()).build());
        }
        if (candidates.isEmpty()) {
            return new Resolution(null, diagnose(start, scene, me, text, index));
        }
        return new Resolution(candidates.get(0), null);
    }

    /**
     * Why no piece at rest can make the move: asked of the chess engine on the picture, whose answer
     * is told in Lene Hau's terms when a traveller is the cause (it blocks, or it is the piece named).
     */
    private static Illegality diagnose(Position start, Scene scene, Side me, MoveText text, int index) {
        Geometry g = scene.g;
        Position picture = start.resettled(scene.picture(me), scene.rights, scene.chances.toArray(new int[0][]), scene.clock)
                .withPhysics(Physics.NONE);
        // the x of a record is not checked (a long move may aim at a square that is empty now), so the engine is asked without it
        MoveText plain = new MoveText(text.text(), text.pieceLetter(), text.pieceBetza(), text.fromFile(), text.fromRank(), text.to(),
                false, text.promotion(), text.castling(), text.companion());
        MoveResolver.Resolution r = new MoveResolver(picture, plain, index, false, true).resolve();
        if (r.why() != null) {
            Illegality why = r.why();
            if (why.reason() == Reason.PATH_BLOCKED) {
                Square at = Square.of(why.facts().get("at"));
                int blocking = g.index(at);
                Trip traveller = scene.travellerOn(blocking);
                if (traveller != null && scene.cells[blocking] == 0) { // nothing at rest there: the traveller is what blocks
                    return Illegality.of(Reason.BLOCKED_BY_TRAVELLER).fact("from", why.facts().get("from"))
                            .fact("to", why.facts().get("to")).fact("blocker", PieceNames.of(scene.rules, traveller.code()))
                            .fact("at", at).fact("destination", g.name(traveller.destination()))
                            .mark(why.marked().toArray(new Square[0])).move(index, text.text()).build();
                }
            }
            return why;
        }
        int from = g.index(r.move().from());
        Trip traveller = scene.travellerOn(from);
        if (traveller != null && traveller.side() == me) {
            return Illegality.of(Reason.TRAVELLER_TAKES_NO_ORDERS).fact("piece", PieceNames.of(scene.rules.pieceOf(traveller.code())))
                    .fact("from", r.move().from()).fact("destination", g.name(traveller.destination()))
                    .mark(r.move().from(), g.square(traveller.destination())).move(index, text.text()).build();
        }
        // the engine finds the castling in the picture, but a piece hidden under another there attacks the king's way
        if (r.move().isCastling()) {
            org.epistle.core.rules.variant.Castling c = null;
            for (org.epistle.core.rules.variant.Castling k : scene.rules.castlings()) {
                if (k.side() == me && k.kingside() == text.isKingside()) c = k;
            }
            int step = Integer.signum(c.kingTo() - c.kingFrom());
            for (int sq = c.kingFrom(); ; sq += step) {
                int attacker = scene.attacker(sq, me.opponent());
                if (attacker >= 0) {
                    int code = scene.piecesOn(attacker).stream().filter(x -> Ruleset.sideOf(x) != me).findFirst().orElseThrow();
                    return Illegality.of(Reason.CASTLING_THROUGH_CHECK).fact("at", g.square(sq))
                            .fact("attacker", PieceNames.of(scene.rules, code)).fact("from", g.square(attacker))
                            .mark(g.square(sq), g.square(attacker)).move(index, text.text()).build();
                }
                if (sq == c.kingTo()) break;
            }
            return Illegality.of(Reason.CASTLING_RIGHT_LOST).fact("side", text.isKingside() ? "on the king's side" : "on the queen's side")
                    .fact("why", "king and rook must both stand at rest on their squares").move(index, text.text()).build();
        }
        // every other move the picture allows is an order of a piece at rest, or a traveller's, answered above
        throw new IllegalStateException("the picture allows " + r.move() + " but no piece at rest makes it");
    }

    private static String choices(Ruleset rules, Side me) {
        return String.join(", ", java.util.Arrays.stream(rules.promotions(me)).mapToObj(t -> PieceNames.of(rules.type(t))).toList());
    }

    /** A move as the Lene Hau records write it: long algebraic, x when the picture shows an enemy piece on the square. */
    static String write(Scene scene, Order o, Side me) {
        int m = o.move();
        Geometry g = scene.g;
        if (Moves.kind(m) == Moves.CASTLING) {
            return scene.rules.castling(Moves.castling(m)).notation();
        }
        String piece = "";
        if (Ruleset.typeOf(o.code()) != 1) {
            String token = Fen.token(scene.rules, o.code());
            piece = token.startsWith("(") || token.startsWith("[") ? "(" + token.substring(1, token.length() - 1) + ")"
                    : token.toUpperCase();
        }
        int to = Moves.to(m);
        boolean enemyThere = Moves.kind(m) == Moves.EN_PASSANT;
        for (int code : scene.piecesOn(to)) {
            enemyThere |= Ruleset.sideOf(code) != me;
        }
        String promotion = "";
        if (Moves.kind(m) == Moves.PROMOTION) {
            String token = Fen.token(scene.rules, Ruleset.code(Moves.promotion(m), me));
            promotion = "=" + (token.startsWith("(") ? token : token.toUpperCase());
        }
        return piece + g.name(Moves.from(m)) + (enemyThere ? "x" : "-") + g.name(to) + promotion;
    }

    /**
     * Some move the side may make now: for a one-move turn, a whole turn that leaves its king safe;
     * in the middle of a Progressive turn, a move that leaves the king out of check in the picture.
     */
    static Optional<Order> firstLegal(Scene scene, Side side, int movesThisTurn) {
        List<Trip> older = scene.travelling(side);
        for (Order o : scene.orders(side)) {
            if (chessKingSafety(scene, o, side, false) != null) {
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

    /**
     * Why the order is no legal chess move on the picture, or null: read as chess, with the piece on
     * its destination at once, it may not leave the king attacked. (That the king is safe once the
     * piece has taken only its first step is asked separately, of the turn's end.)
     */
    private static Illegality.Builder chessKingSafety(Scene scene, Order o, Side me, boolean wasInCheck) {
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

    private static Illegality.Builder inCheck(Reason reason, Scene scene, int king, int attacker, Side by) {
        int code = scene.piecesOn(attacker).stream().filter(c -> Ruleset.sideOf(c) == by).findFirst().orElse(0);
        Geometry g = scene.g;
        return Illegality.of(reason).fact("king", g.square(king))
                .fact("attacker", code == 0 ? "an enemy piece" : PieceNames.of(scene.rules, code)).fact("at", g.square(attacker))
                .mark(g.square(king), g.square(attacker));
    }

    /**
     * How the game stands for the player to move next: a king taken by an arrival loses; no legal
     * move is mate when in check, stalemate without travellers, and otherwise a forced pass (lost
     * when even the pass leaves the king in check after the travellers' steps).
     */
    private static Position decide(Position p, Scene scene, Side mover) {
        Side next = mover.opponent();
        if (scene.kingTaken[next.ordinal()]) {
            return p.withOutcome(new Outcome(Outcome.Result.winner(mover), Outcome.Termination.KING_CAPTURED));
        }
        if (firstLegal(scene, next, p.movesThisTurn()).isEmpty()) {
            if (scene.inCheck(next)) {
                return p.withOutcome(new Outcome(Outcome.Result.winner(mover), Outcome.Termination.CHECKMATE));
            }
            List<Trip> travelling = scene.travelling(next);
            if (travelling.isEmpty()) {
                return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.STALEMATE));
            }
            Scene pass = scene.copy();
            pass.stepAll(travelling);
            if (danger(pass, next) != null) {
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

    private static String ordinal(int i) {
        return switch (i) {
            case 1 -> "first";
            case 2 -> "second";
            case 3 -> "third";
            default -> i + "th";
        };
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }
}
