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

    /** The digest of the referee's answers is what a speed change is checked against, so the same run gives the same one. */
    @Test
    void the_same_games_give_the_same_digest_of_answers_and_each_variant_its_own() {
        List<org.epistle.core.rules.variant.Variant> two = List.of(org.epistle.core.rules.variant.PhysicsVariants.PROGRESSIVE_LENE_HAU,
                org.epistle.core.rules.variant.PhysicsVariants.LENE_HAU);
        List<String> first = PhysicsTurnBench.run(two, 2, 12, 7L).stream().map(PhysicsTurnBench.Figures::digestHex).toList();
        List<String> again = PhysicsTurnBench.run(two, 2, 12, 7L).stream().map(PhysicsTurnBench.Figures::digestHex).toList();
        assertEquals(first, again);
        assertTrue(!first.get(0).equals(first.get(1)) && first.get(0).matches("[0-9a-f]{16}"), first.toString());
    }
}
