package org.epistle.core.rules.physics.magnetism;

import java.util.Optional;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.physics.PositionRule;
import org.epistle.core.rules.position.Position;

/**
 * The KO rule of Anti-gravity Chess: no position may stand twice at the start of a turn, the
 * starting position included. Checked when the turn's last move is played.
 */
public record Ko() implements PositionRule {
    @Override
    public String name() {
        return "KO rule";
    }

    @Override
    public Optional<Illegality.Builder> forbid(Position start, Position result) {
        int moves = result.rules().variant().schedule().moves(result.turnNumber(), result.sideToMove());
        if (result.movesPlayed() < moves || result.endTurn().repetitions() < 2) {
            return Optional.empty();
        }
        return Optional.of(Illegality.of(Reason.POSITION_REPEATED).fact("variant", result.rules().variant().name()));
    }
}
