package org.epistle.core.games.rating;

/** One game of a rating period from the rated player's side: the opponent's rating before it, and the score (1, ½, 0). */
public record Encounter(Rating opponent, double score) {
    public Encounter {
        if (score != 0 && score != 0.5 && score != 1) {
            throw new IllegalArgumentException("a game scores 1, ½ or 0, not " + score);
        }
    }
}
