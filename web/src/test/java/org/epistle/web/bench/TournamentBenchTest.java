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
    void prints_the_floor_the_page_and_the_fresh_build() throws Exception {
        StringWriter out = new StringWriter();
        TournamentBench.run(4, 20, new PrintWriter(out, true));
        List<String> lines = out.toString().lines().toList();
        assertEquals(4, lines.size(), out.toString());
        assertEquals("epistle bench tournament: a 4-player double round robin (12 games, every other one over)", lines.get(0));
        assertTrue(lines.get(1).startsWith("bare Javalin GET / (the machine's floor)"), lines.get(1));
        assertTrue(lines.get(2).matches("crosstable page GET /tournaments/\\{id}\\s+20 requests\\s+p50\\s+[0-9.]+ ms\\s+p99\\s+[0-9.]+ ms"
                + "\\s+target p99 < 20 ms: (met|NOT met)"), lines.get(2));
        assertTrue(lines.get(3).startsWith("crosstable page built afresh, in process"), lines.get(3));
    }
}
