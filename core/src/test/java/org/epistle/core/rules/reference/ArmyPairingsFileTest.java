package org.epistle.core.rules.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * Keeps {@code perft/army-pairings.txt} honest: its depth-1 and depth-2 columns must equal what
 * the reference generator computes (deeper columns were computed once by
 * {@link ArmyPairingsMain}), and its depth-1 column must equal the hand counts.
 */
class ArmyPairingsFileTest {

    /** Depth 1 of each army's start array as White, counted by hand (see the file's comments). */
    private static final Map<String, Long> HAND_COUNTED_DEPTH_1 = Map.of(
            "fabulous-fides", 20L,
            "colorbound-clobberers", 28L,
            "nutty-knights", 26L,
            "remarkable-rookies", 24L,
            "forward-fides", 20L);

    @Test
    void fileMatchesReferenceGeneratorAtDepthsOneAndTwo() throws IOException {
        List<String> lines = ReferenceGeneratorTest.readResource("/perft/army-pairings.txt");
        assertEquals(25, lines.size(), "one line per pairing");
        Set<String> seen = new HashSet<>();
        for (String line : lines) {
            String[] f = line.split("\\s+");
            assertEquals(6, f.length, line);
            String white = f[0];
            String black = f[1];
            assertTrue(seen.add(white + " " + black), "duplicate pairing " + line);
            RefPosition start = RefPosition.startPosition(white, black);
            long d1 = Long.parseLong(f[2]);
            long d2 = Long.parseLong(f[3]);
            assertEquals(HAND_COUNTED_DEPTH_1.get(white), d1, "hand count, " + line);
            assertEquals(RefPerft.perft(start, 1), d1, "depth 1, " + line);
            assertEquals(RefPerft.perft(start, 2), d2, "depth 2, " + line);
            assertEquals(d1 * HAND_COUNTED_DEPTH_1.get(black), d2, "no interaction within 2 plies, " + line);
            // deeper counts must at least grow
            assertTrue(Long.parseLong(f[4]) > d2 && Long.parseLong(f[5]) > Long.parseLong(f[4]), line);
        }
        for (String w : RefArmies.names()) {
            for (String b : RefArmies.names()) {
                assertTrue(seen.contains(w + " " + b), "missing pairing " + w + " " + b);
            }
        }
    }
}
