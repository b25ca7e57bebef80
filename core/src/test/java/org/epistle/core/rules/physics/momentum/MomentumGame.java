package org.epistle.core.rules.physics.momentum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.Map;
import java.util.TreeMap;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Physics;
import org.epistle.core.rules.position.Physics.Motion;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;

/** Test language for Momentum Chess: given a position (and pieces in motion), when a player sends a turn, then… */
final class MomentumGame {
    private Position position;

    private MomentumGame(Position position) {
        this.position = position;
    }

    static MomentumGame start() {
        return armies(Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
    }

    static MomentumGame armies(Army white, Army black) {
        return new MomentumGame(Position.start(Ruleset.of(VariantCatalog.MOMENTUM, white, black)));
    }

    static MomentumGame position(String fen) {
        return new MomentumGame(Fen.read(Ruleset.of(VariantCatalog.MOMENTUM, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES), fen));
    }

    /** Sets a piece in motion, as if it had moved by (dx, dy) in its owner's last turn. */
    MomentumGame moving(String square, int dx, int dy) {
        Map<Square, Motion> m = new TreeMap<>(java.util.Comparator.comparing(Square::name));
        m.putAll(position.physics().motions());
        m.put(Square.of(square), new Motion(dx, dy, false));
        position = position.withPhysics(new Physics(m, position.physics().travellers(), position.physics().energy()));
        return this;
    }

    MomentumGame after(String... turns) {
        for (String t : turns) {
            accepts(t);
        }
        return this;
    }

    Position position() {
        return position;
    }

    Verdict.Accepted accepts(String turn) {
        Verdict v = Referee.judge(position, turn);
        if (v instanceof Verdict.Rejected r) {
            throw new AssertionError("\"" + turn + "\" was refused: " + r.why().fullText() + "\nin " + position + " " + position.physics());
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
}
