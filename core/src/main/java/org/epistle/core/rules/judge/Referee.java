package org.epistle.core.rules.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Side;
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
        if (ownTurns.isPresent()) {
            return ownTurns.get().judge(start, moves);
        }
        Side me = start.sideToMove();
        int allowed = variant.schedule().moves(start.turnNumber(), me);
        Position current = start;
        List<Move> played = new ArrayList<>();
        List<String> written = new ArrayList<>();
        boolean checkGiven = false;
        boolean kingTaken = false;
        boolean guardsTheKing = variant.checkPolicy().guardsTheKing();
        for (int i = 0; i < moves.size(); i++) {
            MoveText text = moves.get(i);
            if (kingTaken) {
                return reject(Illegality.of(Reason.KING_TAKEN_ENDS_GAME).fact("ordinal", ordinal(i))
                        .fact("example", String.join(variant.notation().joiner(), written))
                        .move(i, text.text()).build());
            }
            if (checkGiven) {
                return reject(Illegality.of(Reason.CHECK_ENDS_TURN).fact("ordinal", ordinal(i)).fact("nextOrdinal", ordinal(i + 1))
                        .fact("variant", variant.name().replace(" Chess", ""))
                        .fact("example", String.join(variant.notation().joiner(), written))
                        .move(i, text.text()).build());
            }
            if (i >= allowed) {
                return reject(Illegality.of(Reason.TOO_MANY_MOVES).fact("variant", variant.name())
                        .fact("allowed", plural(allowed, "move")).fact("sent", moves.size())
                        .move(i, text.text()).build());
            }
            MoveResolver.Resolution r = new MoveResolver(current, text, i, i == 0 && allowed > 1, !guardsTheKing).resolve();
            if (r.why() != null) {
                return reject(r.why());
            }
            Position next = current.play(r.move());
            String san = SanWriter.write(current, r.move());
            AfterMove.Result physics = AfterMove.play(current, r.move(), next, text, i, san); // the variant's physics acts
            if (physics.isRefused()) {
                return reject(physics.refusal());
            }
            next = physics.position();
            checkGiven = next.isCheck(me.opponent());
            kingTaken = takesTheKing(variant, current, next);
            played.add(r.move());
            written.add(san + physics.suffix() + (checkGiven ? "+" : ""));
            current = next;
        }
        if (played.size() < allowed && !checkGiven && !kingTaken) {
            boolean canGoOn = !current.legalMoves().isEmpty();
            if (canGoOn) {
                return reject(Illegality.of(Reason.TOO_FEW_MOVES).fact("variant", variant.name())
                        .fact("allowed", plural(allowed, "move")).fact("sent", played.size()).build());
            }
            return reject(Illegality.of(Reason.TURN_CANNOT_BE_COMPLETED)
                    .fact("text", String.join(variant.notation().joiner(), written)).build());
        }
        Position after = current.endTurn();
        after = withOutcome(after, me);
        if (after.outcome().map(o -> o.termination() == Outcome.Termination.CHECKMATE).orElse(false)) {
            int lastIndex = written.size() - 1;
            written.set(lastIndex, written.get(lastIndex).replace("+", "") + "#");
        }
        return new Verdict.Accepted(after, played, String.join(variant.notation().joiner(), written));
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
            return p.withOutcome(p.isCheck()
                    ? new Outcome(Outcome.Result.winner(mover), Outcome.Termination.CHECKMATE)
                    : new Outcome(Outcome.Result.DRAW, Outcome.Termination.STALEMATE));
        }
        if (p.repetitions() >= 3) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.THREEFOLD_REPETITION));
        }
        int movesPerTurn = p.rules().variant().schedule().moves(p.turnNumber() + 1, p.sideToMove());
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

    private static String ordinal(int i) {
        return switch (i) {
            case 1 -> "first";
            case 2 -> "second";
            case 3 -> "third";
            default -> (i) + "th";
        };
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** Whether a side could complete a turn, for mate and stalemate. */
    static final class TurnSearch {
        private TurnSearch() {
        }

        static boolean hasCompleteTurn(Position p) {
            int moves = p.rules().variant().schedule().moves(p.turnNumber(), p.sideToMove());
            Workboard board = p.workboard();
            return search(board, p.sideToMove(), moves, p.rules().variant().checkPolicy().guardsTheKing());
        }

        /**
         * Without check every pseudo-legal move counts, and a turn cut short by taking the king
         * is complete; with check, a check given cuts the turn short instead.
         */
        private static boolean search(Workboard board, Side me, int movesLeft, boolean guardsTheKing) {
            int[] buffer = new int[MoveGenerator.MAX_MOVES];
            int n = guardsTheKing ? MoveGenerator.legal(board, buffer) : MoveGenerator.pseudoLegal(board, buffer);
            if (movesLeft == 1 || n == 0) {
                return n > 0;
            }
            int theirKing = board.kingSquare(me.opponent());
            for (int i = 0; i < n; i++) {
                if (!guardsTheKing && Moves.to(buffer[i]) == theirKing) {
                    return true;
                }
                board.make(buffer[i], false);
                boolean done = (guardsTheKing && board.inCheck(me.opponent())) || search(board, me, movesLeft - 1, guardsTheKing);
                board.unmake();
                if (done) {
                    return true;
                }
            }
            return false;
        }
    }
}
