package org.epistle.core.games;

import java.time.Instant;
import java.util.Optional;
import org.epistle.core.rules.board.Side;

/**
 * One line of the list of games. {@code sideToMove} and {@code turnNumber} are read from the cached position;
 * {@code deadline} is the day the side to move should have played by, when the server sets deadlines and the
 * game goes on; {@code lastTurn} is the latest turn's line in the record ({@code 12... Nc6}, "" before the first)
 * and {@code lastTurnAt} when it was played.
 */
public record GameSummary(
        long id,
        String variantKey,
        String variantName,
        String whiteName,
        String blackName,
        GameState state,
        Side sideToMove,
        int turnNumber,
        int turnsPlayed,
        Optional<String> result,
        Instant updatedAt,
        Optional<java.time.LocalDate> deadline,
        String lastTurn,
        Optional<Instant> lastTurnAt) {
}
