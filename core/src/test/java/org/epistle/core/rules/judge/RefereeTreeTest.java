package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The trees of the variants without check, or with physics, against the perft table in test resources:
 * counted by {@link RefereeTree}, and by a brute-force enumerator that knows nothing of move generation.
 * It offers the referee every text "from-to" from a square holding a man of the side to move, castling both
 * ways, and each promotion piece where the referee asks for one, and counts the different positions it accepts.
 */
class RefereeTreeTest {

    @TestFactory
    Stream<DynamicTest> the_table_of_trees_without_check() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (String row : rows()) {
            String[] f = row.split(";");
            Variant variant = VariantCatalog.find(f[0]).orElseThrow();
            Ruleset rules = Ruleset.of(variant, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
            Position start = f[1].equals("start") ? Position.start(rules) : Fen.read(rules, f[1]);
            for (int i = 2; i < f.length; i++) {
                int depth = Integer.parseInt(f[i].split("=")[0]);
                long expected = Long.parseLong(f[i].split("=")[1]);
                tests.add(DynamicTest.dynamicTest(f[0] + " " + f[1] + " depth " + depth, () -> {
                    assertEquals(expected, RefereeTree.count(start, depth), "the referee's tree");
                    assertEquals(expected, bruteForce(start, depth), "every text offered to the referee");
                }));
            }
        }
        return tests.stream();
    }

    @Test
    void magnetic_chess_is_not_the_chess_tree_and_double_move_is_not_counted() {
        assertTrue(RefereeTree.whyNotTheChessTree(VariantCatalog.find("magnetic").orElseThrow()).isPresent());
        assertTrue(RefereeTree.counts(VariantCatalog.find("magnetic").orElseThrow()));
        Variant doubleMove = VariantCatalog.find("double-move").orElseThrow();
        assertTrue(RefereeTree.whyNotTheChessTree(doubleMove).isPresent(), "kings are captured in Double-Move");
        assertFalse(RefereeTree.counts(doubleMove), "its turns have two moves");
        assertTrue(RefereeTree.whyNotTheChessTree(VariantCatalog.CHESS).isEmpty());
    }

    private static long bruteForce(Position p, int depth) {
        if (depth == 0) {
            return 1;
        }
        long leaves = 0;
        for (Position child : acceptedChildren(p)) {
            leaves += bruteForce(child, depth - 1);
        }
        return leaves;
    }

    private static List<Position> acceptedChildren(Position p) {
        List<String> texts = new ArrayList<>(List.of("O-O", "O-O-O"));
        for (int from = 0; from < 64; from++) {
            Square origin = new Square(from % 8, from / 8);
            if (p.pieceAt(origin).filter(piece -> piece.side() == p.sideToMove()).isEmpty()) {
                continue;  // only a man of the side to move can be written as moving: the referee says so itself
            }
            for (int to = 0; to < 64; to++) {
                if (from != to) {
                    texts.add(new Square(from % 8, from / 8).name() + "-" + new Square(to % 8, to / 8).name());
                }
            }
        }
        List<Position> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String text : texts) {
            Verdict v = Referee.judge(p, text);
            List<Verdict> verdicts = new ArrayList<>(List.of(v));
            if (v instanceof Verdict.Rejected r && r.why().reason() == Reason.PROMOTION_PIECE_MISSING) {
                verdicts.clear();
                for (String piece : List.of("Q", "R", "B", "N")) {
                    verdicts.add(Referee.judge(p, text + "=" + piece));
                }
            }
            for (Verdict each : verdicts) {
                if (each instanceof Verdict.Accepted a && seen.add(text + " " + Fen.write(a.position()))) {
                    out.add(a.position());
                }
            }
        }
        return out;
    }

    private static List<String> rows() throws IOException {
        try (InputStream in = RefereeTreeTest.class.getResourceAsStream("/perft/no-check.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).map(String::trim).toList();
        }
    }
}
