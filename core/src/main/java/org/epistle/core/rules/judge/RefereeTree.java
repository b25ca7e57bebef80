package org.epistle.core.rules.judge;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.AfterMoveRule;
import org.epistle.core.rules.physics.PositionRule;
import org.epistle.core.rules.physics.Rule;
import org.epistle.core.rules.physics.TurnRule;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.CheckPolicy;
import org.epistle.core.rules.variant.TurnSchedule;
import org.epistle.core.rules.variant.Variant;

/**
 * The tree of a variant whose moves the chess generator alone does not judge: no check (a king is
 * captured, so every pseudo-legal move counts and a taken king ends the branch), or physics that moves
 * pieces after a move or forbids it (the magnetic field, the KO rule, energy). Each child is a turn the
 * referee accepts, so the count is the game's own. A promotion the field causes counts once, as the queen
 * a player gets by writing no piece.
 */
public final class RefereeTree {
    private RefereeTree() {
    }

    /** Why the chess generator's count would not be this variant's, or empty when it would be. */
    public static Optional<String> whyNotTheChessTree(Variant variant) {
        if (variant.checkPolicy() == CheckPolicy.NONE) {
            return Optional.of("there is no check in " + variant.name() + ": a king may be left attacked and is captured");
        }
        for (Rule r : variant.physics()) {
            if (r instanceof AfterMoveRule || r instanceof PositionRule) {
                return Optional.of(variant.name() + " adds " + r.name() + " to the moves of chess");
            }
        }
        return Optional.empty();
    }

    /** Whether this tree can be counted: every turn is one move, judged move by move by the referee. */
    public static boolean counts(Variant variant) {
        return variant.physics(TurnRule.class).isEmpty() && variant.schedule() instanceof TurnSchedule.Fixed f && f.moves() == 1;
    }

    public static long count(Position position, int depth) {
        if (depth == 0) {
            return 1;
        }
        long leaves = 0;
        for (Position child : children(position).values()) {
            leaves += count(child, depth - 1);
        }
        return leaves;
    }

    /** The count below each move at the root, by the move in long algebraic. */
    public static Map<String, Long> divide(Position position, int depth) {
        Map<String, Long> out = new LinkedHashMap<>();
        children(position).forEach((move, child) -> out.put(move, depth <= 1 ? 1L : count(child, depth - 1)));
        return out;
    }

    private static Map<String, Position> children(Position position) {
        Map<String, Position> out = new LinkedHashMap<>();
        if (position.isOver()) {
            return out;
        }
        for (Move m : position.legalMoves()) {
            String written = SanWriter.longForm(position, m);
            if (Referee.judge(position, written) instanceof Verdict.Accepted a) {
                out.put(written, a.position());
            }
        }
        return out;
    }
}
