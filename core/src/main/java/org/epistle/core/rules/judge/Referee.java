package org.epistle.core.rules.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.move.MoveGenerator;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.notation.MoveReader;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.notation.NotationException;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.AfterMove;
import org.epistle.core.rules.physics.TurnRule;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Breach;
import org.epistle.core.rules.variant.CheckPolicy;
import org.epistle.core.rules.variant.TurnConstraint;
import org.epistle.core.rules.variant.TurnSchedule;
import org.epistle.core.rules.variant.TurnSoFar;
import org.epistle.core.rules.variant.NotationStyle;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.WinCondition;

/**
 * Judges a whole turn against a position: every move of it in order, the number of moves the
 * variant's schedule gives, the check rules inside the turn, and the end of the game after it.
 * A turn is accepted whole or refused whole.
 */
public final class Referee {
    private Referee() {
    }

    /** Reads and judges a turn as the player wrote it. */
    public static Verdict judge(Position position, String turn) {
        Optional<TurnRule> ownTurns = position.rules().variant().physics(TurnRule.class);
        if (ownTurns.isPresent() && !position.isOver()) {
            Optional<Verdict> own = ownTurns.get().judgeWritten(position, turn);
            if (own.isPresent()) {
                return own.get();
            }
        }
        List<MoveText> moves;
        try {
            moves = MoveReader.turn(turn);
        } catch (NotationException e) {
            return new Verdict.Rejected(Illegality.of(Reason.UNREADABLE)
                    .fact("text", e.text()).fact("problem", lowerFirst(e.getMessage()))
                    .fact("example", example(position.rules().variant()))
                    .move(0, e.text()).build());
        }
        return judge(position, moves);
    }

