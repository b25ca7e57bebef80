package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The end-of-game search bench: positions by seeded random play plus the documented games, before and exact in one run. */
class TurnSearchBenchTest {

    private static List<TurnSearchBench.Row> run(int positions, StringWriter text) {
        Set<String> wanted = Set.of("progressive", "italian-progressive", "realm", "quest", "progressive-lene-hau", "momentum");
        return TurnSearchBench.run(positions, 7L, wanted::contains, new PrintWriter(text, true));
    }

    @Test
    void every_family_gets_a_before_and_an_after_row_and_no_search_after_is_cut_short() {
        StringWriter text = new StringWriter();
        List<TurnSearchBench.Row> rows = run(40, text);
        assertEquals(12, rows.size(), text.toString());
        for (TurnSearchBench.Row r : rows) {
            assertTrue(r.searches() >= 40, text.toString());
            if (r.search().endsWith(", after")) {
                assertEquals(0, r.cutShort(), text.toString());
            }
        }
        // the documented games are replayed too: Galvin, the 1996 game and Boniface add their positions
        TurnSearchBench.Row progressive = rows.stream().filter(r -> r.search().equals("progressive, after")).findFirst().orElseThrow();
        assertTrue(progressive.searches() > 40 + 20, text.toString());
        assertTrue(text.toString().contains("after: p99 < 50 ms in every family: "), text.toString());
    }

    @Test
    void the_same_seed_gives_the_same_positions_and_the_same_answers() {
        StringWriter first = new StringWriter();
        StringWriter second = new StringWriter();
        List<String> a = run(25, first).stream().map(TurnSearchBench.Row::digest).toList();
        List<String> b = run(25, second).stream().map(TurnSearchBench.Row::digest).toList();
        assertEquals(a, b, first + "\n" + second);
    }

    @Test
    void an_answer_differs_from_the_old_one_only_where_the_old_search_was_cut_short() {
        StringWriter text = new StringWriter();
        List<TurnSearchBench.Row> rows = run(40, text); // before, exact, before, exact, ...
        for (int i = 0; i < rows.size(); i += 2) {
            assertTrue(rows.get(i + 1).changed() <= rows.get(i).cutShort(), text.toString());
        }
    }
}
