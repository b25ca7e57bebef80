package org.epistle.core.rules.judge;

import java.util.List;
import java.util.Map;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.variant.Breach;
import org.epistle.core.rules.variant.Castling;
import org.epistle.core.rules.variant.CheckPolicy;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.TurnConstraint;
import org.epistle.core.rules.variant.TurnSoFar;
import org.epistle.core.rules.variant.TurnStep;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.WinCondition;

/**
 * The rules of one turn of a variant, asked move by move: may this move come next, is the turn
 * over after it, may the player stop here. The referee and the end-of-game search both ask here,
 * on a workboard, so they cannot disagree.
 */
final class TurnChecks {
    final Variant variant;
    final CheckPolicy policy;
    final List<TurnConstraint> rules;
    final TurnConstraint.Shortfall shortfall;
    /** Whether a turn may be one united move of two men (Brick Chess). */
    final boolean unitedMoves;
    /** Whether some rule depends on which men moved earlier in the turn (the search must then tell such turns apart). */
    final boolean remembersMen;

    TurnChecks(Variant variant) {
        this.variant = variant;
        this.policy = variant.checkPolicy();
        this.rules = TurnConstraint.of(variant.physics());
        this.shortfall = TurnConstraint.shortfall(variant.physics());
        this.unitedMoves = rules.stream().anyMatch(r -> r instanceof TurnConstraint.Bricks);
        this.remembersMen = rules.stream().anyMatch(r -> r instanceof TurnConstraint.MovesPerMan || r instanceof TurnConstraint.EveryManBeforeAgain
                || r instanceof TurnConstraint.ManClasses || r instanceof TurnConstraint.SquareBudget);
    }

    /** Whether the mover's king is safe enough to end the turn here: always, in a game without check. */
    boolean mayEndWith(Workboard board, Side me) {
        return !policy.guardsTheKing() || !board.inCheck(me);
    }

    /** Whether a move may leave the mover's own king attacked until the turn ends. */
    boolean selfCheckWaits() {
        return policy.selfCheck() != CheckPolicy.SelfCheck.NEVER;
    }

    /**
     * Why the move may not come next, or null. {@code board} is before the move, with its pseudo-legal
     * moves; whether the move leaves the mover's king attacked is judged by the caller.
     */
    Breach check(Workboard board, TurnSoFar turn, int move) {
        Side me = turn.side();
        int to = Moves.to(move);
        int target = board.cell(to);
        if (policy.guardsTheKing() && variant.winCondition() != WinCondition.KING_CAPTURE
                && target != 0 && Ruleset.typeOf(target) == 0 && Moves.kind(move) != Moves.CASTLING) {
            return Breach.of("KING_CANNOT_BE_CAPTURED", Map.of("at", board.rules().geometry().name(to)), to);
        }
        for (TurnConstraint r : rules) {
            Breach b = r.forbids(board, turn, move);
            if (b != null) {
                return b;
            }
        }
        boolean kingMoves = Ruleset.typeOf(board.cell(Moves.from(move))) == 0;
        boolean mustEscape = policy.escapeOnFirstMove() && selfCheckWaits() && turn.played() == 0 && turn.allowed() > 1
                && board.inCheck(me);
        int kingBefore = board.kingSquare(me);
        int checker = mustEscape ? board.checkerOf(kingBefore, me.opponent()) : -1;
        int checkerCode = checker >= 0 ? board.cell(checker) : 0;
        board.make(move, false);
        boolean givesCheck = policy.guardsTheKing() && board.inCheck(me.opponent());
        int king = board.kingSquare(me);
        boolean kingAttacked = kingMoves && king >= 0 && board.checkerOf(king, me.opponent()) >= 0;
        boolean stillInCheck = mustEscape && board.inCheck(me);
        board.unmake();
        if (stillInCheck) {
            // the king may pass through check later in the turn, but a check must be answered first
            var g = board.rules().geometry();
            return Breach.of("MUST_ESCAPE_FIRST", Map.of("king", g.name(kingBefore),
                    "attacker", PieceNames.of(board.rules(), checkerCode), "at", g.name(checker)), kingBefore, checker);
        }
        if (kingAttacked && policy.selfCheck() == CheckPolicy.SelfCheck.KING_NEVER_STEPS_INTO_IT) {
            return Breach.of("KING_STEPS_INTO_CHECK", Map.of("to", board.rules().geometry().name(king)), king);
        }
        if (givesCheck) {
            int left = turn.allowed() - turn.played() - 1;
            if (policy.givenCheck() == CheckPolicy.GivenCheck.ONLY_ON_LAST_MOVE && left > 0) {
                return Breach.of("CHECK_BEFORE_LAST_MOVE", Map.of("left", left + (left == 1 ? " move" : " moves")), to);
            }
            if (policy.givenCheck() == CheckPolicy.GivenCheck.NOT_ON_FIRST_MOVE && turn.played() == 0 && turn.allowed() > 1) {
                return Breach.of("CHECK_ON_FIRST_MOVE", Map.of(), to);
            }
        }
        return null;
    }

    /** The step a move makes, read from the board before it is played. */
    static TurnStep step(Workboard before, int move, boolean gaveCheck) {
        int from = Moves.from(move);
        int to = Moves.to(move);
        int kind = Moves.kind(move);
        int captured = 0;
        int rookFrom = -1;
        int rookTo = -1;
        if (kind == Moves.CASTLING) {
            Castling c = before.rules().castling(Moves.castling(move));
            rookFrom = c.rookFrom();
            rookTo = c.rookTo();
        } else if (kind == Moves.EN_PASSANT) {
            captured = before.rules().pawnCode(before.toMove().opponent());
        } else {
            captured = before.cell(to);
        }
        return new TurnStep(from, to, kind, before.cell(from), captured, rookFrom, rookTo, gaveCheck);
    }

    /** Whether the turn is over after its moves so far; {@code board} is after the last of them. */
    boolean turnOver(Workboard board, TurnSoFar turn) {
        if (turn.played() >= turn.allowed()) {
            return true;
        }
        if (turn.played() > 0 && turn.last().captured() != 0 && Ruleset.typeOf(turn.last().captured()) == 0) {
            return true; // the king is taken: in a game without check that wins at once
        }
        if (turn.played() > 0 && turn.last().gaveCheck() && policy.givenCheck() == CheckPolicy.GivenCheck.ENDS_TURN) {
            return true;
        }
        for (TurnConstraint r : rules) {
            if (r.endsTurn(board, turn)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the player may end the turn here with moves to spare. */
    boolean mayStop(TurnSoFar turn) {
        for (TurnConstraint r : rules) {
            if (r.mayStopHere(turn)) {
                return true;
            }
        }
        return false;
    }
}
