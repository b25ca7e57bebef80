package org.epistle.core.games.rating;

import java.util.List;

/**
 * Glickman's Glicko-2 system ("Example of the Glicko-2 system", 2013), step by step. A pure function
 * from a rating and one rating period's games to the new rating; Epistle makes every rated game a
 * period of its own, since correspondence games end one at a time and weeks apart.
 */
public final class Glicko2 {
    /** The factor between the Glicko scale and the Glicko-2 scale. */
    static final double SCALE = 173.7178;
    static final double CONVERGENCE = 0.000001;

    private final double tau;

    /** {@code tau} constrains how fast volatility changes: Glickman suggests 0.3 to 1.2. */
    public Glicko2(double tau) {
        if (!(tau > 0)) {
            throw new IllegalArgumentException("tau must be positive, not " + tau);
        }
        this.tau = tau;
    }

    /** Epistle's system constant: the middle of Glickman's range, as in his example. */
    public static Glicko2 standard() {
        return new Glicko2(0.5);
    }

    public Rating rate(Rating player, List<Encounter> games) {
        // Step 2: to the Glicko-2 scale.
        double mu = (player.rating() - 1500) / SCALE;
        double phi = player.deviation() / SCALE;
        double sigma = player.volatility();
        if (games.isEmpty()) {
            // Step 6 alone: an idle period only widens the deviation.
            double phiStar = Math.sqrt(phi * phi + sigma * sigma);
            return new Rating(player.rating(), phiStar * SCALE, sigma);
        }
        // Steps 3 and 4: the estimated variance v and improvement delta.
        double vInverse = 0;
        double sum = 0;
        for (Encounter e : games) {
            double muJ = (e.opponent().rating() - 1500) / SCALE;
            double phiJ = e.opponent().deviation() / SCALE;
            double g = g(phiJ);
            double expected = 1 / (1 + Math.exp(-g * (mu - muJ)));
            vInverse += g * g * expected * (1 - expected);
            sum += g * (e.score() - expected);
        }
        double v = 1 / vInverse;
        double delta = v * sum;
        // Step 5: the new volatility, by the Illinois algorithm.
        double sigmaNew = volatility(delta, phi, v, sigma);
        // Steps 6 and 7: new deviation and rating.
        double phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
        double phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
        double muNew = mu + phiNew * phiNew * sum;
        // Step 8: back to the Glicko scale.
        return new Rating(SCALE * muNew + 1500, SCALE * phiNew, sigmaNew);
    }

    private static double g(double phi) {
        return 1 / Math.sqrt(1 + 3 * phi * phi / (Math.PI * Math.PI));
    }

    private double volatility(double delta, double phi, double v, double sigma) {
        double a = Math.log(sigma * sigma);
        double deltaSq = delta * delta;
        double phiSq = phi * phi;
        java.util.function.DoubleUnaryOperator f = x -> {
            double ex = Math.exp(x);
            double d = phiSq + v + ex;
            return ex * (deltaSq - phiSq - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
        };
        double upper = a;
        double lower;
        if (deltaSq > phiSq + v) {
            lower = Math.log(deltaSq - phiSq - v);
        } else {
            int k = 1;
            while (f.applyAsDouble(a - k * tau) < 0) {
                k++;
            }
            lower = a - k * tau;
        }
        double fUpper = f.applyAsDouble(upper);
        double fLower = f.applyAsDouble(lower);
        while (Math.abs(lower - upper) > CONVERGENCE) {
            double c = upper + (upper - lower) * fUpper / (fLower - fUpper);
            double fC = f.applyAsDouble(c);
            if (fC * fLower <= 0) {
                upper = lower;
                fUpper = fLower;
            } else {
                fUpper = fUpper / 2;
            }
            lower = c;
            fLower = fC;
        }
        return Math.exp(upper / 2);
    }
}
