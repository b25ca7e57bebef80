package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Realm benchmark judges turns of every realm variant and times the end-of-game search; the figures are for people. */
class RealmBenchTest {
    @Test
    void every_realm_variant_and_every_search_sample_gets_a_line() {
        List<RealmBench.Figures> figures = RealmBench.run(2, 30, 7L);
        StringWriter text = new StringWriter();
        RealmBench.print(figures, new PrintWriter(text));
        System.out.println(text);
        assertEquals(3 + 6, figures.size());
        for (RealmBench.Figures f : figures) {
            assertTrue(f.runs() > 0 && f.p50() > 0 && f.p50() <= f.p99() && f.p99() <= f.max(), f.toString());
            assertEquals(0, f.cutShort(), "no sample needs the whole budget: " + f);
        }
        assertTrue(text.toString().contains("power-realm: Scholar's mate"), text.toString());
    }
}
