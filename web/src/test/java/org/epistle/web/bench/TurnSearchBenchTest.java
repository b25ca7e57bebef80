package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The end-of-game search benchmark plays its sample games through the referee and prints a row per turn length. */
class TurnSearchBenchTest {

    @Test
    void sample_games_reach_ten_move_turns_and_every_row_is_printed() {
        StringWriter text = new StringWriter();
        List<TurnSearchBench.Row> rows = TurnSearchBench.run(4, new PrintWriter(text, true));
        assertFalse(rows.isEmpty(), text.toString());
        assertTrue(rows.stream().anyMatch(r -> r.variant().equals("progressive") && r.turnLength() == 10), text.toString());
        assertTrue(rows.stream().anyMatch(r -> r.variant().equals("italian-progressive")), text.toString());
        assertEquals(0, rows.stream().mapToInt(TurnSearchBench.Row::cutShort).sum(), "no sample needed the node budget");
        assertTrue(text.toString().contains("progressive 10-move turn p99 < 50 ms: "), text.toString());
        assertTrue(rows.stream().anyMatch(r -> r.variant().equals("documented games") && r.samples() == 18), text.toString());
    }
}