    public static Verdict judge(Position start, List<MoveText> moves) {
        Variant variant = start.rules().variant();
        if (start.isOver()) {
            return reject(Illegality.of(Reason.GAME_OVER)
                    .fact("result", describe(start.outcome().orElseThrow())).build());
        }
        if (moves.isEmpty()) {
            return reject(Illegality.of(Reason.EMPTY_TURN).fact("example", example(variant)).build());
        }
        Optional<TurnRule> ownTurns = variant.physics(TurnRule.class);
        Illegality foreign = foreignPart(variant, ownTurns, moves);
        if (foreign != null) {
            return reject(foreign);
        }
        if (ownTurns.isPresent()) {
            return ownTurns.get().judge(start, moves);
        }
        Side me = start.sideToMove();
        int allowed = start.movesThisTurn();
        TurnChecks turnChecks = new TurnChecks(variant);
        TurnSoFar turn = TurnSoFar.start(me, allowed, start.turnLog());
        Position current = start;
        List<Move> played = new ArrayList<>();
        List<String> written = new ArrayList<>();
        boolean over = false;
        boolean kingTaken = false;
        int checks = 0;
        for (int i = 0; i < moves.size(); i++) {
            MoveText text = moves.get(i);
            if (kingTaken) {
                return reject(Illegality.of(Reason.KING_TAKEN_ENDS_GAME).fact("ordinal", Ordinal.of(i))
                        .fact("example", String.join(variant.notation().joiner(), written))
                        .move(i, text.text()).build());
            }
            if (i >= allowed) {
                return reject(Illegality.of(Reason.TOO_MANY_MOVES).fact("variant", variant.name())
                        .fact("allowed", plural(allowed, "move")).fact("sent", moves.size())
                        .move(i, text.text()).build());
            }
            if (over) {
                return reject(turnAlreadyOver(variant, turn, i, written, text));
            }
            if (text.companion().isPresent()) {
                Illegality why = unitedMoveProblem(current, turnChecks, text, i);
                if (why != null) {
                    return reject(why);
                }
                UnitedMove.Pair u = UnitedMove.of(current, text);
                for (int shift : u.shifts()) {
                    Move m = Move.of(shift, current.rules());
                    Position next = current.play(m);
                    turn = turn.with(TurnChecks.step(current.workboard(), shift, next.isCheck(me.opponent())));
                    played.add(m);
                    current = next;
                }
                written.add(UnitedMove.written(start, u) + (current.isCheck(me.opponent()) ? "+" : ""));
                checks += current.isCheck(me.opponent()) ? 1 : 0;
                over = true;
                continue;
            }
            boolean escapeFirst = i == 0 && allowed > 1 && variant.checkPolicy().escapeOnFirstMove();
            MoveResolver.Resolution r = new MoveResolver(current, text, i, escapeFirst, turnChecks.selfCheckWaits()).resolve();
            if (r.why() != null) {
                return reject(r.why());
            }
            Workboard board = current.workboard();
            Breach breach = turnChecks.check(board, turn, r.move().packed());
            if (breach != null) {
                return reject(explain(current, breach, i, text));
            }
            Position next = current.play(r.move());
            String san = variant.notation().promotionStyled(SanWriter.write(current, r.move()));
            AfterMove.Result physics = AfterMove.play(current, r.move(), next, text, i, san); // the variant's physics acts
            if (physics.isRefused()) {
                return reject(physics.refusal());
            }
            next = physics.position();
            boolean checkGiven = next.isCheck(me.opponent());
            checks += checkGiven ? 1 : 0;
            kingTaken = takesTheKing(variant, current, next);
            turn = turn.with(TurnChecks.step(board, r.move().packed(), checkGiven));
            played.add(r.move());
            written.add(san + physics.suffix() + (checkGiven ? "+" : ""));
            current = next;
            over = turnChecks.turnOver(current.workboard(), turn);
        }
        if (!over && !kingTaken && !turnChecks.mayStop(turn)) {
            Optional<Illegality> shortTurn = shortTurn(variant, turnChecks, start, current, turn, written);
            if (shortTurn.isPresent()) {
                return reject(shortTurn.get());
            }
        }
        if (current.isCheck(me)) {
            return reject(endsInCheck(current, me, written.size() - 1, written));
        }
        Move last = played.get(played.size() - 1);
        long kingsSide = start.turnLog().kingsSideMenAfter(start.workboard().cells(), start.geometry(), turn.steps());
        int pawn = start.rules().pawnCode(me);
        boolean pawnMoved = turn.steps().stream().anyMatch(step -> step.mover() == pawn);
        Position after = current.endTurn(start.turnLog().after(me, allowed, played.size(), current.isCheck(me.opponent()),
                turn.captured(), last.packed(), turn.last().mover(), checks, kingsSide, pawnMoved));
        after = withOutcome(after, me);
        if (after.outcome().map(o -> o.termination() == Outcome.Termination.CHECKMATE).orElse(false)) {
            int lastIndex = written.size() - 1;
            written.set(lastIndex, written.get(lastIndex).replace("+", "") + "#");
        }
        return new Verdict.Accepted(after, played, String.join(variant.notation().joiner(), written));
    }

    /**
     * Why a draw claimed now would be refused, or empty when the rules grant it (Italian Progressive:
     * five turns each without a capture or a pawn move). Only a variant with such a rule has a draw
     * to claim; elsewhere a draw is offered and accepted.
     */
    public static Optional<String> drawClaimRefused(Position p) {
        Variant variant = p.rules().variant();
        return variant.physics(org.epistle.core.rules.variant.QuietTurnsDraw.class).map(rule -> rule.notYet(p))
                .orElse(Optional.of("in " + variant.name() + " a draw is never claimed, only agreed"));
    }

    /**
     * The first part of a turn written in another game's notation that this variant does not read, or null:
     * a placement ({@code Ke1=f1}, Realm Chess), a pass (Lene Hau Chess), or a united move ({@code a&b},
     * Brick Chess) where a turn rule reads men one by one.
     */
    private static Illegality foreignPart(Variant variant, Optional<TurnRule> ownTurns, List<MoveText> moves) {
        boolean placements = ownTurns.map(TurnRule::readsPlacements).orElse(false);
        boolean passes = ownTurns.map(TurnRule::allowsPass).orElse(false);
        for (int i = 0; i < moves.size(); i++) {
            MoveText m = moves.get(i);
            if (m.placement() && !placements) {
                return Illegality.of(Reason.MOVE_NOT_IN_VARIANT).fact("variant", variant.name())
                        .fact("kind", "placing of men on squares (" + m.text() + "); a move is written with - or x, as in "
                                + example(variant))
                        .move(i, m.text()).build();
            }
            if (m.isPass() && !passes) {
                return Illegality.of(Reason.NO_PASSING).fact("variant", variant.name()).move(i, m.text()).build();
            }
            if (m.isFileCapture() && ownTurns.isPresent()) {
                return Illegality.of(Reason.MOVE_NOT_IN_VARIANT).fact("variant", variant.name())
                        .fact("kind", "pawn captures written without the rank (" + m.text() + "): write the square taken on, as in "
                                + example(variant))
                        .move(i, m.text()).build();
            }
            if (m.companion().isPresent() && ownTurns.isPresent()) {
                return Illegality.of(Reason.MOVE_NOT_IN_VARIANT).fact("variant", variant.name())
                        .fact("kind", "united moves (" + m.text() + "): write each man's move apart, joined by commas")
                        .move(i, m.text()).build();
            }
        }
        return null;
    }

