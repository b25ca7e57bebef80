package org.epistle.core.games.rating;

/**
 * A Glicko-2 rating on the Glicko scale: the rating, its deviation (RD: how uncertain it is) and the
 * volatility (how erratic the player's results are).
 */
public record Rating(double rating, double deviation, double volatility) {
    /** A newcomer, as Glickman recommends: 1500, RD 350, volatility 0.06. */
    public static final Rating NEW = new Rating(1500, 350, 0.06);

    public Rating {
        if (!(deviation > 0) || !(volatility > 0) || !Double.isFinite(rating)) {
            throw new IllegalArgumentException("not a rating: " + rating + " RD " + deviation + " vol " + volatility);
        }
    }

    /** "1464 ±303": the rating rounded, with twice the deviation, the usual 95 % interval. */
    public String label() {
        return Math.round(rating) + " ±" + Math.round(2 * deviation);
    }
}
