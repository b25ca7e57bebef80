package org.epistle.core.rules.physics;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;

/** Test language for the physics variants: a position, turns judged by the referee, the answers. */
public final class Play {
    private Position position;

    private Play(Position position) {
        this.position = position;
    }

    public static Play from(Variant variant, String fen) {
        Ruleset rules = Ruleset.of(variant, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        return new Play(fen == null ? Position.start(rules) : Fen.read(rules, fen));
    }

    /** Play on from a position built by a test. */
    public static Play at(Position position) {
        return new Play(position);
    }

    public Verdict.Accepted accepts(String turn) {
        Verdict v = Referee.judge(position, turn);
        if (v instanceof Verdict.Rejected r) {
            throw new AssertionError("\"" + turn + "\" was refused: " + r.why().fullText());
        }
        Verdict.Accepted a = (Verdict.Accepted) v;
        position = a.position();
        return a;
    }

    public Play after(String... turns) {
        for (String t : turns) {
            accepts(t);
        }
        return this;
    }

    public Verdict.Rejected refuses(String turn) {
        return assertInstanceOf(Verdict.Rejected.class, Referee.judge(position, turn), () -> "\"" + turn + "\" was accepted");
    }

    public Position position() {
        return position;
    }

    /** The board part of the FEN, the quickest way to compare whole positions. */
    public String board() {
        return Fen.write(position).split(" ")[0];
    }
}
