package org.epistle.core.rules.move;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The move generator against the perft tables in test resources: the published Chess Programming
 * Wiki counts, and the army pairings counted by the independent reference generator.
 */
class PerftTest {
    /** Deeper counts are left to 'epistle perft' by hand; this keeps the suite fast. */
    private static final long MAX_NODES_IN_TEST = 5_000_000;

    private static List<String> rows(String resource) throws IOException {
        try (InputStream in = PerftTest.class.getResourceAsStream(resource)) {
            List<String> out = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    out.add(line.trim());
                }
            }
            return out;
        }
    }

    @TestFactory
    Stream<DynamicTest> published_fide_counts() throws IOException {
        Ruleset fide = new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        List<DynamicTest> tests = new ArrayList<>();
        for (String row : rows("/perft/fide.txt")) {
            String[] f = row.split(";");
            for (int i = 2; i < f.length; i++) {
                int depth = Integer.parseInt(f[i].split("=")[0]);
                long expected = Long.parseLong(f[i].split("=")[1]);
                if (expected > MAX_NODES_IN_TEST) {
                    continue;
                }
                Position p = Fen.read(fide, f[1]);
                tests.add(DynamicTest.dynamicTest(f[0] + " depth " + depth, () -> {
                    assertEquals(expected, new Perft(p.workboard(), true).count(depth));
                    if (expected < 200_000) {
                        assertEquals(expected, new Perft(p.workboard(), false).count(depth), "every leaf made");
                    }
                }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> every_army_pairing_from_the_start() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (String row : rows("/perft/army-pairings.txt")) {
            String[] f = row.split("\\s+");
            Army white = Armies.byKey(f[0]).orElseThrow();
            Army black = Armies.byKey(f[1]).orElseThrow();
            tests.add(DynamicTest.dynamicTest(f[0] + " v " + f[1], () -> {
                Position start = Position.start(new Ruleset(VariantCatalog.CHESS, white, black));
                for (int depth = 1; depth <= 4; depth++) {
                    assertEquals(Long.parseLong(f[1 + depth]), new Perft(start.workboard(), true).count(depth), "depth " + depth);
                }
            }));
        }
        return tests.stream();
    }
}
