package org.epistle.core.rules.physics;

import java.util.List;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.position.Position;

/**
 * A rule that changes what a turn is, not only what a move sets off: in Momentum Chess a turn is
 * the resolution of every piece in motion plus one start or stop. Such a rule reads and judges
 * the whole turn itself, and decides what check means in its game.
 */
public interface TurnRule extends Rule {

    /** Judges a turn as written, after the referee has checked that the game is on and the turn not empty. */
    Verdict judge(Position start, List<MoveText> turn);

    /**
     * Makes the turn as the record has it, where the rules would refuse it but the players went on
     * (a second start in Momentum Chess); still refused when even that is impossible.
     */
    Verdict asPlayed(Position start, List<MoveText> turn);

    /** Whether a turn may be the word {@code pass} (Lene Hau Chess); the referee refuses it everywhere else. */
    default boolean allowsPass() {
        return false;
    }

    /** Whether the side's king is in check in this variant's sense. */
    boolean isCheck(Position position, Side side);
}
