package org.epistle.core.rules.physics.magnetism;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.epistle.core.rules.diagram.TextDiagram;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.physics.Play;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.PhysicsVariants;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.piece.Armies;
import org.junit.jupiter.api.Test;

/** The dynamic forms of the Magnetic family: who or what sets the field code of each move. */
class DynamicFieldTest {
    /** A white rook lands on d1 under a black knight on d5; kings off its lines. */
    private static final String ROOK_AND_KNIGHT = "k7/8/8/3n4/8/8/8/R6K w - - 0 1";

    @Test
    void the_mover_names_the_field_of_his_own_move() {
        Play attract = Play.from(PhysicsVariants.MAGNETIC_MOVER_CHOICE, ROOK_AND_KNIGHT);
        assertEquals("Rd1(RAAR)", attract.accepts("Rd1(RAAR)").notation());
        assertEquals("k7/8/8/8/8/8/3n4/3R3K", attract.board());
        Play repel = Play.from(PhysicsVariants.MAGNETIC_MOVER_CHOICE, ROOK_AND_KNIGHT);
        repel.accepts("Rd1(RRAA)");
        assertEquals("k2n4/8/8/8/8/8/8/3R3K", repel.board());
        var missing = Play.from(PhysicsVariants.MAGNETIC_MOVER_CHOICE, ROOK_AND_KNIGHT).refuses("Rd1").why();
        assertEquals(Reason.FIELD_CODE_MISSING, missing.reason());
        assertEquals("Write it like this: Rd1(RAAR).", missing.hint());
    }

    @Test
    void the_mover_names_the_field_of_his_opponents_reply() {
        // the first move is Magnetic; White names AAAA for Black's reply, whose rook then pulls its own knight
        Play game = Play.from(PhysicsVariants.MAGNETIC_OPPONENT_CHOICE, "k6r/8/8/3n4/4n3/8/8/R6K w - - 0 1");
        assertTrue(TextDiagram.render(game.position()).contains("Field:\n  White's next move: RAAR (Magnetic, to begin)"));
        game.accepts("Rd1(AAAA)");
        assertEquals("k6r/8/8/8/4n3/8/3n4/3R3K", game.board(), "RAAR: the white rook pulls the black knight");
        assertTrue(TextDiagram.render(game.position()).contains("Field:\n  Black's next move: AAAA (named by White)"),
                TextDiagram.render(game.position()));
        game.accepts("Re8(NNNN)");
        assertEquals("k3r3/4n3/8/8/8/8/3n4/3R3K", game.board(), "AAAA: Black's rook pulls its own knight e4-e7");
        assertEquals(Reason.FIELD_CODE_MISSING, game.refuses("Ra1").why().reason());
        game.accepts("Ra1(RRRR)");
        assertEquals("k3r3/4n3/8/8/8/8/3n4/R6K", game.board(), "NNNN: the knight on d2 stays where it is");
    }

    @Test
    void the_cyclic_field_changes_every_turn_aaaa_arra_rrrr_raar() {
        assertEquals("AAAA ARRA RRRR RAAR", String.join(" ", DynamicMagnetism.CYCLE.stream().map(FieldCode::toString).toList()));
        Play game = Play.from(PhysicsVariants.MAGNETIC_CYCLIC, ROOK_AND_KNIGHT);
        assertTrue(TextDiagram.render(game.position()).contains("Field:\n  turn 1: AAAA\n"));
        game.accepts("Rd1");
        assertEquals("k7/8/8/8/8/8/3n4/3R3K", game.board(), "turn 1, AAAA: pulled");
        game.accepts("Kb8");
        assertTrue(TextDiagram.render(game.position()).contains("Field:\n  turn 2: ARRA\n"));
        game.accepts("Re1");
        assertEquals("1k6/8/8/8/8/8/3n4/4R2K", game.board(), "nothing on the e-file or the first rank");
        game.accepts("Ka8");
        game.accepts("Rd1");
        assertEquals("k2n4/8/8/8/8/8/8/3R3K", game.board(), "turn 3, RRRR: the knight is pushed to the edge");
    }

    @Test
    void the_random_field_is_drawn_per_turn_from_the_games_seed() {
        Ruleset rules = Ruleset.of(PhysicsVariants.MAGNETIC_RANDOM, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        Position seeded = DynamicMagnetism.seededStart(Position.start(rules), 42L);
        DynamicMagnetism rule = PhysicsVariants.MAGNETIC_RANDOM.physics(DynamicMagnetism.class).orElseThrow();
        FieldCode first = rule.codeInForce(seeded).orElseThrow();
        assertEquals(first, rule.codeInForce(DynamicMagnetism.seededStart(Position.start(rules), 42L)).orElseThrow(), "the same seed, the same code");
        assertTrue(TextDiagram.render(seeded).contains("Field:\n  turn 1: " + first + "\n"));
        Set<FieldCode> seen = new HashSet<>();
        for (int turn = 1; turn <= 40; turn++) {
            seen.add(DynamicMagnetism.drawn(42L, turn));
        }
        assertTrue(seen.size() > 20, "the codes vary from turn to turn: " + seen);
        assertNotEquals(DynamicMagnetism.drawn(42L, 1).toString() + DynamicMagnetism.drawn(42L, 2),
                DynamicMagnetism.drawn(43L, 1).toString() + DynamicMagnetism.drawn(43L, 2), "another seed, other codes");
        Play game = Play.at(seeded);
        game.accepts("e4");
        assertEquals(seeded.physics().notes(), game.position().physics().notes(), "the seed stays with the game");
    }
}
