package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;

/** Test language: given a position, when a player sends a turn, then the referee answers. */
final class Given {
    private Position position;

    private Given(Position position) {
        this.position = position;
    }

    static Given chess(String fen) {
        return game(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES, fen);
    }

    static Given marseillais(String fen) {
        return game(VariantCatalog.MARSEILLAIS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES, fen);
    }

    static Given of(Variant variant, String fen) {
        return game(variant, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES, fen);
    }

    static Given of(String variantKey) {
        return of(VariantCatalog.find(variantKey).orElseThrow(), null);
    }

    static Given of(String variantKey, String fen) {
        return of(VariantCatalog.find(variantKey).orElseThrow(), fen);
    }

    static Given game(Variant variant, Army white, Army black, String fen) {
        Ruleset rules = new Ruleset(variant, white, black);
        return new Given(fen == null ? Position.start(rules) : Fen.read(rules, fen));
    }

    /** Plays turns that must be accepted, to reach the position under test. */
    Given after(String... turns) {
        for (String t : turns) {
            Verdict v = Referee.judge(position, t);
            if (v instanceof Verdict.Rejected r) {
                throw new AssertionError("setting up, \"" + t + "\" was refused: " + r.why().fullText());
            }
            position = ((Verdict.Accepted) v).position();
        }
        return this;
    }

    Position position() {
        return position;
    }

    Verdict.Accepted accepts(String turn) {
        Verdict v = Referee.judge(position, turn);
        if (v instanceof Verdict.Rejected r) {
            throw new AssertionError("\"" + turn + "\" was refused: " + r.why().fullText());
        }
        Verdict.Accepted a = (Verdict.Accepted) v;
        position = a.position();
        return a;
    }

    Illegality refuses(String turn, Reason reason) {
        Verdict v = Referee.judge(position, turn);
        Verdict.Rejected r = assertInstanceOf(Verdict.Rejected.class, v, () -> "\"" + turn + "\" was accepted");
        assertEquals(reason, r.why().reason(), () -> r.why().fullText());
        return r.why();
    }

    void refuses(String turn, Reason reason, String explanation) {
        assertEquals(explanation, refuses(turn, reason).explanation());
    }
}
