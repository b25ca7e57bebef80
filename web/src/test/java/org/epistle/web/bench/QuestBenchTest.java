package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Quest benchmark judges every kind of mail a Quest game brings; the figures are for people. */
class QuestBenchTest {
    @Test
    void short_and_long_segments_and_answers_are_all_judged() {
        List<QuestBench.Figures> figures = QuestBench.run(4, 60, 7L);
        StringWriter text = new StringWriter();
        QuestBench.print(figures, new PrintWriter(text));
        System.out.println(text);
        assertEquals(3, figures.size());
        for (QuestBench.Figures f : figures) {
            assertTrue(f.runs() > 0 && f.p50() > 0 && f.p50() <= f.p99() && f.p99() <= f.max(), f.toString());
        }
        assertTrue(text.toString().contains("quest: an answer"), text.toString());
    }
}
