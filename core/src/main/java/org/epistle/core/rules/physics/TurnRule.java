package org.epistle.core.rules.physics;

import java.util.List;
import java.util.Optional;
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

    /**
     * Judges a turn from the player's text, for a rule whose turns hold words besides moves (Quest-Chess's
     * {@code pass} and {@code decline}); empty to let the referee read the moves and call {@link #judge}.
     * Asked only while the game is on.
     */
    default Optional<Verdict> judgeWritten(Position start, String turn) {
        return Optional.empty();
    }

    /**
     * What the side to move is asked for now, when the rule gives a turn more shapes than "your turn"
     * (Quest-Chess: answer a capture, get out of check, go on with a turn); empty otherwise.
     */
    default Optional<Request> request(Position position) {
        return Optional.empty();
    }

    /** Whether a turn may put men on squares ({@code Ke1=f1}) rather than move them; other variants refuse such a turn. */
    default boolean readsPlacements() {
        return false;
    }

    /** What a turn is made of, for the move form's "Write it in the box (…)"; "" when a turn is a single move. */
    default String turnShape() {
        return "";
    }

    /**
     * What is asked, said to the side to move and to the other player, and how many moves the side to
     * move may send now (one for an answer), for the web page's move-by-click.
     */
    record Request(String toMover, String toOther, int moves) {
    }
}