    /** Why a united move (Brick Chess) may not be played here, or null. */
    private static Illegality unitedMoveProblem(Position current, TurnChecks checks, MoveText text, int i) {
        String why = null;
        UnitedMove.Pair u = UnitedMove.of(current, text);
        if (!checks.unitedMoves) {
            why = "there are no united moves in " + current.rules().variant().name();
        } else if (i > 0) {
            why = "a united move is a whole turn by itself";
        } else if (u == null) {
            why = "a square is not on the board";
        } else {
            why = UnitedMove.problem(current.workboard(), u);
        }
        return why == null ? null : Illegality.of(Reason.UNITED_MOVE_ILLEGAL).fact("text", text.text()).fact("why", why)
                .move(i, text.text()).build();
    }

    /** A move sent after the turn ended: by a check, or by the variant's own rule. */
    private static Illegality turnAlreadyOver(Variant variant, TurnSoFar turn, int i, List<String> written, MoveText text) {
        if (turn.last().gaveCheck() && variant.checkPolicy().givenCheck() == CheckPolicy.GivenCheck.ENDS_TURN) {
            return Illegality.of(Reason.CHECK_ENDS_TURN).fact("ordinal", Ordinal.of(i)).fact("nextOrdinal", Ordinal.of(i + 1))
                    .fact("variant", variant.name().replace(" Chess", ""))
                    .fact("example", String.join(variant.notation().joiner(), written))
                    .move(i, text.text()).build();
        }
        return Illegality.of(Reason.TURN_ALREADY_OVER).fact("last", written.get(written.size() - 1))
                .fact("variant", variant.name()).fact("example", String.join(variant.notation().joiner(), written))
                .move(i, text.text()).build();
    }

    /** Why a turn with fewer moves than its entitlement is refused, or empty when the missing moves are lost. */
    private static Optional<Illegality> shortTurn(Variant variant, TurnChecks rules, Position start, Position current,
                                                  TurnSoFar turn, List<String> written) {
        Workboard board = current.workboard();
        int[] buffer = new int[MoveGenerator.MAX_MOVES];
        int n = rules.selfCheckWaits() ? MoveGenerator.pseudoLegal(board, buffer) : MoveGenerator.legal(board, buffer);
        boolean canGoOn = false;
        for (int i = 0; i < n && !canGoOn; i++) {
            canGoOn = rules.check(board, turn, buffer[i]) == null;
        }
        if (canGoOn) {
            Optional<List<Integer>> completion = TurnSearch.completion(current, turn);
            String example = completion
                    .map(rest -> ", for example " + String.join(variant.notation().joiner(), written) + variant.notation().joiner()
                            + writeMoves(current, rest, variant)).orElse("");
            String allowed;
            int missing;
            if (turn.allowed() >= TurnSchedule.UNLIMITED) {
                // Swarm, Kazan: no number of moves is set, it is the men that can still move that must
                missing = completion.map(List::size).orElse(2);
                allowed = (completion.isPresent() ? plural(turn.played() + missing, "move") : "more moves")
                        + " from this position, since your men that can still move must move too";
            } else {
                missing = turn.allowed() - turn.played();
                allowed = plural(turn.allowed(), "move");
            }
            return Optional.of(Illegality.of(Reason.TOO_FEW_MOVES).fact("variant", variant.name())
                    .fact("allowed", allowed).fact("sent", turn.played())
                    .fact("s", missing == 1 ? "" : "s").fact("forExample", example).build());
        }
        if (rules.shortfall == TurnConstraint.Shortfall.MOVES_LOST) {
            return Optional.empty();
        }
        Position turnStart = start;
        String example = TurnSearch.completion(turnStart, TurnSoFar.start(turn.side(), turn.allowed(), turn.log()))
                .map(whole -> ", for example " + writeMoves(turnStart, whole, variant)).orElse("");
        return Optional.of(Illegality.of(Reason.TURN_CANNOT_BE_COMPLETED)
                .fact("text", String.join(variant.notation().joiner(), written)).fact("forExample", example).build());
    }

