package org.epistle.core.games;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.epistle.core.games.clock.TimeControl;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Variant;

/**
 * A game as a page shows it: the players, the variant and armies, the position now (rebuilt by
 * replaying the turns), every turn, and how the game stands or ended.
 *
 * @param result      "1-0", "0-1" or "1/2-1/2" once the game is over
 * @param termination how it ended: "checkmate", "resignation", "agreement", …
 * @param adminReason the reason the admin gave for adjudicating or aborting the game, as mailed to the players
 * @param startFen    where the game started when not from the variant's own array (a thematic or imported start)
 * @param timeControl the game's time control
 */
public record GameView(
        long id,
        Variant variant,
        Army whiteArmy,
        Army blackArmy,
        Player white,
        Player black,
        GameState state,
        Optional<String> result,
        Optional<String> termination,
        Optional<Side> drawOfferedBy,
        Position position,
        List<TurnRecord> turns,
        Instant createdAt,
        Instant updatedAt,
        Optional<String> adminReason,
        Optional<String> startFen,
        TimeControl timeControl) {

    public GameView {
        turns = List.copyOf(turns);
    }

    public Player player(Side side) {
        return side == Side.WHITE ? white : black;
    }

    public Army army(Side side) {
        return side == Side.WHITE ? whiteArmy : blackArmy;
    }

    public boolean isActive() {
        return state == GameState.ACTIVE;
    }

    /** One line per turn: {@code 1. e4}, {@code 1... e5}. */
    public List<String> history() {
        return turns.stream().map(TurnRecord::line).toList();
    }
}
