package org.epistle.core.games;

import java.time.Duration;
import java.util.Optional;
import org.epistle.core.rules.board.Side;

/**
 * One of a player's games as a correspondence client (Xfcc) lists it: the game, the player's side, and both sides'
 * time left now (empty without a time limit or once the game is over).
 */
public record ClientGame(GameView game, Side side, Optional<Duration> timeLeft, Optional<Duration> opponentTimeLeft) {

    /** Whether the player is to move in a game that goes on. */
    public boolean isYourMove() {
        return game.isActive() && game.position().sideToMove() == side;
    }

    /** Whether the opponent's draw offer waits for the player's answer. */
    public boolean isDrawOffered() {
        return game.drawOfferedBy().filter(by -> by == side.opponent()).isPresent();
    }
}
