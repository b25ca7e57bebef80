package org.epistle.core.games.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class Glicko2Test {

    /**
     * Glickman, "Example of the Glicko-2 system": a player rated 1500, RD 200, volatility 0.06, with
     * tau 0.5, beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300). He gets
     * rating 1464.06, RD 151.52, volatility 0.05999.
     */
    @Test
    void glickmans_worked_example() {
        Rating after = new Glicko2(0.5).rate(new Rating(1500, 200, 0.06), List.of(
                new Encounter(new Rating(1400, 30, 0.06), 1),
                new Encounter(new Rating(1550, 100, 0.06), 0),
                new Encounter(new Rating(1700, 300, 0.06), 0)));
        assertEquals(1464.06, after.rating(), 0.01);
        assertEquals(151.52, after.deviation(), 0.01);
        assertEquals(0.05999, after.volatility(), 0.00001);
    }

    @Test
    void a_period_without_games_only_widens_the_deviation() {
        Rating after = Glicko2.standard().rate(new Rating(1500, 200, 0.06), List.of());
        assertEquals(1500, after.rating());
        // sqrt(200² + (0.06·173.7178)²) = sqrt(40000 + 108.64)
        assertEquals(200.2714, after.deviation(), 0.001);
    }

    @Test
    void a_win_raises_and_a_loss_lowers_and_both_narrow_the_deviation() {
        Rating a = Rating.NEW;
        Rating b = Rating.NEW;
        Rating winner = Glicko2.standard().rate(a, List.of(new Encounter(b, 1)));
        Rating loser = Glicko2.standard().rate(b, List.of(new Encounter(a, 0)));
        assertTrue(winner.rating() > 1500);
        assertEquals(1500 - loser.rating(), winner.rating() - 1500, 1e-9);
        assertTrue(winner.deviation() < 350);
        Rating drawn = Glicko2.standard().rate(a, List.of(new Encounter(b, 0.5)));
        assertEquals(1500, drawn.rating(), 1e-9);
    }

    @Test
    void scores_other_than_win_draw_loss_are_refused() {
        assertThrows(IllegalArgumentException.class, () -> new Encounter(Rating.NEW, 0.7));
        assertThrows(IllegalArgumentException.class, () -> new Glicko2(0));
    }
}
