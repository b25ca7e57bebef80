package org.epistle.core.rules.move;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.TurnSchedule;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The square-set counter against the mailbox generator it stands in for: from positions reached by
 * random games of every army pairing and of every one-move-a-turn variant on the armies' board, both
 * count the same tree, leaf for leaf, with the last ply counted in bulk and with every leaf made.
 */
class SquareSetPerftTest {
    private static final int GAMES = 12;

    @TestFactory
    Stream<DynamicTest> every_army_pairing_counts_as_the_mailbox_generator_does() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Army white : Armies.ALL) {
            for (Army black : Armies.ALL) {
                Ruleset rules = new Ruleset(VariantCatalog.CHESS, white, black);
                tests.add(DynamicTest.dynamicTest(white.key() + " v " + black.key(), () -> randomGamesAgree(rules, 7L)));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> every_one_move_variant_counts_as_the_mailbox_generator_does() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Variant v : VariantCatalog.all()) {
            if (!(v.schedule() instanceof TurnSchedule.Fixed f) || f.moves() != 1 || v.geometry().files() != 8) {
                continue;
            }
            Ruleset rules = new Ruleset(v, Armies.FABULOUS_FIDES, Armies.NUTTY_KNIGHTS);
            tests.add(DynamicTest.dynamicTest(v.key(), () -> randomGamesAgree(rules, 11L)));
        }
        return tests.stream();
    }

    @Test
    void given_kiwipete_when_counted_by_square_sets_then_the_published_counts_come_out() {
        Ruleset fide = new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        Position p = Fen.read(fide, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        assertNotNull(BitPerft.of(p.workboard()), "kiwipete is counted on square sets");
        BitTables sets = Tables.of(fide).bits();
        assertTrue(sets.fidePawns[0] && sets.fidePawns[1], "FIDE pawns move as a set");
        assertEquals(2, sets.lineRiders[1][BitTables.DIAGONAL].length, "bishop and queen ride the diagonals both ways");
        assertEquals(4085603L, new Perft(p.workboard(), true).count(4));
        assertEquals(97862L, new Perft(p.workboard(), false).count(3));
    }

    @Test
    void given_a_side_that_could_take_the_king_then_the_mailbox_generator_counts() {
        Ruleset fide = new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        // Black's king stands in check with White to move: a king capture is in the tree
        Position p = Fen.read(fide, "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1");
        Workboard b = p.workboard();
        assertNull(BitPerft.of(b), "the square sets leave a takeable king to the mailbox generator");
        assertEquals(new Perft(b, true).countByMailbox(2), new Perft(b, true).count(2));
    }

    private static void randomGamesAgree(Ruleset rules, long seed) {
        Random random = new Random(seed);
        int fast = 0;
        for (int game = 0; game < GAMES; game++) {
            Workboard b = Position.start(rules).workboard();
            int plies = 4 + random.nextInt(90);
            int[] moves = new int[MoveGenerator.MAX_MOVES];
            for (int ply = 0; ply < plies; ply++) {
                int n = MoveGenerator.legal(b, moves);
                if (n == 0) {
                    break;
                }
                b.make(moves[random.nextInt(n)], true);
            }
            if (BitPerft.of(b) != null) {
                fast++;
            }
            int depth = game % 3 == 0 ? 3 : 2;
            String where = "game " + game + " after " + plies + " plies";
            assertEquals(new Perft(b, true).countByMailbox(depth), new Perft(b, true).count(depth), where + ", bulk");
            assertEquals(new Perft(b, false).countByMailbox(2), new Perft(b, false).count(2), where + ", every leaf made");
        }
        assertTrue(fast > 0, "some of the positions are counted on square sets");
    }
}
