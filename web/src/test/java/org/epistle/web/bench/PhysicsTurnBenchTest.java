package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The turn benchmark runs every physics variant and prints a line for each; the figures themselves are for people. */
class PhysicsTurnBenchTest {
    @Test
    void every_physics_variant_gets_a_line_of_figures() {
        int games = Integer.getInteger("turnbench.games", 3);
        List<PhysicsTurnBench.Figures> figures = PhysicsTurnBench.run(PhysicsTurnBench.physicsVariants(), games, 40, 7L);
        StringWriter text = new StringWriter();
        PhysicsTurnBench.print(figures, new PrintWriter(text));
        System.out.println(text);
        assertEquals(PhysicsTurnBench.physicsVariants().size(), figures.size());
        for (PhysicsTurnBench.Figures f : figures) {
            assertTrue(f.turns() > games, f.toString());
            assertTrue(f.p50() > 0 && f.p50() <= f.p99() && f.p99() <= f.max(), f.toString());
        }
        assertTrue(text.toString().contains("particle-collision "), text.toString());
    }
}
