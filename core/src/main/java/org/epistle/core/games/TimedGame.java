package org.epistle.core.games;

/** A game and its clock as one read saw them: what a game page shows. */
public record TimedGame(GameView game, ClockView clock) {
}
