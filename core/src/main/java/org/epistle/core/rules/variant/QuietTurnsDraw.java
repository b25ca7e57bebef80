package org.epistle.core.rules.variant;

import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.physics.Rule;
import org.epistle.core.rules.position.Position;

/**
 * A draw either player may claim once both sides have played {@code turnsEach} turns in a row with
 * neither a capture nor a pawn move (Italian Progressive Chess: five turns each). It is a claim,
 * not an automatic end, because the rule gives way to a win that can be demonstrated: the players,
 * not the server, know whether one is there. Turns are counted, not moves, since a progressive
 * turn grows with every turn and fifty moves would pass in a few of them.
 */
public record QuietTurnsDraw(int turnsEach) implements Rule {

    @Override
    public String name() {
        return "draw after " + turnsEach + " quiet turns each";
    }

    @Override
    public boolean readsTurnLog() {
        return true;
    }

    /** Whether a draw may be claimed now. */
    public boolean claimable(Position p) {
        return p.turnLog().quietTurns() >= 2 * turnsEach;
    }

    /** Why a claim now would be refused: how far the count has gone; empty when the draw may be claimed. */
    public Optional<String> notYet(Position p) {
        if (claimable(p)) {
            return Optional.empty();
        }
        int quiet = p.turnLog().quietTurns();
        return Optional.of("a draw may be claimed after " + turnsEach + " turns each (" + 2 * turnsEach
                + " turns in a row) without a capture or a pawn move; " + (quiet == 0
                ? "the last turn had one" : "the last " + (quiet == 1 ? "turn" : quiet + " turns") + " had none"));
    }

    /** The count under the diagram once it has begun, so both players see a claim coming. */
    @Override
    public Report describe(Position p) {
        int quiet = p.turnLog().quietTurns();
        if (quiet == 0) {
            return Report.NONE;
        }
        return new Report("Quiet turns:", List.of(quiet + " of " + 2 * turnsEach + " turns in a row without a capture or a pawn move"
                + (claimable(p) ? ": either player may claim a draw (write: claim)" : "")));
    }
}
