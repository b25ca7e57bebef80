package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.SplittableRandom;
import org.epistle.core.rules.physics.Seeded;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/**
 * Whatever a player types, in whichever game, the referee answers with a verdict, and a refusal is a
 * finished sentence. The texts mix every game's notation with the others' (Realm's placements in
 * Momentum, Quest's bracketed answers in Marseillais, Brick's united moves in Lene Hau, a field code
 * in Progressive…), since a player of one game may well write another's.
 */
class EveryVariantAnswersAnyTextTest {
    private static final String[] PARTS = {"e4", "e2-e4", "exd5", "Nf3", "Ng1-f3", "Qxf7+", "O-O", "O-O-O", "0-0", "e8=Q",
        "b1(Q)", "Ke1=f1", "Ra1-a4&Nb1-b4", "[Nxe5]", "[decline]", "pass", "decline", "e4(RRAA)", "Bxd4=R", "e6-e6",
        "(fhNrlbK)c8-d6", "e4:e6", "Kh7-g8", "a9", "z1-z2", "Qh2xh5", "#3", "3.", "...", "x", "=", "&", "[", "]", "(", ")",
        "\u2654e2", "e2\u2013e4", "", " ", "Ke1=e1", "P@e4", "Nbd7", "N1f3"};
    private static final String[] JOINS = {", ", "/", " ", ",", "; ", " / "};

    @Test
    void any_text_in_any_variant_gets_a_verdict_and_a_refusal_reads_as_a_sentence() {
        SplittableRandom random = new SplittableRandom(2026);
        for (Variant variant : VariantCatalog.all()) {
            Position opening = Seeded.start(Ruleset.of(variant, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES), 7L);
            for (Position start : java.util.List.of(opening, aFewTurnsOn(opening))) {
                for (int t = 0; t < 80; t++) {
                    answersWithASentence(variant, start, randomText(random));
                }
            }
        }
    }

    private static String randomText(SplittableRandom random) {
        StringBuilder text = new StringBuilder();
        int parts = 1 + random.nextInt(5);
        for (int k = 0; k < parts; k++) {
            text.append(k == 0 ? "" : JOINS[random.nextInt(JOINS.length)]).append(PARTS[random.nextInt(PARTS.length)]);
        }
        return text.toString();
    }

    private static void answersWithASentence(Variant variant, Position start, String turn) {
        Verdict verdict;
        try {
            verdict = Referee.judge(start, turn);
        } catch (RuntimeException e) {
            throw new AssertionError(variant.key() + ": \"" + turn + "\" threw " + e, e);
        }
        assertNotNull(verdict, variant.key() + ": " + turn);
        if (verdict instanceof Verdict.Rejected r) {
            String sentence = r.why().fullText();
            assertFalse(sentence.contains("{") || sentence.contains("null"), () -> variant.key() + ": \"" + turn + "\" -> " + sentence);
        }
    }

    /** The position after a few ordinary opening turns, where the game accepts them (pieces travelling, in motion, …). */
    private static Position aFewTurnsOn(Position p) {
        for (String[] choices : new String[][] {{"e2-e4", "e4", "e3"}, {"e7-e5", "e5", "d5", "e6"}, {"g1-f3", "Nf3", "d4"},
            {"b8-c6", "Nc6", "Nf6"}}) {
            for (String turn : choices) {
                if (!p.isOver() && Referee.judge(p, turn) instanceof Verdict.Accepted a) {
                    p = a.position();
                    break;
                }
            }
        }
        return p;
    }
}
