package org.epistle.core.games.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TimeControlTest {

    @Test void every_kind_is_read_from_its_spec_and_written_back() {
        Map<String, TimeControl> specs = Map.of(
                "none", TimeControl.NONE,
                "3d", new TimeControl.PerMove(3),
                "30d+1d/45d", new TimeControl.Increment(30, 1, 45),
                "10m/50d", new TimeControl.MovesInDays(10, 50));
        specs.forEach((spec, control) -> {
            assertEquals(control, TimeControl.parse(spec));
            assertEquals(spec, control.spec());
        });
        assertEquals(new TimeControl.Increment(30, 3, 60), TimeControl.parse(" 30D + 3d/60d "));
    }

    @Test void a_bad_spec_is_refused_with_what_to_write() {
        for (String bad : new String[] {"", "3", "3 days", "30d+1d", "10m", "0d", "400d", "30d+1d/20d", "0m/50d", null}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TimeControl.parse(bad), bad);
            assertTrue(e.getMessage().contains("is not a time control"), e.getMessage());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TimeControl.parse("30d+1d/20d")).getMessage()
                .contains("the cap must be at least the base (30 days)"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TimeControl.parse("weekly")).getMessage()
                .contains("Write none, 3d (3 days a move)"));
    }

    @Test void each_kind_in_words() {
        assertEquals("3 days a move", TimeControl.parse("3d").describe());
        assertEquals("30 days, 1 day more after each turn, at most 45 days in hand", TimeControl.parse("30d+1d/45d").describe());
        assertEquals("10 moves in 50 days, unused time carried over", TimeControl.parse("10m/50d").describe());
    }
}
