package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The clock bench runs small and prints its figures; the figures themselves are for a person to judge. */
class ClockBenchTest {

    @Test void the_scan_uses_the_index_and_finds_the_jobs_due() throws Exception {
        StringWriter text = new StringWriter();
        List<ClockBench.Figures> figures = ClockBench.run(new ClockBench.Options(3000, 1), new PrintWriter(text, true));
        String out = text.toString();
        assertTrue(out.contains("3000 active games, 18000 due-job rows"), out);
        assertTrue(out.toUpperCase().contains("DUE_JOBS_SCAN"), "the tick's query names its index: " + out);
        assertEquals(2, figures.size());
        int due = figures.get(1).rows();
        // about one game in a hundred has its half-time reminder due, none of the later jobs: 30 give or take
        assertTrue(due > 5 && due < 80, "jobs due: " + due);
        assertEquals(Math.min(due, 200), figures.get(0).rows());
        assertTrue(figures.get(0).samples().count() > 0);
        assertTrue(out.contains("load average (1 min):"), out);
    }
}
