package org.epistle.core.rules.physics.momentum;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Material;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.MoveGenerator;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.physics.TurnRule;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.position.Physics;
import org.epistle.core.rules.position.Physics.Motion;
import org.epistle.core.rules.position.Position;

/**
 * Momentum Chess (Ralph Betza's revised rules): a piece that moves keeps moving the same way on
 * its owner's later turns until it cannot (autostop) or is stopped, and a turn is the resolution
 * of every piece in motion plus one start or stop. Check is decided by searching the next turn
 * (rule 8); a turn that leaves the mover's own king to be taken is allowed, with a warning, and
 * taking a king ends the game (rule 9). A king in check whose every turn leaves it to be taken is
 * mated: the game ends there rather than one turn later.
 */
public final class Momentum implements TurnRule {
    public static final Momentum RULE = new Momentum();

    private Momentum() {
    }

    @Override
    public String name() {
        return "momentum";
    }

    @Override
    public Verdict judge(Position start, List<MoveText> turn) {
        return judge(start, turn, false);
    }

    /** As played: a turn with more than one start or stop is made as written, for records of games where players slipped. */
    @Override
    public Verdict asPlayed(Position start, List<MoveText> turn) {
        return judge(start, turn, true);
    }

    private Verdict judge(Position start, List<MoveText> turn, boolean asPlayed) {
        MomentumTurn.Result r = MomentumTurn.play(start, turn, asPlayed);
        if (r.isRefused()) {
            return new Verdict.Rejected(r.refusal());
        }
        Side me = start.sideToMove();
        Geometry g = start.geometry();
        Map<Square, Motion> motions = new TreeMap<>(java.util.Comparator.comparing(Square::name));
        r.motions().forEach((sq, m) -> motions.put(g.square(sq), m));
        Physics physics = new Physics(motions, start.physics().travellers(), start.physics().energy());
        Position after = r.position().withPhysics(physics).endTurn();
        String notation = String.join(", ", r.written());
        List<String> notices = new ArrayList<>(r.notices());
        if (r.kingTaken()) {
            after = after.withOutcome(new Outcome(Outcome.Result.winner(me), Outcome.Termination.KING_CAPTURED));
        } else {
            if (Threat.isCheck(after)) {
                if (Escape.exists(after)) {
                    notation += "+";
                } else {
                    notation += "#";
                    after = after.withOutcome(new Outcome(Outcome.Result.winner(me), Outcome.Termination.CHECKMATE));
                }
            }
            if (Threat.isExposed(after)) {
                notices.add("Careful: your king on " + after.kingSquare(me).map(Square::name).orElse("?")
                        + " can be taken in " + me.opponent().label() + "'s next turn, which would lose the game.");
            }
            after = after.isOver() ? after : withOutcome(after);
        }
        return new Verdict.Accepted(after, r.moves(), notation, notices);
    }

    @Override
    public String turnShape() {
        return "the events in the order they happen: your pieces in motion and one start or stop";
    }

    @Override
    public boolean isCheck(Position position, Side side) {
        if (position.kingSquare(side).isEmpty() || position.isOver()) {
            return false;
        }
        return side == position.sideToMove() ? Threat.isCheck(position) : Threat.isExposed(position);
    }

    /**
     * The pieces in motion, each with where it goes next: "bishop d3 → b5 (diagonal, 2 squares a
     * turn)", or "bishop c4 → off the board: stops by itself".
     */
    @Override
    public Report describe(Position position) {
        List<String> lines = new ArrayList<>();
        Geometry g = position.geometry();
        var board = position.workboard();
        position.physics().motions().forEach((square, motion) -> {
            int sq = g.index(square);
            if (position.code(sq) == 0) {
                return;
            }
            Continuation c = Continuation.of(board, sq, motion);
            String piece = position.piece(sq).side().label() + " " + PieceNames.of(position.rules().pieceOf(position.code(sq)));
            String next = c.target() < 0 ? "off the board" : g.name(c.target());
            lines.add(piece + " " + square.name() + " → " + next + " (" + kind(motion) + ")"
                    + (c.isPossible() ? "" : ": cannot go on, stops by itself"));
        });
        return new Report("Pieces in motion", lines);
    }

    private static String kind(Motion m) {
        int ax = Math.abs(m.dx());
        int ay = Math.abs(m.dy());
        String way = ax == 0 || ay == 0 ? "straight" : ax == ay ? "diagonal" : "leap";
        int squares = Math.max(ax, ay);
        String speed = way.equals("leap") ? ax + "," + ay + " leap" : way + ", " + squares + (squares == 1 ? " square" : " squares");
        return speed + " a turn" + (m.capturing() ? ", capturing" : "");
    }

    /** Game end other than by taking the king: nothing to move, repetition, the move clock, bare material. */
    /**
     * The end-of-game search of Momentum Chess on its own, for the bench: whether the side to move has
     * a turn after which its king cannot be taken. Exhaustive, with no budget: it was never cut short.
     */
    public static boolean hasEscape(Position p) {
        return Escape.exists(p);
    }

    private static Position withOutcome(Position p) {
        boolean somethingMoving = p.physics().motions().keySet().stream()
                .anyMatch(sq -> p.pieceAt(sq).map(pc -> pc.side() == p.sideToMove()).orElse(false));
        if (!somethingMoving && MoveGenerator.pseudoLegal(p.workboard(), new int[MoveGenerator.MAX_MOVES]) == 0) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.STALEMATE));
        }
        if (p.repetitions() >= 3) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.THREEFOLD_REPETITION));
        }
        if (p.halfmoveClock() >= 100) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.FIFTY_MOVES));
        }
        if (Material.isInsufficient(p)) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.INSUFFICIENT_MATERIAL));
        }
        return p;
    }
}
