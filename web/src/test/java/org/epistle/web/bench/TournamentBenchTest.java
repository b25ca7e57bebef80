package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bench runs end to end on a small tournament and prints its lines; its figures are judged by a person. */
class TournamentBenchTest {
    @Test
    void prints_the_floor_the_page_their_ratio_the_parts_and_the_load() throws Exception {
        StringWriter out = new StringWriter();
        TournamentBench.run(4, 20, new PrintWriter(out, true));
        List<String> lines = out.toString().lines().toList();
        assertEquals(11, lines.size(), out.toString());
        assertEquals("epistle bench tournament: a 4-player double round robin (12 games, every other one over)", lines.get(0));
        String timings = "\\s+20 requests\\s+p50\\s+[0-9.]+ ms\\s+p99\\s+[0-9.]+ ms\\s*";
        assertTrue(lines.get(1).matches("bare Javalin GET / \\(the machine's floor\\)" + timings), lines.get(1));
        assertTrue(lines.get(2).matches("bare Javalin, the page's bytes" + timings), lines.get(2));
        assertTrue(lines.get(3).matches("this app's GET /health \\(filters, no page\\)" + timings), lines.get(3));
        assertTrue(lines.get(4).matches("crosstable page GET /tournaments/\\{id}" + timings
                + "target p99 < 20 ms: (met|NOT met)"), lines.get(4));
        assertTrue(lines.get(5).matches("page / floor\\s+p50\\s+[0-9.]+\\s+p99\\s+[0-9.]+\\s+\\(same run, requests taking turns; "
                + "[0-9]+ bytes a page\\)"), lines.get(5));
        assertTrue(lines.get(6).matches("page / the page's bytes from bare Javalin\\s+p50\\s+[0-9.]+\\s+p99\\s+[0-9.]+"), lines.get(6));
        assertTrue(lines.get(7).matches("is the kept page current\\? \\(1 query\\)" + timings), lines.get(7));
        assertTrue(lines.get(8).matches("after a change: reading the tournament\\s+4 requests.*"), lines.get(8));
        assertTrue(lines.get(9).matches("after a change: rendering the page\\s+4 requests.*"), lines.get(9));
        assertTrue(lines.get(10).matches("load average \\(1 min\\) [0-9.]+ before, [0-9.]+ after, on [0-9]+ processors"), lines.get(10));
    }
}