    /** Packed moves from a position, written as the variant writes a turn. */
    private static String writeMoves(Position from, List<Integer> moves, Variant variant) {
        List<String> out = new ArrayList<>();
        Position p = from;
        for (int m : moves) {
            Move move = Move.of(m, p.rules());
            out.add(variant.notation().promotionStyled(SanWriter.write(p, move)));
            p = p.play(move);
        }
        return String.join(variant.notation().joiner(), out);
    }

    private static Illegality endsInCheck(Position current, Side me, int index, List<String> written) {
        Square king = current.kingSquare(me).orElseThrow();
        Workboard b = current.workboard();
        int attacker = b.checkerOf(current.geometry().index(king), me.opponent());
        return Illegality.of(Reason.TURN_ENDS_IN_CHECK).fact("king", king)
                .fact("attacker", PieceNames.of(current.rules(), b.cell(attacker))).fact("at", current.geometry().square(attacker))
                .mark(king, current.geometry().square(attacker)).move(index, written.get(index)).build();
    }

    /** A turn rule's refusal in the referee's words. */
    private static Illegality explain(Position current, Breach breach, int index, MoveText text) {
        Illegality.Builder b = Illegality.of(Reason.valueOf(breach.reason())).move(index, text.text());
        breach.facts().forEach(b::fact);
        b.fact("variant", current.rules().variant().name());
        for (int sq : breach.squares()) {
            b.mark(current.geometry().square(sq));
        }
        return b.build();
    }

    /** Whether the move from {@code before} to {@code after} took the opponent's king in a game won that way. */
    private static boolean takesTheKing(Variant variant, Position before, Position after) {
        Side opponent = before.sideToMove().opponent();
        return variant.winCondition() == WinCondition.KING_CAPTURE
                && before.kingSquare(opponent).isPresent() && after.kingSquare(opponent).isEmpty();
    }

    /** Decides whether the game ended with the turn just played by {@code mover}. */
    static Position withOutcome(Position p, Side mover) {
        if (p.rules().variant().winCondition() == WinCondition.KING_CAPTURE && p.kingSquare(p.sideToMove()).isEmpty()) {
            return p.withOutcome(new Outcome(Outcome.Result.winner(mover), Outcome.Termination.KING_CAPTURED));
        }
        if (!TurnSearch.hasCompleteTurn(p)) {
            if (p.isCheck()) {
                return p.withOutcome(new Outcome(Outcome.Result.winner(mover), Outcome.Termination.CHECKMATE));
            }
            return p.withOutcome(switch (TurnConstraint.shortfall(p.rules().variant().physics())) {
                case LOSES -> new Outcome(Outcome.Result.winner(mover), Outcome.Termination.NO_COMPLETE_TURN);
                case WINS -> new Outcome(Outcome.Result.winner(mover.opponent()), Outcome.Termination.STALEMATE);
                default -> new Outcome(Outcome.Result.DRAW, Outcome.Termination.STALEMATE);
            });
        }
        if (p.repetitions() >= 3) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.THREEFOLD_REPETITION));
        }
        int movesPerTurn = Math.max(1, p.movesThisTurn());
        if (p.halfmoveClock() >= 100 * movesPerTurn) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.FIFTY_MOVES));
        }
        if (Material.isInsufficient(p)) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.INSUFFICIENT_MATERIAL));
        }
        return p;
    }

    private static Verdict reject(Illegality why) {
        return new Verdict.Rejected(why);
    }

    static String describe(Outcome o) {
        return o.result().notation() + " by " + o.termination().text();
    }

    private static String example(Variant variant) {
        return variant.isMultiMove() || variant.notation() != NotationStyle.SAN ? variant.notation().example() : "Nf3 or e2-e4";
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
